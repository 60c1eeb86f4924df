/**
 * The organization chart, computed from the raw choices (who manages whom, who is in which team,
 * who leads it). Pure: the same rows give the same chart, nothing is stored but the choices, and
 * nothing here throws on odd data — what cannot be placed goes to `tree.loose` with an issue.
 *
 * Node kinds: `human`, `agent` and `team`; a node's `key` is `<kind>:<id>`.
 *
 * Placement, decided once (the contract repeats it):
 * 1. The root human — the oldest admin by the date they joined — is a root; their own manager is
 *    ignored.
 * 2. A team hangs under its lead; without a lead, under the root human (issue `team-lead`); with a
 *    lead who is not in the company any more, in `tree.loose` (issue `team-lead-missing`).
 * 3. A person with a manager hangs under that manager, or under their team's node when the
 *    manager is the lead of their own team. Without a manager, under their team's node; a team's
 *    lead never hangs inside their own team, but inside its parent team when it has one.
 *    Otherwise under the root human.
 * 4. An agent hangs under the member responsible for it; without one, it inherits its team's lead
 *    (so it hangs under the team's node); otherwise like a person.
 * 5. A chain of parents that loops (it can only come from data written around the API, which
 *    refuses loops) is cut at its first node by key, which goes to `tree.loose` with the rest of
 *    the loop under it (issue `manager-loop`).
 * 6. Without a root human (no admin), what would hang under it is a root itself (issue `no-admin`).
 *
 * `memberCount` is the number of people and agents below a node (teams and the node itself not
 * counted). Children come teams first, then people, then agents, each by name.
 */

export type MemberKind = 'human' | 'agent';
export type MemberRef = { kind: MemberKind; id: string };
export type ChartNodeKind = MemberKind | 'team';

export const ORG_ISSUE_KINDS = [
  'no-admin',
  'team-lead-missing',
  'team-lead',
  'manager-loop',
  'agent-no-human',
  'manager-outside-team',
  'team-empty',
] as const;
export type OrgIssueKind = (typeof ORG_ISSUE_KINDS)[number];

export type ChartHuman = {
  id: string;
  name: string;
  title: string;
  teamId: string | null;
  managerUserId: string | null;
  role: 'admin' | 'member' | null;
  joinedAt: Date | null;
};
export type ChartAgent = {
  id: string;
  name: string;
  role: string;
  teamId: string | null;
  managerKind: MemberKind | null;
  managerId: string | null;
};
export type ChartTeam = {
  id: string;
  name: string;
  parentId: string | null;
  leadKind: MemberKind | null;
  leadId: string | null;
};
export type ChartInput = {
  companyId: string;
  humans: ChartHuman[];
  agents: ChartAgent[];
  teams: ChartTeam[];
  canEdit: boolean;
};

export type ChartNode = {
  key: string;
  kind: ChartNodeKind;
  id: string;
  name: string;
  role: string;
  children: ChartNode[];
  teamId: string | null;
  memberCount: number;
};

export type OrgChart = {
  rootHumanId: string | null;
  tree: { roots: ChartNode[]; loose: ChartNode[] };
  issues: { kind: OrgIssueKind; id: string }[];
  teams: { id: string; name: string; parentId: string | null; lead: MemberRef | null }[];
  agents: { id: string; name: string; role: string; teamId: string | null; manager: MemberRef | null }[];
  humans: { id: string; name: string; title: string; teamId: string | null; managerUserId: string | null }[];
  canEdit: boolean;
};

/** What the chart's writes need besides the payload: the loops found, as paths of keys. */
export type ChartResult = { chart: OrgChart; loops: string[][] };

const ROOT = '\u0000root';
const LOOSE = '\u0000loose';

const keyOf = (kind: ChartNodeKind, id: string) => `${kind}:${id}`;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const kindOrder: Record<ChartNodeKind, number> = { team: 0, human: 1, agent: 2 };

