import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DRAFT_MAX_AGE_MS,
  discardStoredDraft,
  getDraftText,
  readStoredDraft,
  setDraftOwner,
  setDraftText,
  storeDraft,
  storedDraftKeys,
} from './drafts';

beforeEach(() => {
  localStorage.clear();
  setDraftOwner('ada');
});
afterEach(() => {
  vi.useRealTimers();
  setDraftOwner(null);
});

describe('the draft store', () => {
  it('keeps a draft with the version it was typed on, until it is discarded; an empty text is none', () => {
    expect(storeDraft('card:c1:title', 'New title', 3)).toBe(true);
    expect(readStoredDraft('card:c1:title')).toEqual({ text: 'New title', base: 3, at: expect.any(Number) });
    expect(storedDraftKeys('card:c1:')).toEqual(['card:c1:title']);
    discardStoredDraft('card:c1:title');
    expect(readStoredDraft('card:c1:title')).toBeNull();
    storeDraft('card:c1:title', 'x');
    storeDraft('card:c1:title', '');
    expect(readStoredDraft('card:c1:title')).toBeNull();
  });

  it('keeps each person’s drafts apart, and none without a person', () => {
    setDraftText('comment:t1', 'Ada’s reply');
    setDraftOwner('max');
    expect(getDraftText('comment:t1')).toBe('');
    expect(readStoredDraft('comment:t1')).toBeNull();
    setDraftOwner('ada');
    expect(getDraftText('comment:t1')).toBe('Ada’s reply');
    setDraftOwner(null);
    expect(storeDraft('comment:t1', 'nobody')).toBe(false);
  });

  it('drops a draft older than 30 days when read', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    storeDraft('chat:session:s1', 'Old question');
    expect(readStoredDraft('chat:session:s1', Date.now() + DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(readStoredDraft('chat:session:s1', Date.now() + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('refuses a text over 1 MiB and ignores what it cannot read', () => {
    expect(storeDraft('card:c1:description', 'x'.repeat(1_048_577))).toBe(false);
    expect(readStoredDraft('card:c1:description')).toBeNull();
    localStorage.setItem('workspace.draft.ada.card:c2:title', '{not json');
    expect(readStoredDraft('card:c2:title')).toBeNull();
    localStorage.setItem('workspace.draft.ada.card:c3:title', JSON.stringify({ text: 7, at: Date.now() }));
    expect(readStoredDraft('card:c3:title')).toBeNull();
  });
});
