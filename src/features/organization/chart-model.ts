import type { ChartNode, OrgChart } from './types';

/** Whether a code point is one of the combining marks `fold` strips (see src/lib/fold.ts). */
const isMark = (code: number) =>
  (code >= 0x0300 && code <= 0x036f) ||
  (code >= 0x1ab0 && code <= 0x1aff) ||
  (code >= 0x1dc0 && code <= 0x1dff) ||
  (code >= 0x20d0 && code <= 0x20ff) ||
  (code >= 0xfe20 && code <= 0xfe2f);

/**
 * `fold` for thousands of names at once: one normalization per string instead of one per
 * character (several times quicker on a large company), and none for plain ASCII.
 */
function quickFold(text: string): string {
  if (/^[\x20-\x7e\n]*$/.test(text)) return text.toLowerCase();
  let folded = '';
  for (const char of text.normalize('NFD')) if (!isMark(char.codePointAt(0)!)) folded += char;
  return folded.toLowerCase();
}

/** What the chart, the outline and the search know about one node beyond the payload's fields. */
export type NodeInfo = {
  node: ChartNode;
  /** The key of the node above, null at the top of a tree. */
  parentKey: string | null;
  /** 1 at the top of each tree. */
  level: number;
  /** Its team's name (a team node: its own name), or null. */
  teamName: string | null;
  /** Whether the node sits in `tree.loose` (could not be placed: a loop, a team whose lead left). */
  loose: boolean;
  /** An agent's responsible human (following agent managers), or null. */
  responsible: { id: string; name: string } | null;
};

/** The chart indexed by node key, in outline order (depth first, payload order). */
export type ChartIndex = {
  byKey: Map<string, NodeInfo>;
  /** Every key, depth first: roots first, then loose trees. */
  order: string[];
  /** The top nodes: `tree.roots`, then `tree.loose`. */
  tops: ChartNode[];
  /** Per key, the folded name, role and team the search matches; made on the first search. */
  searchTexts?: Map<string, string>;
};

/** Where a node's profile lives: People for a person, the agent's page for an agent, Teams for a team. */
export function profileLink(node: Pick<ChartNode, 'kind' | 'id'>) {
  switch (node.kind) {
    case 'human':
      return { to: '/people' as const, search: { person: node.id } };
    case 'agent':
      return { to: '/agents/$agentId' as const, params: { agentId: node.id } };
    case 'team':
      return { to: '/teams' as const, search: { team: node.id } };
  }
}

/** Indexes the chart once per payload: parents, levels, team names, responsible humans, search text. */
export function indexChart(chart: OrgChart): ChartIndex {
  const teamNames = new Map(chart.teams.map((team) => [team.id, team.name]));
  const agents = new Map(chart.agents.map((agent) => [agent.id, agent]));
  const humans = new Map(chart.humans.map((human) => [human.id, human]));
  const responsibleCache = new Map<string, { id: string; name: string } | null>();
  // An agent's responsible human: its manager, or its manager's when that is an agent; null when
  // the chain reaches nobody (or loops).
  const responsibleOf = (agentId: string) => {
    if (!responsibleCache.has(agentId)) {
      const seen = new Set<string>();
      let ref = agents.get(agentId)?.manager ?? null;
      let found: { id: string; name: string } | null = null;
      while (ref) {
        if (ref.kind === 'human') {
          const human = humans.get(ref.id);
          found = human ? { id: human.id, name: human.name } : null;
          break;
        }
        if (seen.has(ref.id)) break;
        seen.add(ref.id);
        ref = agents.get(ref.id)?.manager ?? null;
      }
      responsibleCache.set(agentId, found);
    }
    return responsibleCache.get(agentId)!;
  };

  const byKey = new Map<string, NodeInfo>();
  const order: string[] = [];
  const tops = [...chart.tree.roots, ...chart.tree.loose];
  const looseTops = new Set(chart.tree.loose.map((node) => node.key));
  // Iterative, so a deep chain of managers cannot overflow the stack.
  const stack: { node: ChartNode; parentKey: string | null; level: number; loose: boolean }[] = [];
  for (let i = tops.length - 1; i >= 0; i--)
    stack.push({ node: tops[i]!, parentKey: null, level: 1, loose: looseTops.has(tops[i]!.key) });
  while (stack.length) {
    const { node, parentKey, level, loose } = stack.pop()!;
    if (byKey.has(node.key)) continue;
    const teamName = node.teamId ? (teamNames.get(node.teamId) ?? null) : null;
    byKey.set(node.key, {
      node,
      parentKey,
      level,
      teamName,
      loose,
      responsible: node.kind === 'agent' ? responsibleOf(node.id) : null,
    });
    order.push(node.key);
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push({ node: node.children[i]!, parentKey: node.key, level: level + 1, loose });
  }
  return { byKey, order, tops };
}

/** The keys above a node, nearest first. */
export function ancestorKeys(index: ChartIndex, key: string): string[] {
  const keys: string[] = [];
  let parent = index.byKey.get(key)?.parentKey ?? null;
  while (parent && keys.length < index.order.length) {
    keys.push(parent);
    parent = index.byKey.get(parent)?.parentKey ?? null;
  }
  return keys;
}

/**
 * Nodes whose name, role or team matches `query` once both are folded ("zoe" finds "Zoë"):
 * names that start with it first, then names containing it, then roles and teams; at most `limit`.
 */
export function searchNodes(index: ChartIndex, query: string, limit = 8): NodeInfo[] {
  const needle = quickFold(query.trim());
  if (!needle) return [];
  // Folding every name costs tens of milliseconds in a large company: only once someone searches.
  index.searchTexts ??= new Map(
    index.order.map((key) => {
      const { node, teamName } = index.byKey.get(key)!;
      return [key, quickFold([node.name, node.role, node.kind === 'team' ? '' : (teamName ?? '')].join('\n'))];
    }),
  );
  const ranked: { info: NodeInfo; rank: number }[] = [];
  for (const key of index.order) {
    const text = index.searchTexts.get(key)!;
    const at = text.indexOf(needle);
    if (at < 0) continue;
    const info = index.byKey.get(key)!;
    const nameEnd = text.indexOf('\n');
    const rank = at === 0 ? 0 : at < nameEnd ? (text[at - 1] === ' ' ? 1 : 2) : 3;
    ranked.push({ info, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank);
  return ranked.slice(0, limit).map((entry) => entry.info);
}

/** A stable hue for a team, so its colour is the same on every chart and in the export. */
export function teamHue(teamId: string): number {
  let hash = 0;
  for (const char of teamId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** Initials for an avatar: "Zoë Café" → "ZC". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  const first = Array.from(parts[0] ?? '')[0] ?? '';
  const last = parts.length > 1 ? (Array.from(parts[parts.length - 1] ?? '')[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
