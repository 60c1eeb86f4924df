import { chartIndex, findPath } from './model';
import type { ChartNode, MemberRef, OrgChart, OrgMove } from './types';

/** The order of a node's children: teams first, then people, then agents, each by name. */
const KIND_ORDER: Record<ChartNode['kind'], number> = { team: 0, human: 1, agent: 2 };
const compareNodes = (a: ChartNode, b: ChartNode) =>
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name);

/** The arrays of the chart with the move applied (what the server will store). */
function patchMembers(chart: OrgChart, move: OrgMove): Pick<OrgChart, 'humans' | 'agents'> {
  const { member } = move;
  if (member.kind === 'human')
    return {
      agents: chart.agents,
      humans: chart.humans.map((human) =>
        human.id !== member.id
          ? human
          : {
              ...human,
              ...(move.manager !== undefined && { managerUserId: move.manager?.id ?? null }),
              ...(move.teamId !== undefined && { teamId: move.teamId }),
            },
      ),
    };
  return {
    humans: chart.humans,
    agents: chart.agents.map((agent) =>
      agent.id !== member.id
        ? agent
        : {
            ...agent,
            ...(move.manager !== undefined && { manager: move.manager }),
            ...(move.teamId !== undefined && { teamId: move.teamId }),
          },
    ),
  };
}

/**
 * Where the chart places a member after the move, by the placement rules of the server (its
 * `chart.ts`): under its manager, or under its team's node when the manager leads its team;
 * without a manager under its team's node (the parent team's when it leads its own), else under
 * the root person. Null: at the top level (no root person).
 */
function placementKey(chart: OrgChart, member: MemberRef): string | null {
  const index = chartIndex(chart);
  const root = chart.rootHumanId ? `human:${chart.rootHumanId}` : null;
  const record = member.kind === 'human' ? index.humans.get(member.id) : index.agents.get(member.id);
  if (!record) return root;
  const team = record.teamId ? index.teams.get(record.teamId) : undefined;
  const leads = (ref: MemberRef | null | undefined) =>
    Boolean(team?.lead && ref && team.lead.kind === ref.kind && team.lead.id === ref.id);
  const manager: MemberRef | null =
    member.kind === 'human'
      ? index.humans.get(member.id)?.managerUserId
        ? { kind: 'human', id: index.humans.get(member.id)!.managerUserId! }
        : null
      : (index.agents.get(member.id)?.manager ?? null);
  const managerExists =
    manager && (manager.kind === 'human' ? index.humans.has(manager.id) : index.agents.has(manager.id));
  if (manager && managerExists && !(manager.kind === member.kind && manager.id === member.id))
    return leads(manager) && !leads(member) ? `team:${team!.id}` : `${manager.kind}:${manager.id}`;
  if (team && !leads(member)) return `team:${team.id}`;
  if (team?.parentId && index.teams.has(team.parentId)) return `team:${team.parentId}`;
  return root;
}

/**
 * Copies the nodes along `path` (keys, top first) with `along` applied to each and `last` to the
 * last one; the rest of the tree is shared.
 */
function patchAlong(
  roots: ChartNode[],
  path: string[],
  along: (node: ChartNode) => ChartNode,
  last: (node: ChartNode) => ChartNode,
): ChartNode[] {
  const [head, ...rest] = path;
  return roots.map((node) => {
    if (node.key !== head) return node;
    const patched = along(node);
    return rest.length === 0
      ? last(patched)
      : { ...patched, children: patchAlong(patched.children, rest, along, last) };
  });
}

/**
 * The chart as it will look once the server has made the move: the member's fields change, and
 * its node (with everything below it) goes under its new parent, counts updated on both sides.
 * Issues stay as they were until the server's chart replaces this one. When the new place is not
 * in the drawn tree (in `loose`, or inside the moving branch, which the server will refuse as a
 * loop), only the fields change.
 */
export function applyMove(chart: OrgChart, move: OrgMove): OrgChart {
  const patched: OrgChart = { ...chart, ...patchMembers(chart, move) };
  const key = `${move.member.kind}:${move.member.id}`;
  if (move.member.kind === 'human' && move.member.id === chart.rootHumanId) return patched;
  const oldPath = findPath(chart, key);
  const node = oldPath?.at(-1);
  if (!oldPath || !node || !chart.tree.roots.includes(oldPath[0]!)) return patched;

  const targetKey = placementKey(patched, move.member);
  const oldParentKey = oldPath.at(-2)?.key ?? null;
  if (targetKey === oldParentKey) return patched;
  const targetPath = targetKey === null ? [] : findPath(chart, targetKey);
  if (!targetPath || (targetKey !== null && !chart.tree.roots.includes(targetPath[0]!))) return patched;
  if (targetPath.some((step) => step.key === key)) return patched;

  const size = node.memberCount + (node.kind === 'team' ? 0 : 1);
  const moved: ChartNode = {
    ...node,
    ...(move.teamId !== undefined && { teamId: move.teamId }),
  };
  const insert = (children: ChartNode[]) => [...children, moved].sort(compareNodes);

  // Out of the old place…
  let roots =
    oldPath.length === 1
      ? chart.tree.roots.filter((root) => root.key !== key)
      : patchAlong(
          chart.tree.roots,
          oldPath.slice(0, -1).map((step) => step.key),
          (step) => ({ ...step, memberCount: step.memberCount - size }),
          (parent) => ({ ...parent, children: parent.children.filter((child) => child.key !== key) }),
        );
  // …into the new one.
  roots =
    targetKey === null
      ? insert(roots)
      : patchAlong(
          roots,
          targetPath.map((step) => step.key),
          (step) => ({ ...step, memberCount: step.memberCount + size }),
          (parent) => ({ ...parent, children: insert(parent.children) }),
        );
  return { ...patched, tree: { ...chart.tree, roots } };
}
