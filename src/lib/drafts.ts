import { create } from 'zustand';

/**
 * The one draft store of the app: what a person typed and the server does not have yet, kept in
 * this browser (localStorage) so a reload, a closed tab, a lost connection or a refused save does
 * not lose it. Each field names its draft with a key of its own (`card:<id>:description`,
 * `comment:<thread>`, `chat:<session>`); drafts are kept per person (`setDraftOwner`: another
 * person signing in on this browser sees none of them), for 30 days, up to 1 MiB each.
 *
 * A draft may carry the `base` it was typed on (a record's version), so restoring it later still
 * names that version and a colleague's change since is shown as a conflict, not overwritten.
 */
export type StoredDraft = {
  text: string;
  /** The version of the record the text was typed on, when the field has one. */
  base?: number;
  /** When it was last written (ms since the epoch). */
  at: number;
};

const PREFIX = 'workspace.draft.';
/** Drafts older than this are dropped when read. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A longer text is not kept (the fields' own limits are far below it). */
const DRAFT_MAX_CHARS = 1_048_576;

let owner: string | null = null;

/**
 * The texts of the composers that keep theirs here (comments, chat), in memory too, so every
 * field showing one draft shows the same text at once. Starts empty for each person.
 */
const useDraftTexts = create<{ texts: Record<string, string> }>(() => ({ texts: {} }));

/** Whose drafts are read and written (the signed-in person); null keeps none. */
export function setDraftOwner(userId: string | null) {
  if (owner === userId) return;
  owner = userId;
  useDraftTexts.setState({ texts: {} });
}

const storageKey = (key: string) => (owner ? `${PREFIX}${owner}.${key}` : null);

export function readStoredDraft(key: string, now = Date.now()): StoredDraft | null {
  const name = storageKey(key);
  if (!name) return null;
  try {
    const raw = localStorage.getItem(name);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof draft.text !== 'string' || typeof draft.at !== 'number' || now - draft.at > DRAFT_MAX_AGE_MS) {
      localStorage.removeItem(name);
      return null;
    }
    return typeof draft.base === 'number'
      ? { text: draft.text, base: draft.base, at: draft.at }
      : { text: draft.text, at: draft.at };
  } catch {
    return null;
  }
}

/** Keeps `text` as the draft of `key`; an empty text removes it. False when the browser refused. */
export function storeDraft(key: string, text: string, base?: number): boolean {
  const name = storageKey(key);
  if (!name) return false;
  if (!text) {
    discardStoredDraft(key);
    return true;
  }
  if (text.length > DRAFT_MAX_CHARS) return false;
  try {
    const draft: StoredDraft = base === undefined ? { text, at: Date.now() } : { text, base, at: Date.now() };
    localStorage.setItem(name, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the text is still on screen.
    return false;
  }
  return true;
}

export function discardStoredDraft(key: string) {
  const name = storageKey(key);
  if (!name) return;
  try {
    localStorage.removeItem(name);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** The keys (without the owner) of this person's drafts that start with `prefix`. */
export function storedDraftKeys(prefix: string): string[] {
  const start = storageKey(prefix);
  if (!start) return [];
  const keys: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      if (name?.startsWith(start)) keys.push(name.slice(start.length - prefix.length));
    }
  } catch {
    return [];
  }
  return keys;
}

/** The draft text of `key` (empty when none): what was typed, else what this browser kept. */
export function getDraftText(key: string): string {
  return useDraftTexts.getState().texts[key] ?? readStoredDraft(key)?.text ?? '';
}

/** The draft text of `key`, for a composer to show; it follows `setDraftText`. */
export function useDraftText(key: string): string {
  const typed = useDraftTexts((state) => state.texts[key]);
  return typed ?? readStoredDraft(key)?.text ?? '';
}

/** Sets the draft text of `key` (empty when sent or cleared), kept in this browser too. */
export function setDraftText(key: string, text: string) {
  storeDraft(key, text);
  useDraftTexts.setState((state) => ({ texts: { ...state.texts, [key]: text } }));
}
