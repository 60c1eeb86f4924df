import { create } from 'zustand';

const STORAGE_KEY = 'workspace.comment-drafts';

function load(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** Unsent comment text per thread (and per reply), kept while you look at other cards and across reloads. */
export const useDrafts = create<{ drafts: Record<string, string> }>(() => ({ drafts: load() }));

export function setDraft(key: string, text: string) {
  useDrafts.setState((state) => {
    const drafts = { ...state.drafts };
    if (text) drafts[key] = text;
    else delete drafts[key];
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(drafts));
    } catch {
      // Storage full or unavailable: the draft still lives in memory.
    }
    return { drafts };
  });
}
