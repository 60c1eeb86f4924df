import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, unwrap } from './client';
import { ApiError } from './errors';
import { endSession, getToken, setToken, useSession } from './session';

function respond(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('the API client', () => {
  beforeEach(() => setToken('token-1'));
  afterEach(() => {
    vi.unstubAllGlobals();
    endSession('signed-out');
  });

  it('sends the session token as a Bearer header', async () => {
    const fetchMock = respond(200, { apiKeys: [] });
    vi.stubGlobal('fetch', fetchMock);
    await unwrap(api.GET('/users/api-keys'));
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(request.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('turns the error envelope into an ApiError with the server’s message, code and field issues', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, {
        error: 'Invalid body: name: is required',
        code: 'VALIDATION_ERROR',
        issues: [{ location: 'body', path: 'name', message: 'is required' }],
      }),
    );
    const error = await unwrap(
      api.POST('/users/api-keys', { body: { name: '', scope: 'read', expiresInDays: null } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid body: name: is required', code: 'VALIDATION_ERROR' });
    expect((error as ApiError).fieldError('name')).toBe('is required');
    expect(getToken()).toBe('token-1');
  });

  it('ends the session as “revoked” on 401 SESSION_REVOKED', async () => {
    vi.stubGlobal('fetch', respond(401, { error: 'You were signed out', code: 'SESSION_REVOKED' }));
    await expect(unwrap(api.GET('/users/me'))).rejects.toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
    expect(useSession.getState()).toEqual({ token: null, reason: 'revoked' });
  });

  it('ends the session as “expired” on 401 SESSION_EXPIRED', async () => {
    vi.stubGlobal('fetch', respond(401, { error: 'expired', code: 'SESSION_EXPIRED' }));
    await expect(unwrap(api.GET('/users/me'))).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().reason).toBe('expired');
  });

  it('a late 401 for a token that was replaced does not end the new session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        setToken('token-2');
        return new Response(JSON.stringify({ error: 'revoked', code: 'SESSION_REVOKED' }), { status: 401 });
      }),
    );
    await expect(unwrap(api.GET('/users/me'))).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState()).toEqual({ token: 'token-2', reason: null });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(unwrap(api.GET('/users/me'))).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(getToken()).toBe('token-1');
  });

  it('explains a non-envelope 5xx without leaking the body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>proxy error</html>', { status: 502 })),
    );
    await expect(unwrap(api.GET('/users/me'))).rejects.toMatchObject({
      status: 502,
      message: 'The server had a problem. Try again in a moment.',
    });
  });

  it('sends a POST again after a lost answer with the same Idempotency-Key, and a new request with a new one', async () => {
    const keys: (string | null)[] = [];
    let drop = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        keys.push(request.headers.get('idempotency-key'));
        // As the browser does: the body is read once sent.
        await request.text();
        if (drop) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ id: 'k1' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const body = { name: 'Deploy key', scope: 'write' as const, expiresInDays: null };
    await expect(unwrap(api.POST('/users/api-keys', { body }))).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    drop = false;
    await unwrap(api.POST('/users/api-keys', { body }));
    await unwrap(api.POST('/users/api-keys', { body }));
    await unwrap(api.POST('/users/api-keys', { body: { ...body, name: 'Other key' } }));
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    // The resend after the dropped connection is the same request; the next ones are new.
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
  });

  it('sends no Idempotency-Key on reads', async () => {
    const fetchMock = respond(200, { apiKeys: [] });
    vi.stubGlobal('fetch', fetchMock);
    await unwrap(api.GET('/users/api-keys'));
    expect((fetchMock.mock.calls[0] as unknown as [Request])[0].headers.get('idempotency-key')).toBeNull();
  });
});
