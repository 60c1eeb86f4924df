import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@/api';
import { testCard } from '../test-card';
import { readStoredDraft, setDraftOwner } from '@/lib/drafts';
import { cardDraftKey, DESCRIPTION_AUTOSAVE_MS, forgetSavedCardDrafts, useCardDrafts } from './use-card-drafts';

const card = (changes: Partial<Card> = {}): Card =>
  testCard('c1', 'col', { title: 'Write brief', description: 'First draft', ...changes });

describe('useCardDrafts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the description by itself once typing pauses, once', () => {
    const persist = vi.fn();
    const { result } = renderHook(() => useCardDrafts(card(), persist, vi.fn()));
    act(() => result.current.focus('description'));
    act(() => result.current.setDescription('Second'));
    act(() => result.current.setDescription('Second draft'));
    act(() => vi.advanceTimersByTime(DESCRIPTION_AUTOSAVE_MS - 1));
    expect(persist).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(persist).toHaveBeenCalledTimes(1);
    expect(persist).toHaveBeenCalledWith({ description: 'Second draft', baseVersion: 1 });
  });

  it('keeps what was typed when a save fails (the card stays as the server has it)', () => {
    const persist = vi.fn();
    const { result, rerender } = renderHook(({ shown }) => useCardDrafts(shown, persist, vi.fn()), {
      initialProps: { shown: card() },
    });
    act(() => result.current.focus('title'));
    act(() => result.current.setTitle('Write the brief'));
    act(() => result.current.blur('title'));
    expect(persist).toHaveBeenCalledWith({ title: 'Write the brief', baseVersion: 1 });
    // The save is refused: the card is rolled back to the same server value.
    rerender({ shown: card() });
    expect(result.current.title).toBe('Write the brief');
  });

  it('takes a colleague’s change to a field that is not being edited, but not to the one that is', () => {
    const { result, rerender } = renderHook(({ shown }) => useCardDrafts(shown, vi.fn(), vi.fn()), {
      initialProps: { shown: card() },
    });
    act(() => result.current.focus('description'));
    act(() => result.current.setDescription('Mine, typing'));
    rerender({ shown: card({ title: 'Renamed by Max', description: 'Max’s text' }) });
    expect(result.current.title).toBe('Renamed by Max');
    expect(result.current.description).toBe('Mine, typing');
  });

  it('an emptied title goes back to the card’s title and saves nothing', () => {
    const persist = vi.fn();
    const { result } = renderHook(() => useCardDrafts(card(), persist, vi.fn()));
    act(() => result.current.setTitle('   '));
    act(() => result.current.blur('title'));
    expect(result.current.title).toBe('Write brief');
    expect(persist).not.toHaveBeenCalled();
  });

  it('saves unsaved text when the editor goes away (panel closed, next card)', () => {
    const flush = vi.fn();
    const persist = vi.fn();
    const { result, unmount } = renderHook(() => useCardDrafts(card(), persist, flush));
    act(() => result.current.setTitle('Write brief v2 '));
    act(() => result.current.setDescription('Typed, not yet saved'));
    unmount();
    act(() => vi.advanceTimersByTime(DESCRIPTION_AUTOSAVE_MS * 2));
    expect(flush).toHaveBeenCalledWith({
      title: 'Write brief v2',
      description: 'Typed, not yet saved',
      baseVersion: 1,
    });
    expect(persist).not.toHaveBeenCalled();
  });

  it('unticking “blocked” clears the reason on the card', () => {
    const persist = vi.fn();
    const { result } = renderHook(() => useCardDrafts(card({ blocked: 'Waiting' }), persist, vi.fn()));
    expect(result.current.blockedOpen).toBe(true);
    act(() => result.current.setBlocked(false));
    expect(result.current.blockedReason).toBe('');
    expect(persist).toHaveBeenCalledWith({ blocked: null, baseVersion: 1 });
  });
});

