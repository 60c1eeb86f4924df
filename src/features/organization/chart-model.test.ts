import { describe, expect, it } from 'vitest';
import { ancestorKeys, indexChart, initials, profileLink, searchNodes } from './chart-model';
import { keyOf, testChart } from './test-chart';

describe('indexChart', () => {
  const index = indexChart(testChart());

  it('lists every node once, depth first, roots before loose trees', () => {
    expect(index.order.map((key) => index.byKey.get(key)!.node.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Platform',
      'Linus Berg',
      'Cafébot',
      'Scribe',
      'Zoë Café',
      'Orphans',
    ]);
  });

  it('knows parents, levels, teams and what is loose', () => {
    const linus = index.byKey.get(keyOf('human', 3))!;
    expect(linus.parentKey).toBe(keyOf('team', 100));
    expect(linus.level).toBe(4);
    expect(linus.teamName).toBe('Platform');
    expect(linus.loose).toBe(false);
    expect(index.byKey.get(keyOf('team', 101))!.loose).toBe(true);
  });

  it('finds an agent’s responsible human through the agents above it', () => {
    expect(index.byKey.get(keyOf('agent', 6))!.responsible?.name).toBe('Linus Berg');
    expect(index.byKey.get(keyOf('agent', 7))!.responsible?.name).toBe('Linus Berg');
    expect(index.byKey.get(keyOf('human', 3))!.responsible).toBeNull();
  });

  it('gives the keys above a node, nearest first', () => {
    expect(ancestorKeys(index, keyOf('agent', 7))).toEqual([
      keyOf('agent', 6),
      keyOf('human', 3),
      keyOf('team', 100),
      keyOf('human', 2),
      keyOf('human', 1),
    ]);
    expect(ancestorKeys(index, keyOf('human', 1))).toEqual([]);
  });
});

describe('searchNodes', () => {
  const index = indexChart(testChart());
  const names = (query: string) => searchNodes(index, query).map((info) => info.node.name);

  it('folds accents and case: "zoe" finds Zoë, "CAFE" finds Cafébot and Zoë Café', () => {
    expect(names('zoe')).toEqual(['Zoë Café']);
    expect(names('CAFE')).toEqual(['Cafébot', 'Zoë Café']);
  });

  it('ranks names before roles and teams', () => {
    // "Platform" is the team's name and the team of Linus, Zoë and the agents.
    expect(names('platform')[0]).toBe('Platform');
    expect(names('engineering')).toEqual(['Linus Berg']);
  });

  it('finds nothing for an empty query and caps the list', () => {
    expect(names('  ')).toEqual([]);
    expect(searchNodes(index, 'a', 3)).toHaveLength(3);
  });
});

describe('helpers', () => {
  it('makes initials from the first and last names', () => {
    expect(initials('Zoë Café')).toBe('ZC');
    expect(initials('Triage')).toBe('T');
    expect(initials('  ')).toBe('?');
  });

  it('links each kind to its profile', () => {
    expect(profileLink({ kind: 'human', id: 'a' })).toEqual({ to: '/people', search: { person: 'a' } });
    expect(profileLink({ kind: 'agent', id: 'b' })).toEqual({ to: '/agents/$agentId', params: { agentId: 'b' } });
    expect(profileLink({ kind: 'team', id: 'c' })).toEqual({ to: '/teams', search: { team: 'c' } });
  });
});
