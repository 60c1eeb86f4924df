import { describe, expect, it } from 'vitest';
import { signToken } from '../../lib/jwt.ts';
import { useTestApp } from '../../test/harness.ts';
import { SESSION_AUDIENCE } from './authenticator.ts';

const t = useTestApp();

describe('POST /auth/login', () => {
  it('returns a session token that authenticates the user, with its expiry', async () => {
    const user = await t.createUser({ company: await t.createCompany() });
    const response = await t.call('POST', '/auth/login', {
      body: { email: user.email, password: 'correct horse battery staple' },
    });
    expect(response.status).toBe(200);
    expect(response.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Date.parse(response.body.expiresAt)).toBeGreaterThan(Date.now());
    const me = await t.call('GET', '/users/me', { token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
  });

  it('matches the email case-insensitively', async () => {
    const user = await t.createUser();
    expect(await t.signIn(user.email.toUpperCase())).toBeTruthy();
  });

  it('gives each sign-in its own session id', async () => {
    const user = await t.createUser();
    const [a, b] = [await t.signIn(user.email), await t.signIn(user.email)];
    const jti = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti;
    expect(jti(a)).not.toBe(jti(b));
  });

  it('answers a wrong password and an unknown email alike: 401 INVALID_CREDENTIALS', async () => {
    const user = await t.createUser();
    const wrong = await t.call('POST', '/auth/login', { body: { email: user.email, password: 'nope' } });
    const unknown = await t.call('POST', '/auth/login', { body: { email: 'nobody@test.example', password: 'nope' } });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Email or password is incorrect', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('names the invalid field', async () => {
    const response = await t.call('POST', '/auth/login', { body: { email: 'not-an-email' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location: 'body', path: 'email' }),
        expect.objectContaining({ location: 'body', path: 'password', message: 'is required' }),
      ]),
    );
    expect(response.body.error).toContain('email');
  });

  it('rejects invalid JSON with 400 INVALID_JSON', async () => {
    const response = await t.call('POST', '/auth/login', {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid JSON in request body', code: 'INVALID_JSON' });
  });

  it('rejects a body that is not JSON with 415', async () => {
    const response = await t.call('POST', '/auth/login', {
      rawBody: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('bounds the password length', async () => {
    const response = await t.call('POST', '/auth/login', {
      body: { email: 'a@test.example', password: 'x'.repeat(1025) },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('password');
  });
});

describe('POST /auth/logout', () => {
  it('revokes that session only: its token then answers 401 SESSION_REVOKED', async () => {
    const user = await t.createUser();
    const [token, other] = [await t.signIn(user.email), await t.signIn(user.email)];
    const response = await t.call('POST', '/auth/logout', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const after = await t.call('GET', '/users/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: expect.any(String), code: 'SESSION_REVOKED' });
    expect((await t.call('GET', '/users/me', { token: other })).status).toBe(200);
  });

  it('refuses API keys with 403 API_KEY_FORBIDDEN', async () => {
    const { adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'write');
    const response = await t.call('POST', '/auth/logout', { token: key.secret });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('API_KEY_FORBIDDEN');
  });
});

describe('bearer authentication', () => {
  const unauthorized = { error: expect.any(String), code: 'UNAUTHORIZED' };

  it('401 without an Authorization header', async () => {
    const response = await t.call('GET', '/users/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthorized);
  });

  it.each([
    ['a non-Bearer scheme', 'Basic YWRhOnB3'],
    ['an empty bearer', 'Bearer '],
    ['a random string', 'Bearer not-a-token'],
    ['a malformed key', 'Bearer aik_short'],
    ['an unknown key', `Bearer aik_${'A'.repeat(43)}`],
    ['a token of three garbage parts', 'Bearer a.b.c'],
  ])('401 UNAUTHORIZED for %s', async (_label, header) => {
    const response = await t.call('GET', '/users/me', { headers: { authorization: header } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthorized);
  });

  it('rejects a session token with a tampered payload', async () => {
    const user = await t.createUser();
    const [header, , signature] = (await t.signIn(user.email)).split('.');
    const other = await t.createUser();
    const forged = Buffer.from(JSON.stringify({ sub: other.id, aud: SESSION_AUDIENCE, exp: 9999999999 })).toString(
      'base64url',
    );
    const response = await t.call('GET', '/users/me', { token: `${header}.${forged}.${signature}` });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthorized);
  });

  it('rejects a token signed with another secret', async () => {
    const user = await t.createUser();
    const now = Math.floor(Date.now() / 1000);
    const token = signToken(
      { sub: user.id, aud: SESSION_AUDIENCE, iat: now, exp: now + 60, jti: crypto.randomUUID() },
      'x'.repeat(48),
    );
    expect((await t.call('GET', '/users/me', { token })).status).toBe(401);
  });

  it('answers an expired session with 401 SESSION_EXPIRED', async () => {
    const user = await t.createUser();
    const now = Math.floor(Date.now() / 1000);
    const token = signToken(
      { sub: user.id, aud: SESSION_AUDIENCE, iat: now - 120, exp: now - 60, jti: crypto.randomUUID() },
      t.ctx.secrets.session,
    );
    const response = await t.call('GET', '/users/me', { token });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('SESSION_EXPIRED');
  });

  it('rejects a validly signed token whose session does not exist', async () => {
    const user = await t.createUser();
    const now = Math.floor(Date.now() / 1000);
    const token = signToken(
      { sub: user.id, aud: SESSION_AUDIENCE, iat: now, exp: now + 60, jti: crypto.randomUUID() },
      t.ctx.secrets.session,
    );
    const response = await t.call('GET', '/users/me', { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthorized);
  });

  it('does not accept a support-widget token as a session', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const support = (await t.call('GET', '/users/support-token', { token: session })).body.token;
    expect((await t.call('GET', '/users/me', { token: support })).status).toBe(401);
  });
});
