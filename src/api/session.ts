import { create } from 'zustand';

const STORAGE_KEY = 'workspace.session';

/** Why the user is looking at the sign-in page, when it was not their own choice. */
export type SignedOutReason = 'revoked' | 'expired' | 'invalid' | 'signed-out' | 'deleted';

type SessionState = {
  token: string | null;
  reason: SignedOutReason | null;
};

function readToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The session token, kept in localStorage so it survives reloads and is shared by tabs. */
export const useSession = create<SessionState>(() => ({ token: readToken(), reason: null }));

export function getToken(): string | null {
  return useSession.getState().token;
}

export function setToken(token: string) {
  localStorage.setItem(STORAGE_KEY, token);
  useSession.setState({ token, reason: null });
}

/** Forgets the token; `reason` tells the sign-in page what to say. */
export function endSession(reason: SignedOutReason) {
  localStorage.removeItem(STORAGE_KEY);
  useSession.setState({ token: null, reason });
}

// Signing in or out in one tab does the same in the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    if (event.newValue) useSession.setState({ token: event.newValue, reason: null });
    else useSession.setState({ token: null, reason: 'signed-out' });
  });
}
