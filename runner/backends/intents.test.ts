import { describe, expect, it } from 'vitest';
import { boardPhrase, fold, matchBoard, parseIntent } from './intents.ts';

describe('parseIntent', () => {
  it.each([
    ['find invoices', { kind: 'search', query: 'invoices' }],
    ['Search for “Q3 launch”?', { kind: 'search', query: 'Q3 launch' }],
    ['please look up Lin', { kind: 'search', query: 'Lin' }],
    ['where is the onboarding page', { kind: 'search', query: 'the onboarding page' }],
    ['what is blocked on Café roadmap?', { kind: 'blocked', board: 'Café roadmap' }],
    ['Blocked cards on the "Café roadmap" board', { kind: 'blocked', board: 'Café roadmap' }],
    ['Summarise the blocked cards on Café roadmap', { kind: 'blocked', board: 'Café roadmap' }],
    ['find the blocked cards in Ops', { kind: 'blocked', board: 'Ops' }],
    ["what's blocked?", { kind: 'blocked', board: null }],
    ['summarise Café roadmap', { kind: 'summary', board: null }],
    ['Summarize the board Café roadmap', { kind: 'summary', board: null }],
    ['give me an overview of Website', { kind: 'summary', board: 'Website' }],
    ['summary', { kind: 'summary', board: null }],
    ['Triage the Support board', { kind: 'triage', board: null }],
    ['triage the blocked cards on Support', { kind: 'triage', board: 'Support' }],
    ['What needs attention on Café roadmap?', { kind: 'triage', board: 'Café roadmap' }],
    ['help', { kind: 'help' }],
    ['What can you do?', { kind: 'help' }],
    ['write me a poem', { kind: 'unknown' }],
    ['', { kind: 'unknown' }],
  ])('%s', (text, intent) => {
    expect(parseIntent(text)).toEqual(intent);
  });
});

describe('boardPhrase', () => {
  it('takes quoted names whole and ignores apostrophes', () => {
    expect(boardPhrase('what’s blocked on “Road of Life”')).toBe('Road of Life');
    expect(boardPhrase("what's blocked on Café's board")).toBe("Café's");
    expect(boardPhrase('blocked on it')).toBeNull();
  });
});

describe('matchBoard', () => {
  const boards = [{ name: 'Café roadmap' }, { name: 'Café' }, { name: 'Road of Life' }, { name: 'Website redesign' }];

  it('prefers the longest board name that appears whole in the text, accents and case aside', () => {
    expect(matchBoard('summarise cafe ROADMAP please', null, boards)?.name).toBe('Café roadmap');
    expect(matchBoard('blocked cards on Road of Life', 'Life', boards)?.name).toBe('Road of Life');
    expect(matchBoard('summarise café', null, boards)?.name).toBe('Café');
  });

  it('falls back to the one board containing the phrase, and to none when several or none do', () => {
    expect(matchBoard('blocked on website', 'website', boards)?.name).toBe('Website redesign');
    expect(matchBoard('blocked on caf', 'caf', boards)).toBeNull();
    expect(matchBoard('blocked on Mars', 'Mars', boards)).toBeNull();
  });

  it('folds accents, quotes and spaces', () => {
    expect(fold('  Café   “Roadmap” ')).toBe('cafe "roadmap"');
  });
});
