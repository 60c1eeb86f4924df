import type { ChartNode, OrgChart } from './types';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function node(
  kind: ChartNode['kind'],
  n: number,
  name: string,
  role: string,
  teamId: string | null,
  children: ChartNode[] = [],
): ChartNode {
  const memberCount = children.reduce((sum, child) => sum + child.memberCount + (child.kind === 'team' ? 0 : 1), 0);
  return { key: `${kind}:${uuid(n)}`, kind, id: uuid(n), name, role, teamId, children, memberCount };
}

/**
 * A small company for the tests: Ada at the top; the Platform team (led by Grace) with Linus and
 * Zoë; Cafébot, an agent Linus is responsible for; Scribe, an agent under Cafébot; and a loose
 * team whose lead left.
 */
export function testChart(): OrgChart {
  const platform = uuid(100);
  const orphans = uuid(101);
  const scribe = node('agent', 7, 'Scribe', 'Writer', platform);
  const cafebot = node('agent', 6, 'Cafébot', 'Barista', platform, [scribe]);
  const linus = node('human', 3, 'Linus Berg', 'Engineering Manager', platform, [cafebot]);
  const zoe = node('human', 4, 'Zoë Café', 'Product Designer', platform);
  const team = node('team', 100, 'Platform', '', platform, [linus, zoe]);
  const grace = node('human', 2, 'Grace Hopper', 'Chief Technology Officer', null, [team]);
  const ada = node('human', 1, 'Ada Lovelace', 'Chief Executive Officer', null, [grace]);
  const loose = node('team', 101, 'Orphans', '', orphans);
  return {
    rootHumanId: ada.id,
    tree: { roots: [ada], loose: [loose] },
    issues: [{ kind: 'team-lead-missing', id: orphans }],
    teams: [
      { id: platform, version: 1, name: 'Platform', parentId: null, lead: { kind: 'human', id: grace.id } },
      { id: orphans, version: 1, name: 'Orphans', parentId: null, lead: null },
    ],
    agents: [
      { id: cafebot.id, name: 'Cafébot', role: 'Barista', teamId: platform, manager: { kind: 'human', id: linus.id } },
      { id: scribe.id, name: 'Scribe', role: 'Writer', teamId: platform, manager: { kind: 'agent', id: cafebot.id } },
    ],
    humans: [
      { id: ada.id, name: 'Ada Lovelace', title: 'Chief Executive Officer', teamId: null, managerUserId: null },
      { id: grace.id, name: 'Grace Hopper', title: 'Chief Technology Officer', teamId: null, managerUserId: ada.id },
      { id: linus.id, name: 'Linus Berg', title: 'Engineering Manager', teamId: platform, managerUserId: grace.id },
      { id: zoe.id, name: 'Zoë Café', title: 'Product Designer', teamId: platform, managerUserId: grace.id },
    ],
    canEdit: true,
  };
}

export const keyOf = (kind: ChartNode['kind'], n: number) => `${kind}:${uuid(n)}`;
