import { getDraftText, setDraftText, useDraftText } from '@/lib/drafts';

/**
 * Unsent comment text per thread (and per reply), in the app's draft store (lib/drafts): kept
 * while you look at other cards, across reloads and closed tabs, until it is sent.
 */
const keyOf = (key: string) => `comment:${key}`;

export const useCommentDraft = (key: string) => useDraftText(keyOf(key));
export const getCommentDraft = (key: string) => getDraftText(keyOf(key));
export const setDraft = (key: string, text: string) => setDraftText(keyOf(key), text);
