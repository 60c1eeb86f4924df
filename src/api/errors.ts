import type { components } from './generated/schema';

type Envelope = components['schemas']['Error'];

/** Every failed call surfaces as this: the status, the server's message and code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly issues: { location: string; path: string; message: string }[] = [],
    readonly requestId?: string,
    /** The whole envelope, for an operation's own fields (a 409 `FILE_NAME_TAKEN`'s `existingNodeId`). */
    readonly envelope?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message for a given field, from a 400 VALIDATION_ERROR. */
  fieldError(path: string): string | undefined {
    return this.issues.find((issue) => issue.path === path)?.message;
  }
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).error === 'string';
}

/** Maps a non-2xx response to an ApiError, once, for the whole app. */
export function toApiError(response: Response, body: unknown): ApiError {
  if (isEnvelope(body)) {
    return new ApiError(response.status, body.error, body.code, body.issues ?? [], body.requestId, body);
  }
  const fallback =
    response.status >= 500
      ? 'The server had a problem. Try again in a moment.'
      : `Request failed (${response.status} ${response.statusText || 'error'})`;
  return new ApiError(response.status, fallback);
}

export const networkError = () =>
  new ApiError(0, 'Cannot reach the server. Check your connection and try again.', 'NETWORK_ERROR');

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * A refused edit of a versioned record other than a card (412 `EDIT_CONFLICT` with `current`, the
 * record as it now is): the fields someone else changed since and the version to save on to
 * replace theirs. Null for any other outcome.
 */
export function recordConflictOf(
  error: unknown,
): { fields: string[]; current: Record<string, unknown>; version: number } | null {
  if (!(error instanceof ApiError) || error.status !== 412 || error.code !== 'EDIT_CONFLICT') return null;
  const { fields, current } = (error.envelope ?? {}) as { fields?: unknown; current?: unknown };
  if (!Array.isArray(fields) || typeof current !== 'object' || current === null) return null;
  // The profile's answer holds the person in `user`.
  const record = ('user' in current ? (current as { user: unknown }).user : current) as Record<string, unknown>;
  if (typeof record?.version !== 'number') return null;
  return {
    fields: fields.filter((field): field is string => typeof field === 'string'),
    current: record,
    version: record.version,
  };
}

/** What to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  const conflict = recordConflictOf(error);
  if (conflict) {
    // The colleague's text, so the person can compare it with what is still in the form.
    const theirs = conflict.fields
      .map((field) => conflict.current[field])
      .filter((value): value is string => typeof value === 'string' && value !== '')
      .map((value) => `“${value.length > 80 ? `${value.slice(0, 80)}…` : value}”`);
    return `${(error as ApiError).message}.${theirs.length ? ` Theirs: ${theirs.join(', ')}.` : ''} Your text is still here: save again to replace theirs, or cancel to keep it.`;
  }
  if (error instanceof ApiError) {
    return error.requestId ? `${error.message} (reference ${error.requestId})` : error.message;
  }
  return 'Something went wrong. Try again.';
}

function formatWait(seconds: number) {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The message for a refused public request (sign-up, invitations, newsletter signup and links):
 * these allow a few attempts per network (429 `RATE_LIMITED` with `retryAfter` seconds, as
 * `Retry-After` says), so a 429 says how long to wait; anything else is the server's message.
 */
export function publicErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429) {
    const seconds = Number(error.envelope?.retryAfter);
    return Number.isFinite(seconds) && seconds > 0
      ? `Too many attempts from your network. Try again in ${formatWait(Math.ceil(seconds))}.`
      : error.message;
  }
  return errorMessage(error);
}
