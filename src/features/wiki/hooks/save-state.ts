/** The autosave's state as the page shows it, and the shapes it trades with the editor and the merge. */
import { errorMessage, isApiError, type WikiAuthor } from '@/api';

/** What the editor shows and accepts: its Markdown, read on demand, and replaced when told. */
export type EditorPort = {
  getMarkdown: () => string;
  /** Replaces the content (not an edit of the person's: no save, no undo step). */
  setMarkdown: (markdown: string) => void;
};

export type SaveStatus =
  /** Nothing typed since the page was opened or last saved. */
  | 'saved'
  /** Typed, waiting for the pause before saving, or on its way. */
  | 'saving'
  /** The server could not be reached: kept here, and sent again. */
  | 'offline'
  /** A colleague saved in between and the edits overlap: the person decides. */
  | 'conflict'
  /** The server refused (too large, a bad comment mark, no longer allowed…). */
  | 'error';

/** A version of the page: its Markdown and title. */
export type Side = { markdown: string; title: string };
/** The three versions a conflict shows (helper D's dialog takes these). */
export type Conflict = {
  base: Side & { revisionId: string };
  mine: Side;
  theirs: Side & { revisionId: string; updatedBy: WikiAuthor; updatedAt: string };
};

export type SaverState = {
  status: SaveStatus;
  /** The server's message for `error`. */
  message?: string;
  /** `error` only: whether sending the same text again can succeed (not for a page over the size limit). */
  retryable?: boolean;
  /** The title as typed. */
  title: string;
  conflict: Conflict | null;
  /** Someone else saved while there were unsaved edits here: who (merged on the next save). */
  remote: WikiAuthor | null;
  /** The edits were merged automatically with this person's (for a short notice). */
  merged: { with: string; at: number } | null;
  /** A colleague's save took out text this person saved here shortly before (for a notice). */
  replaced: { by: string; excerpt: string; at: number } | null;
  /** The page opened with a draft kept from an earlier visit. */
  restoredDraft: boolean;
  /** The revision the editor's content is based on. */
  revisionId: string;
};

/** Merges a three-way change; null when both sides touched the same blocks (or both retitled). */
export type AutoMerge = (base: Side, mine: Side, theirs: Side) => Promise<Side | null>;

/** What a failed save shows: offline (sent again later), or the server's refusal in words. */
export function failureState(error: unknown, sent?: Side): Pick<SaverState, 'status' | 'message' | 'retryable'> {
  if (isApiError(error) && error.status === 0) return { status: 'offline', message: undefined };
  if (isApiError(error) && error.status === 413) {
    // Sending it again cannot help: the text has to get shorter (the next edit saves again).
    const megabytes = (new Blob([sent?.markdown ?? '']).size / 1_048_576).toFixed(1);
    return {
      status: 'error',
      retryable: false,
      message: `This page is ${megabytes} MB, over the 2 MB a page can hold. Shorten it (or move part of it to a new page) and it saves again.`,
    };
  }
  const message =
    isApiError(error) && error.issues[0] ? `${error.issues[0].path}: ${error.issues[0].message}` : errorMessage(error);
  return { status: 'error', retryable: true, message };
}