type Entry = { kind: ChartNodeKind; id: string; name: string; role: string; teamId: string | null };

/** The oldest admin by join date (then by id, so ties are stable); null without admins. */
export function rootHumanOf(humans: ChartHuman[]): ChartHuman | null {
  let root: ChartHuman | null = null;
  for (const human of humans) {
    if (human.role !== 'admin') continue;
    if (!root) {
      root = human;
      continue;
    }
    const a = human.joinedAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const b = root.joinedAt?.getTime() ?? Number.POSITIVE_INFINITY;
    if (a < b || (a === b && human.id < root.id)) root = human;
  }
  return root;
}

/**
 * Who is responsible for an agent, in effect: the member set as its manager, or else its team's
 * lead (unless that is the agent itself). Null when neither resolves.
 */
function effectiveManager(
  agent: ChartAgent,
  exists: (ref: MemberRef) => boolean,
  teamById: Map<string, ChartTeam>,
): MemberRef | null {
  if (agent.managerKind && agent.managerId) {
    const ref = { kind: agent.managerKind, id: agent.managerId };
    if (exists(ref) && !(ref.kind === 'agent' && ref.id === agent.id)) return ref;
  }
  const team = agent.teamId ? teamById.get(agent.teamId) : undefined;
  if (team?.leadKind && team.leadId && !(team.leadKind === 'agent' && team.leadId === agent.id)) {
    const ref = { kind: team.leadKind, id: team.leadId };
    if (exists(ref)) return ref;
  }
  return null;
}

/**
 * Whether an agent's chain of responsibility (its manager, theirs, …) reaches a person. `override`
 * replaces one agent's own manager, to ask the question of a change before making it.
 */
export function reachesHuman(
  agentId: string,
  input: Pick<ChartInput, 'humans' | 'agents' | 'teams'>,
  override?: { agentId: string; manager: MemberRef | null },
): boolean {
  const humanIds = new Set(input.humans.map((h) => h.id));
  const agentById = new Map(input.agents.map((a) => [a.id, a]));
  const teamById = new Map(input.teams.map((t) => [t.id, t]));
  const exists = (ref: MemberRef) => (ref.kind === 'human' ? humanIds.has(ref.id) : agentById.has(ref.id));
  const seen = new Set<string>();
  let current: string | undefined = agentId;
  while (current && !seen.has(current)) {
    seen.add(current);
    let agent = agentById.get(current);
    if (!agent) return false;
    if (override && override.agentId === current) {
      agent = { ...agent, managerKind: override.manager?.kind ?? null, managerId: override.manager?.id ?? null };
    }
    const manager = effectiveManager(agent, exists, teamById);
    if (!manager) return false;
    if (manager.kind === 'human') return true;
    current = manager.id;
  }
  return false;
}

