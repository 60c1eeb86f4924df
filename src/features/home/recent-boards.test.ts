import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_BOARDS_MAX, recentBoardsOf, rememberBoardVisit, useRecentBoards } from './recent-boards';

const board = (n: number) => ({ id: `board-${n}`, name: `Board ${n}` });

describe('recent boards', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the six most recent boards per person, most recent first, once each', () => {
    for (let n = 1; n <= 8; n++) rememberBoardVisit('ann', board(n));
    rememberBoardVisit('ann', board(5));
    expect(RECENT_BOARDS_MAX).toBe(6);
    expect(recentBoardsOf('ann').map((item) => item.id)).toEqual([5, 8, 7, 6, 4, 3].map((n) => `board-${n}`));
    expect(recentBoardsOf('bob')).toEqual([]);
    expect(JSON.parse(localStorage.getItem('workspace.home.recent-boards.ann')!)).toHaveLength(6);
  });

  it('keeps the newest name of a board', () => {
    rememberBoardVisit('cay', board(1));
    rememberBoardVisit('cay', { id: 'board-1', name: 'Renamed' });
    expect(recentBoardsOf('cay')).toEqual([{ id: 'board-1', name: 'Renamed' }]);
  });

  it('reads what is stored, ignoring entries that are not boards', () => {
    localStorage.setItem(
      'workspace.home.recent-boards.dee',
      JSON.stringify([board(1), { id: 3 }, 'x', null, board(2)]),
    );
    expect(recentBoardsOf('dee')).toEqual([board(1), board(2)]);
    localStorage.setItem('workspace.home.recent-boards.eve', '{not json');
    expect(recentBoardsOf('eve')).toEqual([]);
  });

  it('updates those who show the list', () => {
    const { result } = renderHook(() => useRecentBoards('fay'));
    expect(result.current).toEqual([]);
    act(() => rememberBoardVisit('fay', board(1)));
    expect(result.current).toEqual([board(1)]);
  });
});
