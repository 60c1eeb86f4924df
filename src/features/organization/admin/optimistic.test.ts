import { describe, expect, it } from 'vitest';
import { applyMove } from './optimistic';
import { childKeys, countOf, testChart } from './test-chart';

describe('applyMove (the optimistic chart)', () => {
  it('moves a person to a new manager, out of their team node, with the counts on both sides', () => {
    const chart = testChart();
    const moved = applyMove(chart, { member: { kind: 'human', id: 'max' }, manager: { kind: 'human', id: 'priya' } });
    expect(moved.humans.find((human) => human.id === 'max')?.managerUserId).toBe('priya');
    expect(childKeys(moved, 'team:platform')).toEqual(['human:hedy', 'agent:triage']);
    // Teams first, then people, then agents, each by name.
    expect(childKeys(moved, 'human:priya')).toEqual(['team:operations', 'human:max']);
    expect(countOf(moved, 'human:linus')).toBe(countOf(chart, 'human:linus') - 1);
    expect(countOf(moved, 'human:grace')).toBe(countOf(chart, 'human:grace') - 1);
    expect(countOf(moved, 'human:priya')).toBe(countOf(chart, 'human:priya') + 1);
    expect(countOf(moved, 'human:ada')).toBe(countOf(chart, 'human:ada'));
    // The chart it came from is untouched.
    expect(childKeys(chart, 'team:platform')).toEqual(['human:hedy', 'human:max', 'agent:triage']);
  });

  it('carries the subtree along', () => {
    const chart = testChart();
    const moved = applyMove(chart, { member: { kind: 'human', id: 'linus' }, manager: { kind: 'human', id: 'zoe' } });
    expect(childKeys(moved, 'human:grace')).toEqual(['human:zoe']);
    expect(childKeys(moved, 'human:zoe')).toEqual(['human:linus']);
    expect(countOf(moved, 'human:zoe')).toBe(4);
    expect(countOf(moved, 'human:grace')).toBe(countOf(chart, 'human:grace'));
  });

  it('places a person under the team node when their new manager leads their team', () => {
    const chart = testChart();
    const moved = applyMove(chart, {
      member: { kind: 'human', id: 'zoe' },
      manager: { kind: 'human', id: 'linus' },
      teamId: 'platform',
    });
    expect(childKeys(moved, 'team:platform')).toEqual(['human:hedy', 'human:max', 'human:zoe', 'agent:triage']);
    expect(moved.humans.find((human) => human.id === 'zoe')).toMatchObject({
      teamId: 'platform',
      managerUserId: 'linus',
    });
  });

  it('moves an agent under a responsible member outside its team, and back to the team node when cleared', () => {
    const chart = testChart();
    const moved = applyMove(chart, {
      member: { kind: 'agent', id: 'cafebot' },
      manager: { kind: 'human', id: 'grace' },
    });
    expect(moved.agents.find((agent) => agent.id === 'cafebot')?.manager).toEqual({ kind: 'human', id: 'grace' });
    expect(childKeys(moved, 'team:operations')).toEqual(['human:ken']);
    expect(childKeys(moved, 'human:grace')).toEqual(['human:linus', 'human:zoe', 'agent:cafebot']);
    const back = applyMove(moved, { member: { kind: 'agent', id: 'cafebot' }, manager: null });
    expect(childKeys(back, 'team:operations')).toEqual(['human:ken', 'agent:cafebot']);
    expect(countOf(back, 'human:grace')).toBe(countOf(chart, 'human:grace'));
  });

  it('places a team lead without a manager in the parent team', () => {
    const chart = testChart();
    chart.teams.find((team) => team.id === 'platform')!.parentId = 'design';
    const moved = applyMove(chart, { member: { kind: 'human', id: 'linus' }, manager: null });
    expect(childKeys(moved, 'team:design')).toEqual(['human:linus']);
  });

  it('changes only the fields when the new place is inside the moving branch (the server refuses the loop)', () => {
    const chart = testChart();
    const moved = applyMove(chart, { member: { kind: 'human', id: 'linus' }, manager: { kind: 'human', id: 'max' } });
    expect(moved.tree).toBe(chart.tree);
    expect(moved.humans.find((human) => human.id === 'linus')?.managerUserId).toBe('max');
  });

  it('leaves the root person where they are', () => {
    const chart = testChart();
    const moved = applyMove(chart, { member: { kind: 'human', id: 'ada' }, manager: { kind: 'human', id: 'zoe' } });
    expect(moved.tree).toBe(chart.tree);
  });
});
