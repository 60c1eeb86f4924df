// `Idempotency-Key` on authenticated POSTs (server/http/idempotency.ts).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, projects } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';
import { sweepIdempotencyKeys } from './idempotency.ts';

const t = useTestApp();
let org: Awaited<ReturnType<typeof t.createOrg>>;
beforeAll(async () => {
  org = await t.createOrg();
});

const create = (name: string, key?: string, token = org.memberToken) =>
  t.call('POST', '/projects', { token, body: { name }, headers: key === undefined ? {} : { 'idempotency-key': key } });

const named = async (name: string) => (await t.ctx.db.select().from(projects).where(eq(projects.name, name))).length;

describe('Idempotency-Key on a POST', () => {
  it('answers a retry with the first answer and creates nothing more', async () => {
    const name = t.unique('Retried');
    const first = await create(name, 'key-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await create(name, 'key-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await named(name)).toBe(1);
    // Without a key, or with another one, it creates again.
    expect((await create(name)).status).toBe(201);
    expect((await create(name, 'key-2')).status).toBe(201);
    expect(await named(name)).toBe(3);
  });

  it('refuses the key with another request (422), and keeps keys apart per caller', async () => {
    const name = t.unique('Reused');
    expect((await create(name, 'shared')).status).toBe(201);
    const other = await create(`${name} (other)`, 'shared');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // Another person's same key is theirs.
    const admin = await create(`${name} (admin)`, 'shared', org.adminToken);
    expect(admin.status).toBe(201);
    expect(admin.body.id).not.toBe(other.body.id);
  });

  it('keeps no answer that was not a success: the request may be sent again with the key', async () => {
    const refused = await t.call('POST', '/projects', {
      token: org.memberToken,
      body: { name: '' },
      headers: { 'idempotency-key': 'fix-and-retry' },
    });
    expect(refused.status).toBe(400);
    const name = t.unique('Fixed');
    expect((await create(name, 'fix-and-retry')).status).toBe(201);
    expect(await named(name)).toBe(1);
  });

  it('answers 409 while the first request runs, and takes a key left running for a minute as abandoned', async () => {
    const owner = `user:${org.member.id}`;
    const name = t.unique('Running');
    const body = { name };
    // A finished request with the same body gives the fingerprint a running one would have.
    const probe = await create(name, 'probe');
    expect(probe.status).toBe(201);
    const [row] = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'probe'));
    const fingerprint = row!.fingerprint;
    await t.ctx.db.insert(idempotencyKeys).values({ owner, key: 'busy', fingerprint });
    const busy = await t.call('POST', '/projects', {
      token: org.memberToken,
      body,
      headers: { 'idempotency-key': 'busy' },
    });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ code: 'CONFLICT' });
    await t.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(idempotencyKeys.key, 'busy'));
    expect(
      (await t.call('POST', '/projects', { token: org.memberToken, body, headers: { 'idempotency-key': 'busy' } }))
        .status,
    ).toBe(201);
  });

  it('forgets answers after 24 hours: a retry then runs again, and the housekeeping removes them', async () => {
    const name = t.unique('Expired');
    expect((await create(name, 'old')).status).toBe(201);
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000);
    await t.ctx.db.update(idempotencyKeys).set({ createdAt: dayAgo }).where(eq(idempotencyKeys.key, 'old'));
    expect((await create(name, 'old')).status).toBe(201);
    expect(await named(name)).toBe(2);
    await t.ctx.db.update(idempotencyKeys).set({ createdAt: dayAgo }).where(eq(idempotencyKeys.key, 'old'));
    expect(await sweepIdempotencyKeys(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'old'))).toEqual([]);
  });

  it('replays an answer the server sent gzipped (the organization chart) as it was, or decoded for a client without gzip', async () => {
    const name = t.unique('Guild');
    const headers = { 'idempotency-key': 'chart', 'accept-encoding': 'gzip' };
    const first = await t.call('POST', '/organization/teams', { token: org.adminToken, body: { name }, headers });
    expect(first.status).toBe(201);
    const again = await t.call('POST', '/organization/teams', { token: org.adminToken, body: { name }, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The test client does not decode: the bytes are the same gzip stream.
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(again.headers.get('content-encoding')).toBe('gzip');
    expect(again.body).toEqual(first.body);
    const plain = await t.call('POST', '/organization/teams', {
      token: org.adminToken,
      body: { name },
      headers: { 'idempotency-key': 'chart' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body.teams.filter((team: { name: string }) => team.name === name)).toHaveLength(1);
    const chart = await t.call('GET', '/organization/chart', { token: org.adminToken });
    expect(chart.body.teams.filter((team: { name: string }) => team.name === name)).toHaveLength(1);
  });

  it('refuses a malformed key with 400', async () => {
    const long = await create(t.unique('Long key'), 'k'.repeat(256));
    expect(long.status).toBe(400);
    expect(long.body.issues).toEqual([expect.objectContaining({ location: 'header', path: 'Idempotency-Key' })]);
    expect((await create(t.unique('Spaced key'), 'has space')).status).toBe(400);
  });
});
