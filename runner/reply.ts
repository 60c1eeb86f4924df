/**
 * Writes one streaming reply: pieces of text and activity items go to the server in order, one
 * `PATCH` at a time; what arrives while a `PATCH` is in flight goes out together in the next one,
 * so a fast model costs a request per round trip, not one per token.
 */
import type { WorkspaceApi } from './api.ts';
import type { ReplySink } from './backends/types.ts';
import type { ActivityInput } from './types.ts';

/** The server's limit on a reply's text. */
export const MAX_REPLY_CHARS = 20_000;
/** The server's limit on activity items per request. */
const MAX_ACTIVITY_PER_REQUEST = 50;

export type ReplyWriter = ReplySink & {
  /** Resolves when everything queued reached the server; rejects with the first failure. */
  flush(): Promise<void>;
  /** The text the server holds so far. */
  readonly written: string;
  /** The first failure (the reply can no longer be written), if any. */
  readonly error: unknown;
};

export function createReplyWriter(options: {
  api: WorkspaceApi;
  agentId: string;
  sessionId: string;
  messageId: string;
  signal: AbortSignal;
  initialText?: string;
}): ReplyWriter {
  const { api, agentId, sessionId, messageId, signal } = options;
  let written = options.initialText ?? '';
  let pendingText = '';
  let pendingActivity: ActivityInput[] = [];
  let failure: unknown;
  let truncated = false;
  /** Settles when the queue is empty; each `send` chains onto it. */
  let tail: Promise<void> = Promise.resolve();
  let sending = false;

  function fail(error: unknown) {
    failure ??= error;
  }

  /** Sends everything queued, then anything queued meanwhile, until the queue is empty. */
  async function drain() {
    sending = true;
    try {
      while (!failure && (pendingText || pendingActivity.length)) {
        if (signal.aborted) {
          fail(signal.reason ?? new Error('stopped'));
          break;
        }
        const append = pendingText;
        const activity = pendingActivity.slice(0, MAX_ACTIVITY_PER_REQUEST);
        pendingText = '';
        pendingActivity = pendingActivity.slice(activity.length);
        try {
          await api.updateReply(
            agentId,
            sessionId,
            messageId,
            { ...(append ? { append } : {}), ...(activity.length ? { activity } : {}) },
            signal,
          );
          written += append;
        } catch (error) {
          fail(error);
        }
      }
    } finally {
      sending = false;
    }
  }

  function schedule(): Promise<void> {
    if (failure) return Promise.reject(failure);
    if (!sending) tail = drain();
    return tail.then(() => {
      if (failure) throw failure;
    });
  }

  return {
    text(piece: string) {
      if (failure) return Promise.reject(failure);
      if (truncated || !piece) return schedule();
      const room = MAX_REPLY_CHARS - written.length - pendingText.length;
      if (piece.length > room) {
        const note = '\n\n[The reply was cut at the 20,000-character limit.]';
        if (room > note.length) pendingText += piece.slice(0, room - note.length) + note;
        truncated = true;
      } else pendingText += piece;
      return schedule();
    },
    activity(item: ActivityInput) {
      if (failure) return Promise.reject(failure);
      pendingActivity.push({ ...item, text: item.text.slice(0, 2000) });
      return schedule();
    },
    flush: () => schedule(),
    get written() {
      return written;
    },
    get error() {
      return failure;
    },
  };
}
