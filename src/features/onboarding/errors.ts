import { errorMessage, isApiError } from '@/api';

function formatWait(seconds: number) {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The message for a refused public request: the sign-up and invitation routes allow a few
 * attempts per network, so a 429 says how long to wait; anything else is the server's message.
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

/** The code a refused invitation answers, whatever the reason (unknown, used, expired, revoked). */
export const isInvitationGone = (error: unknown) => isApiError(error) && error.code === 'INVITATION_NOT_FOUND';

export const INVITATION_GONE_TEXT =
  'This invitation link cannot be used any more: it may have expired, been revoked, or already been used. Ask the person who invited you for a new link.';
