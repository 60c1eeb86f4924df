import type { ChartNode, MemberRef, OrgAgent, OrgChart, OrgHuman, OrgTeam } from './types';

/** Lookups over one chart, built once per chart (the dialogs and the panel ask many times). */
export type ChartIndex = {
  humans: Map<string, OrgHuman>;
  agents: Map<string, OrgAgent>;
  teams: Map<string, OrgTeam>;
};

const indexes = new WeakMap<OrgChart, ChartIndex>();

export function chartIndex(chart: OrgChart): ChartIndex {
  let index = indexes.get(chart);
  if (!index) {
    index = {
      humans: new Map(chart.humans.map((human) => [human.id, human])),
      agents: new Map(chart.agents.map((agent) => [agent.id, agent])),
      teams: new Map(chart.teams.map((team) => [team.id, team])),
    };
    indexes.set(chart, index);
  }
  return index;
}

/** A person's or agent's name; "someone who left" when the id is not in the company. */
export function memberName(chart: OrgChart, ref: MemberRef | null | undefined): string {
  if (!ref) return 'nobody';
  const index = chartIndex(chart);
  const found = ref.kind === 'human' ? index.humans.get(ref.id) : index.agents.get(ref.id);
  return found?.name ?? 'someone who left';
}

export function teamName(chart: OrgChart, teamId: string | null | undefined): string {
  if (!teamId) return 'no team';
  return chartIndex(chart).teams.get(teamId)?.name ?? 'a team that no longer exists';
}

/** The manager of a person or agent, as a reference. */
export function managerOf(chart: OrgChart, member: MemberRef): MemberRef | null {
  const index = chartIndex(chart);
  if (member.kind === 'human') {
    const managerUserId = index.humans.get(member.id)?.managerUserId;
    return managerUserId ? { kind: 'human', id: managerUserId } : null;
  }
  return index.agents.get(member.id)?.manager ?? null;
}

export function teamOf(chart: OrgChart, member: MemberRef): string | null {
  const index = chartIndex(chart);
  return (member.kind === 'human' ? index.humans.get(member.id)?.teamId : index.agents.get(member.id)?.teamId) ?? null;
}

const sameRef = (a: MemberRef | null | undefined, b: MemberRef | null | undefined) =>
  Boolean(a && b && a.kind === b.kind && a.id === b.id);
export { sameRef };

/**
 * Who answers for an agent, as the server decides it: the member responsible for it, or else the
 * lead of its team (an agent inherits its team's lead). Null when neither exists.
 */
export function effectiveManager(chart: OrgChart, agentId: string): MemberRef | null {
  const index = chartIndex(chart);
  const agent = index.agents.get(agentId);
  if (!agent) return null;
  const exists = (ref: MemberRef) => (ref.kind === 'human' ? index.humans.has(ref.id) : index.agents.has(ref.id));
  const own = agent.manager;
  if (own && exists(own) && !(own.kind === 'agent' && own.id === agentId)) return own;
  const lead = agent.teamId ? index.teams.get(agent.teamId)?.lead : null;
  if (lead && exists(lead) && !(lead.kind === 'agent' && lead.id === agentId)) return lead;
  return null;
}

/**
 * Whether an agent's chain of responsibility reaches a person (an agent lead or manager needs one:
 * the server answers 409 ORG_NO_HUMAN_MANAGER otherwise).
 */
export function reachesHuman(chart: OrgChart, agentId: string): boolean {
  const seen = new Set<string>();
  let current: string | null = agentId;
  while (current && !seen.has(current)) {
    seen.add(current);
    const manager = effectiveManager(chart, current);
    if (!manager) return false;
    if (manager.kind === 'human') return true;
    current = manager.id;
  }
  return false;
}

/**
 * The nodes drawn below a member on the chart (its reports, the teams it leads and their members,
 * …): making one of them its manager would make a loop.
 */
export function reportsBelow(chart: OrgChart, member: MemberRef): Set<string> {
  const node = findPath(chart, `${member.kind}:${member.id}`)?.at(-1);
  const below = new Set<string>();
  const stack = [...(node?.children ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    below.add(next.key);
    stack.push(...next.children);
  }
  return below;
}

/** A team and every team nested in it, by `parentId`. */
export function teamAndDescendants(chart: OrgChart, teamId: string): Set<string> {
  const found = new Set([teamId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const team of chart.teams)
      if (team.parentId && found.has(team.parentId) && !found.has(team.id)) {
        found.add(team.id);
        grew = true;
      }
  }
  return found;
}

/** The people and agents in a team (by their team, not by where the chart draws them). */
export function teamMembers(chart: OrgChart, teamId: string): { humans: OrgHuman[]; agents: OrgAgent[] } {
  return {
    humans: chart.humans.filter((human) => human.teamId === teamId),
    agents: chart.agents.filter((agent) => agent.teamId === teamId),
  };
}

/** The node with `key` and the nodes above it, top first; null when it is not in the chart. */
export function findPath(chart: OrgChart, key: string): ChartNode[] | null {
  for (const roots of [chart.tree.roots, chart.tree.loose]) {
    const stack: { node: ChartNode; path: ChartNode[] }[] = roots.map((node) => ({ node, path: [node] }));
    while (stack.length > 0) {
      const { node, path } = stack.pop()!;
      if (node.key === key) return path;
      for (const child of node.children) stack.push({ node: child, path: [...path, child] });
    }
  }
  return null;
}

/** How many people and agents hang below a node. */
export function countBelow(node: ChartNode): { people: number; agents: number } {
  let people = 0;
  let agents = 0;
  const stack = [...node.children];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.kind === 'human') people++;
    else if (next.kind === 'agent') agents++;
    stack.push(...next.children);
  }
  return { people, agents };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 people and 1 agent", "1 person", "2 agents". */
export function describeCount({ people, agents }: { people: number; agents: number }): string {
  const parts = [];
  if (people > 0) parts.push(plural(people, 'person', 'people'));
  if (agents > 0) parts.push(plural(agents, 'agent', 'agents'));
  return parts.join(' and ') || 'nobody';
}

/**
 * The sentence a move that carries a subtree asks to confirm ("Moving Linus Berg also moves the 6
 * people under them."); null when nothing hangs below the member.
 */
export function subtreeNotice(chart: OrgChart, member: MemberRef): string | null {
  const path = findPath(chart, `${member.kind}:${member.id}`);
  const node = path?.at(-1);
  if (!node) return null;
  const below = countBelow(node);
  if (below.people + below.agents === 0) return null;
  return `Moving ${node.name} also moves the ${describeCount(below)} under them.`;
}
