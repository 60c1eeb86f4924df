/**
 * The organization chart, computed from the raw choices (who manages whom, who is in which team,
 * who leads it). Pure: the same rows give the same chart, nothing is stored but the choices, and
 * nothing here throws on odd data — what cannot be placed goes to `tree.loose` with an issue.
 *
 * Node kinds: `human`, `agent` and `team`; a node's `key` is `<kind>:<id>`.
 *
 * Placement, decided once (the contract repeats it):
 * 1. The root human — the oldest admin by the date they joined — is a root; their own manager is
 *    not followed. A manager of theirs whose chain leads back to them is a loop all the same
 *    (issue `manager-loop` on the root, which stays a root), refused by the writes.
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
  /** The team's edit version (server/http/edit-check.ts); 1 when not given. */
  version?: number;
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
  teams: { id: string; version: number; name: string; parentId: string | null; lead: MemberRef | null }[];
  agents: { id: string; name: string; role: string; teamId: string | null; manager: MemberRef | null }[];
  humans: { id: string; name: string; title: string; teamId: string | null; managerUserId: string | null }[];
  canEdit: boolean;
};

/** What the chart's writes need besides the payload: the loops found, as paths of keys. */
export type ChartResult = { chart: OrgChart; loops: string[][] };

const keyOf = (kind: ChartNodeKind, id: string) => `${kind}:${id}`;
/** How names sort: accents and case ignored ("Zoë" with "Zoe"), by plain comparison (fast at 5,000). */
const sortKeyOf = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

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
  // Every node gets an index: teams, then people, then agents. Parents and states are typed arrays
  // of indices, so 5,000 members cost no string keys built and hashed over and over.
  const teamCount = input.teams.length;
  const humanBase = teamCount;
  const agentBase = teamCount + input.humans.length;
  const size = agentBase + input.agents.length;
  const teamIndex = new Map<string, number>();
  const humanIndex = new Map<string, number>();
  const agentIndex = new Map<string, number>();
  input.teams.forEach((team, i) => teamIndex.set(team.id, i));
  input.humans.forEach((human, i) => humanIndex.set(human.id, humanBase + i));
  input.agents.forEach((agent, i) => agentIndex.set(agent.id, agentBase + i));
  const indexOf = (kind: MemberKind, id: string) => (kind === 'human' ? humanIndex.get(id) : agentIndex.get(id));
  const exists = (ref: MemberRef) => indexOf(ref.kind, ref.id) !== undefined;
  const teamById = new Map(input.teams.map((t) => [t.id, t]));
  const root = rootHumanOf(input.humans);
  const ROOT_AT = -1;
  const LOOSE_AT = -2;
  const anchor = root ? humanIndex.get(root.id)! : ROOT_AT;

  const issues: { kind: OrgIssueKind; id: string }[] = [];
  const parent = new Int32Array(size);

  const isLeadOf = (team: ChartTeam | undefined, kind: MemberKind, id: string) =>
    Boolean(team && team.leadKind === kind && team.leadId === id);
  /** Where a member without a manager goes: their team, the parent team when they lead theirs, or the root. */
  const fallback = (kind: MemberKind, id: string, team: ChartTeam | undefined) => {
    if (team && !isLeadOf(team, kind, id)) return teamIndex.get(team.id)!;
    const above = team?.parentId ? teamIndex.get(team.parentId) : undefined;
    return above ?? anchor;
  };

  input.teams.forEach((team, i) => {
    if (team.leadKind && team.leadId) {
      const lead = indexOf(team.leadKind, team.leadId);
      if (lead !== undefined) parent[i] = lead;
      else {
        parent[i] = LOOSE_AT;
        issues.push({ kind: 'team-lead-missing', id: team.id });
      }
    } else {
      parent[i] = anchor;
      issues.push({ kind: 'team-lead', id: team.id });
    }
  });

  input.humans.forEach((human, i) => {
    const at = humanBase + i;
    const team = human.teamId ? teamById.get(human.teamId) : undefined;
    if (root && human.id === root.id) {
      parent[at] = ROOT_AT;
      return;
    }
    const manager =
      human.managerUserId && human.managerUserId !== human.id ? humanIndex.get(human.managerUserId) : undefined;
    if (manager !== undefined) {
      const managerId = human.managerUserId!;
      const managerLeadsMyTeam = isLeadOf(team, 'human', managerId) && !isLeadOf(team, 'human', human.id);
      parent[at] = managerLeadsMyTeam ? teamIndex.get(team!.id)! : manager;
      if (team?.leadKind === 'human' && team.leadId && humanIndex.has(team.leadId) && !managerLeadsMyTeam) {
        if (team.leadId !== human.id) issues.push({ kind: 'manager-outside-team', id: human.id });
      }
    } else {
      parent[at] = fallback('human', human.id, team);
    }
  });

  const agentById = new Map(input.agents.map((a) => [a.id, a]));
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

  input.agents.forEach((agent, i) => {
    const at = agentBase + i;
    const team = agent.teamId ? teamById.get(agent.teamId) : undefined;
    const own =
      agent.managerKind && agent.managerId && !(agent.managerKind === 'agent' && agent.managerId === agent.id)
        ? indexOf(agent.managerKind, agent.managerId)
        : undefined;
    if (own !== undefined) {
      const managerLeadsMyTeam =
        isLeadOf(team, agent.managerKind!, agent.managerId!) && !isLeadOf(team, 'agent', agent.id);
      parent[at] = managerLeadsMyTeam ? teamIndex.get(team!.id)! : own;
    } else {
      parent[at] = fallback('agent', agent.id, team);
    }
    if (!reachesHumanFast(agent)) issues.push({ kind: 'agent-no-human', id: agent.id });
  });

  const kindAt = (i: number): ChartNodeKind => (i < humanBase ? 'team' : i < agentBase ? 'human' : 'agent');
  const idAt = (i: number) =>
    i < humanBase
      ? input.teams[i]!.id
      : i < agentBase
        ? input.humans[i - humanBase]!.id
        : input.agents[i - agentBase]!.id;
  const keyAt = (i: number) => keyOf(kindAt(i), idAt(i));

  // Loops: follow each chain once (0 new, 1 on the current walk, 2 settled).
  const loops: string[][] = [];
  const state = new Uint8Array(size);
  const walk: number[] = [];
  for (let start = 0; start < size; start++) {
    if (state[start]) continue;
    walk.length = 0;
    let current = start;
    while (current >= 0 && !state[current]) {
      state[current] = 1;
      walk.push(current);
      current = parent[current]!;
    }
    if (current >= 0 && state[current] === 1) {
      const cycle = walk.slice(walk.indexOf(current));
      // Cut at the first person or agent by key (a loop always has one: teams hang under members).
      const keys = cycle.map(keyAt);
      const members = keys.filter((key) => !key.startsWith('team:'));
      const topKey = (members.length > 0 ? members : keys).reduce((a, b) => (a < b ? a : b));
      const at = keys.indexOf(topKey);
      loops.push([...keys.slice(at), ...keys.slice(0, at)]);
      parent[cycle[at]!] = LOOSE_AT;
      issues.push({ kind: 'manager-loop', id: idAt(cycle[at]!) });
    }
    for (const i of walk) state[i] = 2;
  }

  // The root's own manager is not followed in placement (the root stays a root), but it is no
  // exemption from the loop rule: everything placed hangs under the root, so a manager of the root
  // whose chain reaches it makes a loop, reported and refused like any other.
  const rootManager =
    root && root.managerUserId && root.managerUserId !== root.id ? humanIndex.get(root.managerUserId) : undefined;
  if (root && rootManager !== undefined) {
    const chain = [anchor];
    for (let current = rootManager; current >= 0 && current !== anchor; current = parent[current]!) {
      chain.push(current);
    }
    if (chain.length > 1 && parent[chain[chain.length - 1]!] === anchor) {
      loops.push(chain.map(keyAt));
      issues.push({ kind: 'manager-loop', id: root.id });
    }
  }

  // One sort of everything (teams, then people, then agents, each by name); children are then
  // gathered in that order, so no list is sorted again.
  const sortKeys = new Array<string>(size);
  for (let i = 0; i < size; i++) {
    const name =
      i < humanBase
        ? input.teams[i]!.name
        : i < agentBase
          ? input.humans[i - humanBase]!.name
          : input.agents[i - agentBase]!.name;
    sortKeys[i] = sortKeyOf(name);
  }
  const kindRank = (i: number) => (i < humanBase ? 0 : i < agentBase ? 1 : 2);
  const order = Array.from({ length: size }, (_, i) => i).sort((a, b) => {
    const kind = kindRank(a) - kindRank(b);
    if (kind !== 0) return kind;
    const x = sortKeys[a]!;
    const y = sortKeys[b]!;
    if (x !== y) return x < y ? -1 : 1;
    const p = idAt(a);
    const q = idAt(b);
    return p < q ? -1 : p > q ? 1 : 0;
  });
  const children: number[][] = Array.from({ length: size }, () => []);
  const roots: number[] = [];
  const loose: number[] = [];
  for (const i of order) {
    const above = parent[i]!;
    if (above === ROOT_AT) roots.push(i);
    else if (above === LOOSE_AT) loose.push(i);
    else children[above]!.push(i);
  }

  // Top-down order from the tops, then the nodes built bottom-up (no recursion: chains can be
  // thousands deep).
  const topDown: number[] = [...roots, ...loose];
  for (let k = 0; k < topDown.length; k++) for (const child of children[topDown[k]!]!) topDown.push(child);
  const nodes = new Array<ChartNode>(size);
  for (let k = topDown.length - 1; k >= 0; k--) {
    const i = topDown[k]!;
    const kids = children[i]!.map((child) => nodes[child]!);
    let count = 0;
    for (const kid of kids) count += kid.memberCount + (kid.kind === 'team' ? 0 : 1);
    const kind = kindAt(i);
    const id = idAt(i);
    let name: string;
    let role: string;
    let teamId: string | null;
    if (kind === 'team') {
      name = input.teams[i]!.name;
      role = '';
      teamId = id;
    } else if (kind === 'human') {
      const human = input.humans[i - humanBase]!;
      name = human.name;
      role = human.title;
      teamId = human.teamId && teamIndex.has(human.teamId) ? human.teamId : null;
    } else {
      const agent = input.agents[i - agentBase]!;
      name = agent.name;
      role = agent.role;
      teamId = agent.teamId && teamIndex.has(agent.teamId) ? agent.teamId : null;
    }
    nodes[i] = { key: keyOf(kind, id), kind, id, name, role, children: kids, teamId, memberCount: count };
  }

  // Team sizes for `team-empty`.
  const teamSize = new Uint32Array(teamCount);
  for (const member of [...input.humans, ...input.agents]) {
    const at = member.teamId ? teamIndex.get(member.teamId) : undefined;
    if (at !== undefined) teamSize[at]!++;
  }
  input.teams.forEach((team, i) => {
    if (teamSize[i] === 0) issues.push({ kind: 'team-empty', id: team.id });
  });
  if (!root) issues.unshift({ kind: 'no-admin', id: input.companyId });
  const rank = new Map(ORG_ISSUE_KINDS.map((kind, index) => [kind, index]));
  issues.sort((a, b) => rank.get(a.kind)! - rank.get(b.kind)! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const chart: OrgChart = {
    rootHumanId: root?.id ?? null,
    tree: { roots: roots.map((i) => nodes[i]!), loose: loose.map((i) => nodes[i]!) },
    issues,
    // The raw lists in the tree's order (by name), whatever order the rows came in.
    teams: order
      .filter((i) => i < humanBase)
      .map((i) => {
        const team = input.teams[i]!;
        return {
          id: team.id,
          version: team.version ?? 1,
          name: team.name,
          parentId: team.parentId && teamById.has(team.parentId) ? team.parentId : null,
          lead: team.leadKind && team.leadId ? { kind: team.leadKind, id: team.leadId } : null,
        };
      }),
    agents: order
      .filter((i) => i >= agentBase)
      .map((i) => {
        const agent = input.agents[i - agentBase]!;
        return {
          id: agent.id,
          name: agent.name,
          role: agent.role,
          teamId: agent.teamId,
          manager: agent.managerKind && agent.managerId ? { kind: agent.managerKind, id: agent.managerId } : null,
        };
      }),
    humans: order
      .filter((i) => i >= humanBase && i < agentBase)
      .map((i) => {
        const human = input.humans[i - humanBase]!;
        return {
          id: human.id,
          name: human.name,
          title: human.title,
          teamId: human.teamId,
          managerUserId: human.managerUserId,
        };
      }),
    canEdit: input.canEdit,
  };
  return { chart, loops };
}
