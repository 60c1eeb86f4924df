import { eq } from 'drizzle-orm';
import { holdToContract } from '../../test/contract-check.ts';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createContext } from '../../bootstrap.ts';
import type { Database } from '../../db/client.ts';
import { apiKeys, authSessions } from '../../db/schema.ts';
import { createLogger } from '../../lib/logger.ts';
import { relaxedLimits, testStorage, useTestApp } from '../../test/harness.ts';
import { Authenticator } from './authenticator.ts';
import { DEFAULT_FILES_CONFIG } from '../files/index.ts';

let now = Date.now();
const t = useTestApp({ clock: () => now });

/**
 * A database whose selects read at once but answer only when `release` is called: the window in
 * which a credential can change between the read and the caching.
 */
function gatedDatabase(db: Database) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const wrap = (builder: object): object =>
    new Proxy(builder, {
      get(target, property, receiver) {
        if (property === 'then') {
          const result = (target as PromiseLike<unknown>).then((rows) => gate.then(() => rows));
          return result.then.bind(result);
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (...args: unknown[]) => wrap(value.apply(target, args)) : value;
      },
    });
  const gated = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      return property === 'select' ? (...args: unknown[]) => wrap(value.apply(target, args)) : value;
    },
  });
  return { gated, release };
}

describe('credential cache', () => {
  it('a revocation during a lookup is not undone by caching the row read before it', async () => {
    const { adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'read');
    const { gated, release } = gatedDatabase(t.ctx.db);
    const auth = new Authenticator(gated, t.ctx.secrets, t.ctx.bus, () => now);

    const inFlight = auth.authenticate(`Bearer ${key.secret}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.ctx.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id));
    await auth.invalidate({ keyId: key.id });
    release();
    await inFlight.catch(() => undefined);

    await expect(auth.authenticate(`Bearer ${key.secret}`)).rejects.toMatchObject({
      status: 401,
      code: 'API_KEY_REVOKED',
    });
  });

  it('without any invalidation, trusts a cached credential for at most 30 seconds', async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email);
    expect((await t.call('GET', '/users/me', { token })).status).toBe(200);
    // Revoked behind the server's back (no invalidation message).
    await t.ctx.db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, user.id));
    expect((await t.call('GET', '/users/me', { token })).status).toBe(200);
    now += 30_001;
    const after = await t.call('GET', '/users/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('SESSION_REVOKED');
  });

  it('writes a key’s lastUsedAt at most once a minute', async () => {
    const { adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'read');
    const lastUsed = async () =>
      (await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.lastUsedAt?.getTime();
    await t.call('GET', '/users/me', { token: key.secret });
    const first = await lastUsed();
    expect(first).toBe(now);
    now += 59_000;
    await t.call('GET', '/users/me', { token: key.secret });
    expect(await lastUsed()).toBe(first);
    now += 2_000;
    await t.call('GET', '/users/me', { token: key.secret });
    expect(await lastUsed()).toBe(now);
  });

  it('a sign-out on one server instance reaches another instance’s cache', async () => {
    const other = await createContext({
      handle: t.handle,
      logger: createLogger('silent'),
      storage: testStorage,
      config: {
        sessionTtlSeconds: 3600,
        rateLimits: relaxedLimits,
        trustProxy: false,
        sseHeartbeatMs: 10_000,
        files: DEFAULT_FILES_CONFIG,
      },
    });
    const otherApp = holdToContract(createApp(other));
    const ask = (token: string) =>
      otherApp.request('/api/users/me', { headers: { authorization: `Bearer ${token}` } }, {
        incoming: { socket: { remoteAddress: '10.9.9.9' } },
      } as never);
    try {
      const user = await t.createUser();
      const token = await t.signIn(user.email);
      expect((await ask(token)).status).toBe(200);
      expect((await t.call('POST', '/auth/logout', { token })).status).toBe(200);
      let status = 200;
      for (let attempt = 0; attempt < 50 && status === 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await ask(token)).status;
      }
      expect(status).toBe(401);
    } finally {
      other.hub.close();
      await other.bus.close();
    }
  });
});
