import { expect, type APIRequestContext, type Page } from '@playwright/test';

const SESSION_KEY = 'workspace.session';
/** A password that passes the sign-up rule (long, varied, not common). */
export const NEW_PASSWORD = 'orbit-lantern-4417';

let sequence = 0;
/** An email nobody else in this run uses (tests run in parallel against one server). */
export function uniqueEmail(prefix: string) {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${sequence}@e2e.example`;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Invites `email` through the API as the holder of `adminToken`; answers the invitation's link. */
export async function inviteByApi(
  request: APIRequestContext,
  adminToken: string,
  email: string,
  role: 'admin' | 'member' = 'member',
) {
  const response = await request.post('/api/organization/invitations', {
    headers: auth(adminToken),
    data: { email, role },
  });
  expect(response.status()).toBe(201);
  const { invitation } = (await response.json()) as { invitation: { id: string; link: string } };
  return invitation;
}

/** Signs up through the API (with an invitation or a new company); answers the session token. */
export async function signUpByApi(
  request: APIRequestContext,
  body: { name: string; email: string; invitationToken?: string; companyName?: string },
) {
  const response = await request.post('/api/auth/signup', { data: { password: NEW_PASSWORD, ...body } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/**
 * A signed-up person who belongs to no company: invited into the admin's company, then removed
 * from it (so the demo's own `nomad` stays as other tests expect it). Answers their session token.
 */
export async function companylessPerson(request: APIRequestContext, adminToken: string, name: string) {
  const email = uniqueEmail('companyless');
  const invitation = await inviteByApi(request, adminToken, email);
  const token = await signUpByApi(request, { name, email, invitationToken: invitation.link.split('#')[1] });
  const me = await request.get('/api/users/me', { headers: auth(token) });
  const { user } = (await me.json()) as { user: { id: string } };
  const removed = await request.delete(`/api/organization/humans/${user.id}`, { headers: auth(adminToken) });
  expect(removed.status()).toBe(200);
  // Removal does not end their sessions: a fresh sign-in shows the state as it now is.
  const login = await request.post('/api/auth/login', { data: { email, password: NEW_PASSWORD } });
  expect(login.status()).toBe(200);
  return { email, token: ((await login.json()) as { token: string }).token };
}

/** Opens `path` with `token` already in the page's storage, as a signed-in tab would have it. */
export async function openSignedIn(page: Page, token: string, path = '/') {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-planted')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-planted', '1');
      }
    },
    [SESSION_KEY, token] as const,
  );
  await page.goto(path);
}
