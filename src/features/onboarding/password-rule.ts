/** The server's minimum (`POST /auth/signup`); it also refuses common passwords, which it alone knows. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 1024;

/** What the sign-up form says about passwords before anything is typed. */
export const PASSWORD_RULE =
  'At least 10 characters, at least three different ones. Not your name or email, not a common password.';

/**
 * Why a password would be refused, checked before sending what the browser can check (the server
 * checks again, and also against a list of common passwords). Null when it looks acceptable.
 */
export function passwordProblem(password: string, { email, name }: { email: string; name: string }): string | null {
  // Counted as the server counts: characters, not UTF-16 units (an emoji is one).
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters (${length} so far).`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (new Set(password).size < 3) return 'Use at least three different characters.';
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.split('@')[0] || lower === name.trim().toLowerCase())
    return 'Do not use your email or name as your password.';
  return null;
}
