import type { ChartNode, OrgChart } from './types';

type Spec = { kind: ChartNode['kind']; id: string; name: string; teamId?: string | null; children?: Spec[] };

/** Builds chart nodes with their keys and member counts from a nested description. */
function build(spec: Spec): ChartNode {
  const children = (spec.children ?? []).map(build);
  const memberCount = children.reduce((sum, child) => sum + child.memberCount + (child.kind === 'team' ? 0 : 1), 0);
  return {
    key: `${spec.kind}:${spec.id}`,
    kind: spec.kind,
    id: spec.id,
    name: spec.name,
    role: '',
    children,
    teamId: spec.kind === 'team' ? spec.id : (spec.teamId ?? null),
    memberCount,
  };
}

const h = (id: string, name: string, teamId: string | null = null, children: Spec[] = []): Spec => ({
  kind: 'human',
  id,
  name,
  teamId,
  children,
});
const a = (id: string, name: string, teamId: string | null = null): Spec => ({ kind: 'agent', id, name, teamId });
const t = (id: string, name: string, children: Spec[] = []): Spec => ({ kind: 'team', id, name, children });

/**
 * A small company laid out by the server's rules: Ada (root) → Design (no lead, empty), Grace →
 * (Linus → Platform → Hedy, Max, Triage), Zoë; Priya → Operations → Ken, Cafébot; Stray (an agent
 * nobody is responsible for).
 */
export function testChart(): OrgChart {
  return {
    rootHumanId: 'ada',
    tree: {
      roots: [
        build(
          h('ada', 'Ada Lovelace', null, [
            t('design', 'Design'),
            h('grace', 'Grace Hopper', null, [
              h('linus', 'Linus Berg', 'platform', [
                t('platform', 'Platform', [
                  h('hedy', 'Hedy Lamarr', 'platform'),
                  h('max', 'Max Mustermann', 'platform'),
                  a('triage', 'Triage', 'platform'),
                ]),
              ]),
              h('zoe', 'Zoë Café'),
            ]),
            h('priya', 'Priya Raman', 'operations', [
              t('operations', 'Operations', [h('ken', 'Ken Ito', 'operations'), a('cafebot', 'Cafébot', 'operations')]),
            ]),
            a('stray', 'Stray'),
          ]),
        ),
      ],
      loose: [],
    },
    issues: [
      { kind: 'team-lead', id: 'design' },
      { kind: 'team-empty', id: 'design' },
      { kind: 'agent-no-human', id: 'stray' },
    ],
    teams: [
      { id: 'design', version: 1, name: 'Design', parentId: null, lead: null },
      { id: 'operations', version: 1, name: 'Operations', parentId: null, lead: { kind: 'human', id: 'priya' } },
      { id: 'platform', version: 1, name: 'Platform', parentId: null, lead: { kind: 'human', id: 'linus' } },
    ],
    agents: [
      {
        id: 'cafebot',
        name: 'Cafébot',
        role: 'Support',
        teamId: 'operations',
        manager: { kind: 'human', id: 'priya' },
      },
      { id: 'stray', name: 'Stray', role: 'Experiments', teamId: null, manager: null },
      { id: 'triage', name: 'Triage', role: 'Bugs', teamId: 'platform', manager: { kind: 'human', id: 'linus' } },
    ],
    humans: [
      { id: 'ada', name: 'Ada Lovelace', title: 'CEO', teamId: null, managerUserId: null },
      { id: 'grace', name: 'Grace Hopper', title: 'CTO', teamId: null, managerUserId: 'ada' },
      { id: 'hedy', name: 'Hedy Lamarr', title: 'Engineer', teamId: 'platform', managerUserId: 'linus' },
      { id: 'ken', name: 'Ken Ito', title: 'Support', teamId: 'operations', managerUserId: 'priya' },
      { id: 'linus', name: 'Linus Berg', title: 'Manager', teamId: 'platform', managerUserId: 'grace' },
      { id: 'max', name: 'Max Mustermann', title: 'Engineer', teamId: 'platform', managerUserId: 'linus' },
      { id: 'priya', name: 'Priya Raman', title: 'Head of Operations', teamId: 'operations', managerUserId: 'ada' },
      { id: 'zoe', name: 'Zoë Café', title: 'Designer', teamId: null, managerUserId: 'grace' },
    ],
    canEdit: true,
  };
}

/** The keys of a node's children, by key of the node. */
export function childKeys(chart: OrgChart, key: string): string[] {
  const stack = [...chart.tree.roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.key === key) return node.children.map((child) => child.key);
    stack.push(...node.children);
  }
  throw new Error(`${key} is not in the chart`);
}

export function countOf(chart: OrgChart, key: string): number {
  const stack = [...chart.tree.roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.key === key) return node.memberCount;
    stack.push(...node.children);
  }
  throw new Error(`${key} is not in the chart`);
}
