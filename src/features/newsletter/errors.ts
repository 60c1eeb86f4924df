import { errorMessage, isApiError } from '@/api';

function formatWait(seconds: number) {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The message for a refused public request. The signup, confirm and unsubscribe routes allow a
 * few attempts per network (429 `RATE_LIMITED` with `retryAfter` seconds, as `Retry-After` says):
 * then how long to wait; anything else is the server's message.
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

/**
 * The server's word when a link cannot be used: its token refused (400 on `token`: unknown,
 * expired or replaced) or its subscriber gone (404, removed by an admin). Undefined otherwise.
 */
export function tokenProblem(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 400) return error.fieldError('token');
  return error.status === 404 ? error.message : undefined;
}