export function buildChart(input: ChartInput): ChartResult {
  const humanById = new Map(input.humans.map((h) => [h.id, h]));
  const agentById = new Map(input.agents.map((a) => [a.id, a]));
  const teamById = new Map(input.teams.map((t) => [t.id, t]));
  const exists = (ref: MemberRef) => (ref.kind === 'human' ? humanById.has(ref.id) : agentById.has(ref.id));
  const root = rootHumanOf(input.humans);
  const anchor = root ? keyOf('human', root.id) : ROOT;

  const issues: { kind: OrgIssueKind; id: string }[] = [];
  const entries = new Map<string, Entry>();
  const parent = new Map<string, string>();

  const isLeadOf = (team: ChartTeam | undefined, kind: MemberKind, id: string) =>
    Boolean(team && team.leadKind === kind && team.leadId === id);
  /** Where a member without a manager goes: their team, the parent team when they lead theirs, or the root. */
  const fallback = (kind: MemberKind, id: string, team: ChartTeam | undefined) => {
    if (team && !isLeadOf(team, kind, id)) return keyOf('team', team.id);
    if (team?.parentId && teamById.has(team.parentId)) return keyOf('team', team.parentId);
    return anchor;
  };

  for (const team of input.teams) {
    const key = keyOf('team', team.id);
    entries.set(key, { kind: 'team', id: team.id, name: team.name, role: '', teamId: team.id });
    if (team.leadKind && team.leadId) {
      const lead = { kind: team.leadKind, id: team.leadId };
      if (exists(lead)) parent.set(key, keyOf(lead.kind, lead.id));
      else {
        parent.set(key, LOOSE);
        issues.push({ kind: 'team-lead-missing', id: team.id });
      }
    } else {
      parent.set(key, anchor);
      issues.push({ kind: 'team-lead', id: team.id });
    }
  }

  for (const human of input.humans) {
    const key = keyOf('human', human.id);
    const team = human.teamId ? teamById.get(human.teamId) : undefined;
    entries.set(key, {
      kind: 'human',
      id: human.id,
      name: human.name,
      role: human.title,
      teamId: team ? team.id : null,
    });
    if (root && human.id === root.id) {
      parent.set(key, ROOT);
      continue;
    }
    const manager =
      human.managerUserId && human.managerUserId !== human.id ? humanById.get(human.managerUserId) : undefined;
    if (manager) {
      const managerLeadsMyTeam = isLeadOf(team, 'human', manager.id) && !isLeadOf(team, 'human', human.id);
      parent.set(key, managerLeadsMyTeam ? keyOf('team', team!.id) : keyOf('human', manager.id));
      if (team?.leadKind === 'human' && team.leadId && humanById.has(team.leadId) && !managerLeadsMyTeam) {
        if (team.leadId !== human.id) issues.push({ kind: 'manager-outside-team', id: human.id });
      }
    } else {
      parent.set(key, fallback('human', human.id, team));
    }
  }

  for (const agent of input.agents) {
    const key = keyOf('agent', agent.id);
    const team = agent.teamId ? teamById.get(agent.teamId) : undefined;
    entries.set(key, {
      kind: 'agent',
      id: agent.id,
      name: agent.name,
      role: agent.role,
      teamId: team ? team.id : null,
    });
    const own =
      agent.managerKind && agent.managerId && !(agent.managerKind === 'agent' && agent.managerId === agent.id)
        ? { kind: agent.managerKind, id: agent.managerId }
        : null;
    if (own && exists(own)) {
      const managerLeadsMyTeam = isLeadOf(team, own.kind, own.id) && !isLeadOf(team, 'agent', agent.id);
      parent.set(key, managerLeadsMyTeam ? keyOf('team', team!.id) : keyOf(own.kind, own.id));
    } else {
      parent.set(key, fallback('agent', agent.id, team));
    }
    if (!reachesHumanFast(agent)) issues.push({ kind: 'agent-no-human', id: agent.id });
  }

  function reachesHumanFast(agent: ChartAgent): boolean {
    const seen = new Set<string>();
    let current: ChartAgent | undefined = agent;
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      const manager = effectiveManager(current, exists, teamById);
      if (!manager) return false;
      if (manager.kind === 'human') return true;
      current = agentById.get(manager.id);
    }
    return false;
  }

  // Loops: follow each chain once (0 new, 1 on the current walk, 2 settled).
  const loops: string[][] = [];
  const state = new Map<string, 1 | 2>();
  for (const start of entries.keys()) {
    if (state.has(start)) continue;
    const walk: string[] = [];
    let current: string | undefined = start;
    while (current !== undefined && entries.has(current) && !state.has(current)) {
      state.set(current, 1);
      walk.push(current);
      current = parent.get(current);
    }
    if (current !== undefined && state.get(current) === 1) {
      const cycle = walk.slice(walk.indexOf(current));
      // Cut at the first person or agent by key (a loop always has one: teams hang under members).
      const members = cycle.filter((key) => !key.startsWith('team:'));
      const top = (members.length > 0 ? members : cycle).reduce((a, b) => (a < b ? a : b));
      const at = cycle.indexOf(top);
      // The loop's path, starting at its top and following parents.
      loops.push([...cycle.slice(at), ...cycle.slice(0, at)]);
      parent.set(top, LOOSE);
      issues.push({ kind: 'manager-loop', id: entries.get(top)!.id });
    }
    for (const key of walk) state.set(key, 2);
  }

  // Children lists, then the nodes bottom-up (no recursion: chains can be thousands deep).
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  const loose: string[] = [];
  for (const key of entries.keys()) {
    const above = parent.get(key)!;
    if (above === ROOT) roots.push(key);
    else if (above === LOOSE) loose.push(key);
    else {
      const list = children.get(above);
      if (list) list.push(key);
      else children.set(above, [key]);
    }
  }
  const compare = (a: string, b: string) => {
    const x = entries.get(a)!;
    const y = entries.get(b)!;
    return kindOrder[x.kind] - kindOrder[y.kind] || collator.compare(x.name, y.name) || (a < b ? -1 : a > b ? 1 : 0);
  };
  const nodes = new Map<string, ChartNode>();
  const build = (top: string): ChartNode => {
    // Iterative post-order: children are built before their parent.
    const stack: { key: string; done: boolean }[] = [{ key: top, done: false }];
    while (stack.length > 0) {
      const item = stack.pop()!;
      const kids = children.get(item.key) ?? [];
      if (!item.done) {
        stack.push({ key: item.key, done: true });
        for (const kid of kids) stack.push({ key: kid, done: false });
        continue;
      }
      const entry = entries.get(item.key)!;
      kids.sort(compare);
      const built = kids.map((kid) => nodes.get(kid)!);
      let count = 0;
      for (const kid of built) count += kid.memberCount + (kid.kind === 'team' ? 0 : 1);
      nodes.set(item.key, {
        key: item.key,
        kind: entry.kind,
        id: entry.id,
        name: entry.name,
        role: entry.role,
        children: built,
        teamId: entry.teamId,
        memberCount: count,
      });
    }
    return nodes.get(top)!;
  };
  roots.sort(compare);
  loose.sort(compare);

  // Team sizes for `team-empty`.
  const teamSize = new Map<string, number>();
  for (const member of [...input.humans, ...input.agents]) {
    if (member.teamId && teamById.has(member.teamId))
      teamSize.set(member.teamId, (teamSize.get(member.teamId) ?? 0) + 1);
  }
  for (const team of input.teams) if (!teamSize.has(team.id)) issues.push({ kind: 'team-empty', id: team.id });
  if (!root) issues.unshift({ kind: 'no-admin', id: input.companyId });
  const rank = new Map(ORG_ISSUE_KINDS.map((kind, index) => [kind, index]));
  issues.sort((a, b) => rank.get(a.kind)! - rank.get(b.kind)!);

  const chart: OrgChart = {
    rootHumanId: root?.id ?? null,
    tree: { roots: roots.map(build), loose: loose.map(build) },
    issues,
    teams: input.teams.map((team) => ({
      id: team.id,
      name: team.name,
      parentId: team.parentId && teamById.has(team.parentId) ? team.parentId : null,
      lead: team.leadKind && team.leadId ? { kind: team.leadKind, id: team.leadId } : null,
    })),
    agents: input.agents.map((agent) => ({
      id: agent.id,
      name: agent.name,
      role: agent.role,
      teamId: agent.teamId,
      manager: agent.managerKind && agent.managerId ? { kind: agent.managerKind, id: agent.managerId } : null,
    })),
    humans: input.humans.map((human) => ({
      id: human.id,
      name: human.name,
      title: human.title,
      teamId: human.teamId,
      managerUserId: human.managerUserId,
    })),
    canEdit: input.canEdit,
  };
  return { chart, loops };
}
