import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@/api';
import { testCard } from '../test-card';
import { DESCRIPTION_AUTOSAVE_MS, useCardDrafts } from './use-card-drafts';

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
