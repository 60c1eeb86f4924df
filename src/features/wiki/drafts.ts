/**
 * Unsaved page edits, kept in this browser until the server accepts them: a reload, a crash or a
 * lost connection does not lose what was typed. One draft per person and page, with the revision
 * it was typed on (so a newer revision on the server is merged with it, not overwritten).
 */
export type PageDraft = {
  baseRevisionId: string;
  title: string;
  markdown: string;
  /** When it was written (ms since the epoch). */
  at: number;
};

const PREFIX = 'workspace.wiki.draft.';
const keyOf = (userId: string, pageId: string) => `${PREFIX}${userId}.${pageId}`;

export function readDraft(userId: string, pageId: string): PageDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(userId, pageId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<PageDraft>;
    if (typeof draft.baseRevisionId !== 'string' || typeof draft.markdown !== 'string') return null;
    return {
      baseRevisionId: draft.baseRevisionId,
      title: typeof draft.title === 'string' ? draft.title : '',
      markdown: draft.markdown,
      at: typeof draft.at === 'number' ? draft.at : 0,
    };
  } catch {
    return null;
  }
}

/** Keeps a draft; false when the browser refused (storage full or disabled). */
export function writeDraft(userId: string, pageId: string, draft: Omit<PageDraft, 'at'>): boolean {
  try {
    localStorage.setItem(keyOf(userId, pageId), JSON.stringify({ ...draft, at: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(userId: string, pageId: string) {
  try {
    localStorage.removeItem(keyOf(userId, pageId));
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
