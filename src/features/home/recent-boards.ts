import { useSyncExternalStore } from 'react';

/** A board someone opened, as it was called then (Home shows its current name). */
export type RecentBoard = { id: string; name: string };

/** How many boards Home remembers per person, most recent first. */
export const RECENT_BOARDS_MAX = 6;
const keyOf = (userId: string) => `workspace.home.recent-boards.${userId}`;
const EMPTY: RecentBoard[] = [];

/** Each person's list as last read or written, so every read of an unchanged list is the same array. */
const lists = new Map<string, RecentBoard[]>();
const listeners = new Set<() => void>();

function isRecentBoard(value: unknown): value is RecentBoard {
  const board = value as RecentBoard | null;
  return typeof board?.id === 'string' && typeof board.name === 'string';
}

function read(userId: string): RecentBoard[] {
  let list = lists.get(userId);
  if (!list) {
    try {
      const parsed = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]') as unknown;
      list = Array.isArray(parsed) ? parsed.filter(isRecentBoard).slice(0, RECENT_BOARDS_MAX) : EMPTY;
    } catch {
      list = EMPTY;
    }
    lists.set(userId, list);
  }
  return list;
}

const notify = () => listeners.forEach((listener) => listener());

/** Another tab remembered a board: read that person's list again. */
function onStorage(event: StorageEvent) {
  if (event.key === null) lists.clear();
  else if (event.key.startsWith(keyOf(''))) lists.delete(event.key.slice(keyOf('').length));
  else return;
  notify();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * Remembers that `userId` opened a board: it moves to the front of their recent boards (at most
 * six), kept in this browser.
 */
export function rememberBoardVisit(userId: string, project: { id: string; name: string }) {
  const current = read(userId);
  if (current[0]?.id === project.id && current[0].name === project.name) return;
  const list = [{ id: project.id, name: project.name }, ...current.filter((board) => board.id !== project.id)].slice(
    0,
    RECENT_BOARDS_MAX,
  );
  lists.set(userId, list);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(list));
  } catch {
    // Storage unavailable: the list lasts for this visit only.
  }
  notify();
}

/** The boards `userId` opened lately in this browser, most recent first. */
export function recentBoardsOf(userId: string): RecentBoard[] {
  return read(userId);
}

export function useRecentBoards(userId: string): RecentBoard[] {
  return useSyncExternalStore(subscribe, () => read(userId));
}
