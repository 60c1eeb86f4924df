import { describe, expect, it } from 'vitest';
import {
  buildChart,
  type ChartAgent,
  type ChartHuman,
  type ChartInput,
  type ChartNode,
  type ChartTeam,
  reachesHuman,
} from './chart.ts';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${(++n).toString().padStart(12, '0')}`;
const company = uuid();

function human(name: string, extra: Partial<ChartHuman> = {}): ChartHuman {
  return {
    id: uuid(),
    name,
    title: '',
    teamId: null,
    managerUserId: null,
    role: 'member',
    joinedAt: new Date('2024-01-01'),
    ...extra,
  };
}
function agent(name: string, extra: Partial<ChartAgent> = {}): ChartAgent {
  return { id: uuid(), name, role: 'bot', teamId: null, managerKind: null, managerId: null, ...extra };
}
function team(name: string, extra: Partial<ChartTeam> = {}): ChartTeam {
  return { id: uuid(), name, parentId: null, leadKind: null, leadId: null, ...extra };
}
const input = (parts: Partial<ChartInput>): ChartInput => ({
  companyId: company,
  humans: [],
  agents: [],
  teams: [],
  canEdit: true,
  ...parts,
});

function all(nodes: ChartNode[]): ChartNode[] {
  return nodes.flatMap((node) => [node, ...all(node.children)]);
}
function find(nodes: ChartNode[], key: string): ChartNode | undefined {
  return all(nodes).find((node) => node.key === key);
}
/** The keys from a root down to the node. */
function pathTo(nodes: ChartNode[], key: string): string[] {
  for (const node of nodes) {
    if (node.key === key) return [key];
    const below = pathTo(node.children, key);
    if (below.length) return [node.key, ...below];
  }
  return [];
}

describe('the organization chart', () => {
  it('roots at the oldest admin by join date; null and a `no-admin` issue without admins', () => {
    const late = human('Late admin', { role: 'admin', joinedAt: new Date('2024-05-01') });
    const early = human('Early admin', { role: 'admin', joinedAt: new Date('2023-01-01') });
    const member = human('Member', { joinedAt: new Date('2020-01-01') });
    const { chart } = buildChart(input({ humans: [late, early, member] }));
    expect(chart.rootHumanId).toBe(early.id);
    expect(chart.tree.roots.map((r) => r.id)).toEqual([early.id]);
    expect(pathTo(chart.tree.roots, `human:${late.id}`)).toEqual([`human:${early.id}`, `human:${late.id}`]);

    const none = buildChart(input({ humans: [{ ...member }] })).chart;
    expect(none.rootHumanId).toBeNull();
    expect(none.tree.roots.map((r) => r.id)).toEqual([member.id]);
    expect(none.issues).toEqual([{ kind: 'no-admin', id: company }]);
  });

  it('ignores the root’s own manager', () => {
    const root = human('Root', { role: 'admin', joinedAt: new Date('2020-01-01') });
    const other = human('Other', { role: 'admin' });
    root.managerUserId = other.id;
    const { chart } = buildChart(input({ humans: [root, other] }));
    expect(chart.tree.roots.map((r) => r.id)).toEqual([root.id]);
    expect(chart.tree.loose).toEqual([]);
  });

  it('hangs a team under its lead, its members under it, and a lead-less team under the root with an issue', () => {
    const root = human('Ada', { role: 'admin' });
    const design = team('Design');
    const ops = team('Ops');
    const lead = human('Lin', { managerUserId: root.id, teamId: design.id });
    design.leadKind = 'human';
    design.leadId = lead.id;
    const member = human('Mo', { teamId: design.id, managerUserId: lead.id });
    const loner = human('Lu', { teamId: ops.id });
    const { chart } = buildChart(input({ humans: [root, lead, member, loner], teams: [design, ops] }));
    expect(pathTo(chart.tree.roots, `human:${member.id}`)).toEqual([
      `human:${root.id}`,
      `human:${lead.id}`,
      `team:${design.id}`,
      `human:${member.id}`,
    ]);
    expect(pathTo(chart.tree.roots, `human:${loner.id}`)).toEqual([
      `human:${root.id}`,
      `team:${ops.id}`,
      `human:${loner.id}`,
    ]);
    expect(chart.issues).toEqual([{ kind: 'team-lead', id: ops.id }]);
    // Counts: people and agents below, teams not counted.
    expect(find(chart.tree.roots, `human:${root.id}`)!.memberCount).toBe(3);
    expect(find(chart.tree.roots, `team:${design.id}`)!.memberCount).toBe(1);
    // Children: teams first, then people.
    expect(find(chart.tree.roots, `human:${root.id}`)!.children.map((c) => c.kind)).toEqual(['team', 'human']);
  });

  it('puts a team whose lead left in tree.loose with `team-lead-missing`', () => {
    const root = human('Ada', { role: 'admin' });
    const orphan = team('Orphans', { leadKind: 'human', leadId: uuid() });
    const member = human('Mo', { teamId: orphan.id });
    const { chart } = buildChart(input({ humans: [root, member], teams: [orphan] }));
    expect(chart.tree.loose.map((node) => node.key)).toEqual([`team:${orphan.id}`]);
    expect(chart.tree.loose[0]!.children.map((c) => c.id)).toEqual([member.id]);
    expect(chart.issues).toEqual([{ kind: 'team-lead-missing', id: orphan.id }]);
  });

  it('places agents under their responsible member, else under their team (inheriting the lead)', () => {
    const root = human('Ada', { role: 'admin' });
    const squad = team('Squad');
    const lead = human('Lin', { managerUserId: root.id });
    squad.leadKind = 'human';
    squad.leadId = lead.id;
    const inherited = agent('Inherit', { teamId: squad.id });
    const owned = agent('Owned', { managerKind: 'human', managerId: root.id });
    const stray = agent('Stray');
    const { chart } = buildChart(input({ humans: [root, lead], agents: [inherited, owned, stray], teams: [squad] }));
    expect(pathTo(chart.tree.roots, `agent:${inherited.id}`)).toEqual([
      `human:${root.id}`,
      `human:${lead.id}`,
      `team:${squad.id}`,
      `agent:${inherited.id}`,
    ]);
    expect(pathTo(chart.tree.roots, `agent:${owned.id}`)).toEqual([`human:${root.id}`, `agent:${owned.id}`]);
    expect(chart.issues).toEqual([{ kind: 'agent-no-human', id: stray.id }]);
  });

  it('knows whether an agent’s chain of responsibility reaches a person', () => {
    const root = human('Ada', { role: 'admin' });
    const boss = agent('Boss', { managerKind: 'human', managerId: root.id });
    const worker = agent('Worker', { managerKind: 'agent', managerId: boss.id });
    const a = agent('A');
    const b = agent('B', { managerKind: 'agent', managerId: a.id });
    a.managerKind = 'agent';
    a.managerId = b.id;
    const state = { humans: [root], agents: [boss, worker, a, b], teams: [] };
    expect(reachesHuman(worker.id, state)).toBe(true);
    expect(reachesHuman(a.id, state)).toBe(false);
    expect(reachesHuman(worker.id, state, { agentId: boss.id, manager: null })).toBe(false);
    expect(buildChart(input(state)).chart.issues.map((i) => i.kind)).toEqual([
      'manager-loop',
      'agent-no-human',
      'agent-no-human',
    ]);
  });

  it('cuts a loop at its first node by key into tree.loose with `manager-loop`', () => {
    const root = human('Ada', { role: 'admin' });
    const x = human('X');
    const y = human('Y', { managerUserId: x.id });
    x.managerUserId = y.id;
    const under = human('Under', { managerUserId: y.id });
    const { chart, loops } = buildChart(input({ humans: [root, x, y, under] }));
    const top = [x, y].map((h) => `human:${h.id}`).sort()[0]!;
    expect(chart.tree.loose.map((node) => node.key)).toEqual([top]);
    expect(chart.issues).toEqual([{ kind: 'manager-loop', id: top.slice(6) }]);
    expect(loops).toHaveLength(1);
    expect(new Set(loops[0])).toEqual(new Set([`human:${x.id}`, `human:${y.id}`]));
    expect(find(chart.tree.loose, `human:${under.id}`)).toBeDefined();
  });

  it('keeps the root a root and reports `manager-loop` on it when its manager leads back to it', () => {
    const root = human('Ada', { role: 'admin' });
    const squad = team('Squad', { leadKind: 'human', leadId: root.id });
    const max = human('Max', { teamId: squad.id });
    root.managerUserId = max.id;
    const { chart, loops } = buildChart(input({ humans: [root, max], teams: [squad] }));
    expect(chart.tree.roots.map((node) => node.key)).toEqual([`human:${root.id}`]);
    expect(chart.tree.loose).toEqual([]);
    expect(loops).toEqual([[`human:${root.id}`, `human:${max.id}`, `team:${squad.id}`]]);
    expect(chart.issues).toContainEqual({ kind: 'manager-loop', id: root.id });
    // A manager who is not placed under the root (a chain into tree.loose) is no loop, and is not followed.
    const gone = team('Gone', { leadKind: 'human', leadId: uuid() });
    const away = human('Away', { teamId: gone.id });
    const alone = human('Ada', { role: 'admin', managerUserId: away.id });
    const outside = buildChart(input({ humans: [alone, away], teams: [gone] }));
    expect(outside.loops).toEqual([]);
    expect(outside.chart.tree.roots.map((node) => node.key)).toEqual([`human:${alone.id}`]);
  });

  it('flags a manager outside the team when the team has a lead, and an empty team', () => {
    const root = human('Ada', { role: 'admin' });
    const squad = team('Squad');
    const empty = team('Empty', { leadKind: 'human', leadId: root.id });
    const lead = human('Lin', { managerUserId: root.id });
    squad.leadKind = 'human';
    squad.leadId = lead.id;
    const outside = human('Out', { teamId: squad.id, managerUserId: root.id });
    const { chart } = buildChart(input({ humans: [root, lead, outside], teams: [squad, empty] }));
    expect(chart.issues).toEqual([
      { kind: 'manager-outside-team', id: outside.id },
      { kind: 'team-empty', id: empty.id },
    ]);
    // The manager places them.
    expect(pathTo(chart.tree.roots, `human:${outside.id}`)).toEqual([`human:${root.id}`, `human:${outside.id}`]);
  });

  it('places every node exactly once, whatever the data (random structures with loops and dangling ids)', () => {
    for (let round = 0; round < 30; round++) {
      const humans = Array.from({ length: 40 }, (_, i) =>
        human(`H${i}`, {
          role: i % 13 === 0 && round % 5 !== 0 ? 'admin' : 'member',
          joinedAt: new Date(2020, 0, 1 + i),
        }),
      );
      const teams = Array.from({ length: 8 }, (_, i) => team(`T${i}`));
      const agents = Array.from({ length: 15 }, (_, i) => agent(`A${i}`));
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
      for (const h of humans) {
        if (Math.random() < 0.8) h.managerUserId = pick(humans).id;
        if (Math.random() < 0.6) h.teamId = pick(teams).id;
      }
      for (const a of agents) {
        const r = Math.random();
        if (r < 0.4) Object.assign(a, { managerKind: 'human', managerId: pick(humans).id });
        else if (r < 0.7) Object.assign(a, { managerKind: 'agent', managerId: pick(agents).id });
        if (Math.random() < 0.5) a.teamId = pick(teams).id;
      }
      for (const t of teams) {
        const r = Math.random();
        if (r < 0.5) Object.assign(t, { leadKind: 'human', leadId: pick(humans).id });
        else if (r < 0.7) Object.assign(t, { leadKind: 'agent', leadId: pick(agents).id });
        else if (r < 0.8) Object.assign(t, { leadKind: 'human', leadId: uuid() });
        if (Math.random() < 0.3) t.parentId = pick(teams).id;
      }
      const { chart } = buildChart(input({ humans, agents, teams }));
      const keys = all([...chart.tree.roots, ...chart.tree.loose]).map((node) => node.key);
      const expected = [
        ...humans.map((h) => `human:${h.id}`),
        ...agents.map((a) => `agent:${a.id}`),
        ...teams.map((t) => `team:${t.id}`),
      ];
      expect(keys.length).toBe(expected.length);
      expect(new Set(keys)).toEqual(new Set(expected));
    }
  });

  it('lays out 5,000 members without recursion limits (a chain 5,000 deep)', () => {
    const root = human('Root', { role: 'admin' });
    const humans = [root];
    for (let i = 0; i < 5000; i++) humans.push(human(`P${i}`, { managerUserId: humans[humans.length - 1]!.id }));
    const { chart } = buildChart(input({ humans }));
    expect(chart.tree.roots[0]!.memberCount).toBe(5000);
  });
});
