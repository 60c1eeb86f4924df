/** Invitation tokens are URL-safe (base64url); anything else in a pasted text is not part of one. */
const TOKEN = /^[A-Za-z0-9_-]{16,512}$/;

/**
 * The token of an invitation from what a person pastes: the whole link (`…/invite#<token>`), the
 * fragment alone (`#<token>`) or the bare token. Null when there is no token in it.
 */
export function invitationTokenFrom(text: string): string | null {
  const trimmed = text.trim();
  const hash = trimmed.indexOf('#');
  const candidate = hash >= 0 ? trimmed.slice(hash + 1) : trimmed;
  // A link pasted from a mail client may keep a trailing full stop or bracket.
  const cleaned = decodeURIComponentSafe(candidate).replace(/[).,;>\]]+$/, '');
  return TOKEN.test(cleaned) ? cleaned : null;
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
