import { isApiError } from '@/api';

/** The code a refused invitation answers, whatever the reason (unknown, used, expired, revoked). */
export const isInvitationGone = (error: unknown) => isApiError(error) && error.code === 'INVITATION_NOT_FOUND';

export const INVITATION_GONE_TEXT =
  'This invitation link cannot be used any more: it may have expired, been revoked, or already been used. Ask the person who invited you for a new link.';
