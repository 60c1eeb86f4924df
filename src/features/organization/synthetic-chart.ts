import type { ChartNode, OrgChart } from './types';

/**
 * A made-up chart of `members` people and agents in `teams` teams, `depth` levels of managers deep,
 * for tests and measurements (never shipped: nothing in the app imports it). Deterministic.
 */
export function syntheticChart({ members = 5000, teams = 300, depth = 8 } = {}): OrgChart {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  let next = 1;
  const humans: OrgChart['humans'] = [];
  const agents: OrgChart['agents'] = [];
  const teamList: OrgChart['teams'] = [];
  const node = (kind: ChartNode['kind'], name: string, role: string, teamId: string | null): ChartNode => {
    const nodeId = id(next++);
    return { key: `${kind}:${nodeId}`, kind, id: nodeId, name, role, children: [], teamId, memberCount: 0 };
  };
  const root = node('human', 'Ada Root', 'Chief Executive Officer', null);
  humans.push({ id: root.id, name: root.name, title: root.role, teamId: null, managerUserId: null });
  let count = 1;
  // Managers level by level until there are enough people; each level's managers lead teams.
  let level: ChartNode[] = [root];
  for (let d = 1; d < depth && count < members; d++) {
    const nextLevel: ChartNode[] = [];
    for (const manager of level) {
      const reports = 2 + Math.floor(random() * 4);
      let parent = manager;
      if (teamList.length < teams && d < depth - 1) {
        const team = node('team', `Team ${teamList.length + 1}`, '', null);
        team.teamId = team.id;
        teamList.push({
          id: team.id,
          version: 1,
          name: team.name,
          parentId: null,
          lead: { kind: 'human', id: manager.id },
        });
        manager.children.push(team);
        parent = team;
      }
      for (let r = 0; r < reports && count < members; r++, count++) {
        const agent = random() < 0.15;
        const child = node(
          agent ? 'agent' : 'human',
          `${agent ? 'Agent' : 'Person'} ${count}`,
          agent ? 'Assistant' : 'Engineer',
          parent.kind === 'team' ? parent.id : manager.teamId,
        );
        parent.children.push(child);
        if (agent)
          agents.push({
            id: child.id,
            name: child.name,
            role: child.role,
            teamId: child.teamId,
            manager: { kind: 'human', id: manager.id },
          });
        else {
          humans.push({
            id: child.id,
            name: child.name,
            title: child.role,
            teamId: child.teamId,
            managerUserId: manager.id,
          });
          nextLevel.push(child);
        }
      }
    }
    if (!nextLevel.length) break;
    level = nextLevel;
  }
  // Whoever is left reports to the last level's managers, round robin.
  for (let i = 0; count < members; i++, count++) {
    const manager = level[i % level.length]!;
    const child = node('human', `Person ${count}`, 'Analyst', manager.teamId);
    manager.children.push(child);
    humans.push({ id: child.id, name: child.name, title: child.role, teamId: child.teamId, managerUserId: manager.id });
  }
  const countBelow = (chartNode: ChartNode): number => {
    let total = 0;
    for (const child of chartNode.children) total += (child.kind === 'team' ? 0 : 1) + countBelow(child);
    chartNode.memberCount = total;
    return total;
  };
  countBelow(root);
  return {
    rootHumanId: root.id,
    tree: { roots: [root], loose: [] },
    issues: [],
    teams: teamList,
    agents,
    humans,
    canEdit: true,
  };
}
