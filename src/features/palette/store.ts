import { create } from 'zustand';

/**
 * Whether the palette is open, and whether it was ever opened (its code loads then, and it stays
 * mounted afterwards so reopening is instant).
 */
export const usePalette = create<{ open: boolean; loaded: boolean; searchable: boolean }>(() => ({
  open: false,
  loaded: false,
  searchable: true,
}));
export const openPalette = () => usePalette.setState({ open: true, loaded: true });
export const closePalette = () => usePalette.setState({ open: false });
export const togglePalette = () => usePalette.setState((state) => ({ open: !state.open, loaded: true }));

/** Something opened from the palette, offered again next time. */
export type RecentItem = {
  kind: string;
  id: string;
  label: string;
  context: string;
  projectId?: string;
  /** A chat session's agent (its address names both). */
  agentId?: string;
};

const RECENT_MAX = 8;
/** Recent items belong to one signed-in person. */
let recentKey: string | null = null;

function loadRecent(key: string): RecentItem[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as RecentItem[]).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export const useRecent = create<{ items: RecentItem[] }>(() => ({ items: [] }));

/** Shows this person's recent items (and only theirs). */
export function setRecentOwner(userId: string) {
  if (recentKey !== `workspace.palette.recent.${userId}`) {
    recentKey = `workspace.palette.recent.${userId}`;
    useRecent.setState({ items: loadRecent(recentKey) });
  }
}

/** On sign-out: nothing of the previous person stays in memory. */
export function forgetRecent() {
  recentKey = null;
  useRecent.setState({ items: [] });
}

export function addRecent(item: RecentItem) {
  const items = [
    item,
    ...useRecent.getState().items.filter((old) => !(old.kind === item.kind && old.id === item.id)),
  ].slice(0, RECENT_MAX);
  useRecent.setState({ items });
  if (!recentKey) return;
  try {
    localStorage.setItem(recentKey, JSON.stringify(items));
  } catch {
    // Storage unavailable: recent items last for this visit only.
  }
}
