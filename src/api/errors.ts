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

/** What to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
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