describe('useCardDrafts: drafts kept in the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    setDraftOwner('u1');
  });
  afterEach(() => {
    vi.useRealTimers();
    setDraftOwner(null);
  });

  it('keeps typed text until the server’s copy holds it, and offers it to the next panel on that card', () => {
    const first = renderHook(() => useCardDrafts(card(), vi.fn(), vi.fn()));
    act(() => first.result.current.focus('description'));
    act(() => first.result.current.setDescription('Half a thought'));
    expect(readStoredDraft(cardDraftKey('c1', 'description'))).toMatchObject({ text: 'Half a thought', base: 1 });
    // The tab goes away before the save left (a reload).
    first.unmount();

    const persist = vi.fn();
    const second = renderHook(() => useCardDrafts(card(), persist, vi.fn()));
    expect(second.result.current.description).toBe('First draft');
    expect(second.result.current.offers.description).toMatchObject({ text: 'Half a thought' });
    act(() => second.result.current.restore('description'));
    expect(second.result.current.description).toBe('Half a thought');
    expect(second.result.current.offers.description).toBeUndefined();
    expect(persist).toHaveBeenCalledWith({ description: 'Half a thought', baseVersion: 1 });
  });

  it('restores on the version the text was typed on, so a colleague’s change since is a conflict', () => {
    const first = renderHook(() => useCardDrafts(card(), vi.fn(), vi.fn()));
    act(() => first.result.current.setTitle('My title'));
    first.unmount();
    const persist = vi.fn();
    const { result } = renderHook(() => useCardDrafts(card({ title: 'Max’s title', version: 4 }), persist, vi.fn()));
    act(() => result.current.restore('title'));
    expect(persist).toHaveBeenCalledWith({ title: 'My title', baseVersion: 1 });
  });

  it('forgets a draft the server’s copy holds, and one discarded', () => {
    const { result, rerender } = renderHook(({ shown }) => useCardDrafts(shown, vi.fn(), vi.fn()), {
      initialProps: { shown: card() },
    });
    act(() => result.current.setTitle('Saved title'));
    expect(readStoredDraft(cardDraftKey('c1', 'title'))?.text).toBe('Saved title');
    rerender({ shown: card({ title: 'Saved title', version: 2 }) });
    expect(readStoredDraft(cardDraftKey('c1', 'title'))).toBeNull();

    act(() => result.current.setBlocked(true));
    act(() => result.current.setBlockedReason('Waiting on legal'));
    const again = renderHook(() => useCardDrafts(card({ title: 'Saved title', version: 2 }), vi.fn(), vi.fn()));
    expect(again.result.current.offers.blocked).toMatchObject({ text: 'Waiting on legal' });
    act(() => again.result.current.discard('blocked'));
    expect(again.result.current.offers.blocked).toBeUndefined();
    expect(readStoredDraft(cardDraftKey('c1', 'blocked'))).toBeNull();
  });

  it('forgets a draft once a save made on leaving stores it, so a colleague’s later change offers nothing', () => {
    const first = renderHook(() => useCardDrafts(card(), vi.fn(), vi.fn()));
    act(() => first.result.current.setDescription('Sent on leaving'));
    first.unmount();
    forgetSavedCardDrafts(card({ description: 'Sent on leaving', version: 2 }));
    const later = renderHook(() =>
      useCardDrafts(card({ description: 'Max rewrote it', version: 3 }), vi.fn(), vi.fn()),
    );
    expect(later.result.current.offers).toEqual({});
  });

  it('keeps another person’s drafts apart', () => {
    const first = renderHook(() => useCardDrafts(card(), vi.fn(), vi.fn()));
    act(() => first.result.current.setDescription('Ada’s words'));
    first.unmount();
    setDraftOwner('u2');
    const other = renderHook(() => useCardDrafts(card(), vi.fn(), vi.fn()));
    expect(other.result.current.offers).toEqual({});
  });
});
