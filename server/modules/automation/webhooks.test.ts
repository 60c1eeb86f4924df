import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, events, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { buildTestApp, type CallOptions, type CallResult, relaxedLimits, useTestApp } from '../../test/harness.ts';
import {
  MAX_WEBHOOK_BODY_BYTES,
  signWebhook,
  verifyWebhook,
  webhookDigest,
  WEBHOOK_SECRET_PATTERN,
} from './webhook-signature.ts';

const t = useTestApp();

type Endpoint = {
  id: string;
  agentId: string;
  name: string;
  url: string;
  secretPrefix: string;
  status: 'active' | 'revoked';
  rotatedAt: string | null;
  revokedAt: string | null;
  lastDeliveryAt: string | null;
  secret: string;
};

/** A company with an agent whose responsible person is a member (not an admin), and the agent's token. */
async function setup() {
  const org = await t.createOrg();
  const responsible = await t.createUser({ company: org.company, role: 'member' });
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: 'Hookbot', managerKind: 'human', managerId: responsible.id })
    .returning();
  const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'runner' } });
  expect(minted.status).toBe(201);
  return {
    ...org,
    bot: bot!,
    responsible,
    responsibleToken: await t.signIn(responsible.email),
    agentToken: minted.body.secret as string,
  };
}

const base = (agentId: string) => `/agents/${agentId}/webhook-endpoints`;

async function createEndpoint(token: string, agentId: string, name = 'GitHub pushes'): Promise<Endpoint> {
  const created = await t.call('POST', base(agentId), { token, body: { name } });
  expect(created.status).toBe(201);
  return created.body as Endpoint;
}

let sequence = 0;
/** A request signed with `secret` (now, unless told), with a payload of its own. */
function signed(
  secret: string,
  payload: unknown = { event: 'push', n: sequence++ },
  options: { now?: number; ip?: string; headers?: Record<string, string> } = {},
): CallOptions {
  const rawBody = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return {
    rawBody,
    headers: { 'content-type': 'application/json', ...signWebhook(secret, rawBody, options.now), ...options.headers },
    ip: options.ip,
  };
}

const hook = (endpointId: string, options: CallOptions) => t.call('POST', `/hooks/${endpointId}`, options);

const invalidSignature = { error: 'Invalid signature', code: 'UNAUTHORIZED' };

async function storedDeliveries(endpointId: string) {
  return t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

async function countEvents(type: string, deliveryId: string) {
  const [row] = await t.ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(events)
    .where(and(eq(events.type, type), sql`${events.payload}::jsonb->>'deliveryId' = ${deliveryId}`));
  return Number(row!.count);
}

describe('signing (webhook-signature.ts)', () => {
  it('signs `<timestamp>.<raw body>` with HMAC-SHA256 and accepts any one matching v1 signature', () => {
    const secret = 'whsec_test';
    const now = 1_764_136_800_000;
    const headers = signWebhook(secret, '{"a":1}', now);
    expect(headers).toEqual({
      'Webhook-Timestamp': '1764136800',
      'Webhook-Signature': `v1=${webhookDigest(secret, '1764136800', '{"a":1}')}`,
    });
    const request = (signature: string, body: string | Uint8Array = '{"a":1}') => ({
      timestamp: '1764136800',
      signature,
      body,
    });
    const good = headers['Webhook-Signature']!;
    expect(verifyWebhook(secret, request(good), now)).toBe(good);
    expect(verifyWebhook(secret, request(good, new TextEncoder().encode('{"a":1}')), now)).toBe(good);
    expect(
      verifyWebhook(secret, request(`v1=${'0'.repeat(64)}, ${good.toUpperCase().replace('V1=', 'v1=')}`), now),
    ).toBe(good);
    expect(verifyWebhook(secret, request(good, '{"a":2}'), now)).toBeNull();
    expect(verifyWebhook('whsec_other', request(good), now)).toBeNull();
    expect(verifyWebhook(secret, request(good.slice(3)), now)).toBeNull();
    expect(verifyWebhook(secret, request('v1=xyz'), now)).toBeNull();
    expect(verifyWebhook(secret, { ...request(good), timestamp: undefined }, now)).toBeNull();
    expect(verifyWebhook(secret, request(good), now + 300_000)).toBe(good);
    expect(verifyWebhook(secret, request(good), now + 301_000)).toBeNull();
    expect(verifyWebhook(secret, request(good), now - 301_000)).toBeNull();
  });
});

describe('webhook endpoints', () => {
  it('are created with a secret shown once and kept sealed; listed without it, active first then by name', async () => {
    const org = await setup();
    const stream = await t.openStream(org.memberToken);
    try {
      await stream.next('ready');
      const created = await createEndpoint(org.adminToken, org.bot.id, 'Stripe');
      expect(created).toMatchObject({
        agentId: org.bot.id,
        name: 'Stripe',
        url: `http://localhost/api/hooks/${created.id}`,
        status: 'active',
        createdBy: org.admin.id,
        rotatedAt: null,
        revokedAt: null,
        lastDeliveryAt: null,
      });
      expect(created.secret).toMatch(WEBHOOK_SECRET_PATTERN);
      expect(created.secretPrefix).toBe(created.secret.slice(0, 10));
      expect((await stream.next('webhook.endpoint.changed')).data).toMatchObject({
        agentId: org.bot.id,
        endpointId: created.id,
        change: 'created',
      });
      const [stored] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(JSON.stringify(stored)).not.toContain(created.secret);

      const github = await createEndpoint(org.responsibleToken, org.bot.id, 'GitHub');
      const alpha = await createEndpoint(org.adminToken, org.bot.id, 'alpha');
      expect((await t.call('DELETE', `${base(org.bot.id)}/${alpha.id}`, { token: org.adminToken })).status).toBe(200);
      const list = await t.call('GET', base(org.bot.id), { token: org.memberToken });
      expect(list.status).toBe(200);
      expect(list.body.map((e: Endpoint) => [e.name, e.status])).toEqual([
        ['GitHub', 'active'],
        ['Stripe', 'active'],
        ['alpha', 'revoked'],
      ]);
      for (const endpoint of list.body) expect(endpoint).not.toHaveProperty('secret');
      for (const secret of [created.secret, github.secret, alpha.secret]) {
        expect(JSON.stringify(list.body)).not.toContain(secret);
      }
    } finally {
      await stream.close();
    }
  });

  it('are managed by admins and the responsible person only; members list them; keys need write; agents list their own', async () => {
    const org = await setup();
    const refused = await t.call('POST', base(org.bot.id), { token: org.memberToken, body: { name: 'Nope' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    for (const [method, path] of [
      ['POST', `${base(org.bot.id)}/${endpoint.id}/rotate`],
      ['DELETE', `${base(org.bot.id)}/${endpoint.id}`],
    ] as const) {
      const denied = await t.call(method, path, { token: org.memberToken });
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('FORBIDDEN');
    }

    const readKey = await t.createKey(org.adminToken, 'read');
    const writeKey = await t.createKey(org.adminToken, 'write');
    expect((await t.call('GET', base(org.bot.id), { token: readKey.secret })).status).toBe(200);
    const readOnly = await t.call('POST', base(org.bot.id), { token: readKey.secret, body: { name: 'Key' } });
    expect(readOnly.body.code).toBe('API_KEY_READ_ONLY');
    expect((await t.call('POST', base(org.bot.id), { token: writeKey.secret, body: { name: 'Key' } })).status).toBe(
      201,
    );

    const byAgent = await t.call('POST', base(org.bot.id), { token: org.agentToken, body: { name: 'Self' } });
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
    const own = await t.call('GET', base(org.bot.id), { token: org.agentToken });
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(2);
    const [sibling] = await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: 'Sibling', managerKind: 'human', managerId: org.admin.id })
      .returning();
    expect((await t.call('GET', base(sibling!.id), { token: org.agentToken })).status).toBe(404);

    const other = await t.createOrg();
    expect((await t.call('GET', base(org.bot.id), { token: other.adminToken })).status).toBe(404);
    expect((await t.call('POST', base(org.bot.id), { token: other.adminToken, body: { name: 'x' } })).status).toBe(404);
    const blank = await t.call('POST', base(org.bot.id), { token: org.adminToken, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0].path).toBe('name');
  });

  it('an agent has at most 20 active endpoints (409 WEBHOOK_LIMIT_REACHED); a revoked one frees a place', async () => {
    const org = await setup();
    const made: Endpoint[] = [];
    for (let n = 0; n < 20; n++) made.push(await createEndpoint(org.adminToken, org.bot.id, `Hook ${n}`));
    const full = await t.call('POST', base(org.bot.id), { token: org.adminToken, body: { name: 'One more' } });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('WEBHOOK_LIMIT_REACHED');
    await t.call('DELETE', `${base(org.bot.id)}/${made[0]!.id}`, { token: org.adminToken });
    await createEndpoint(org.adminToken, org.bot.id, 'One more');
  });

  it('rotating gives a new secret and the old one stops at once; a revoked endpoint cannot rotate (409) and answers 404', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    expect((await hook(endpoint.id, signed(endpoint.secret))).status).toBe(202);
    const rotated = await t.call('POST', `${base(org.bot.id)}/${endpoint.id}/rotate`, { token: org.responsibleToken });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(rotated.body.secretPrefix).toBe(rotated.body.secret.slice(0, 10));
    expect(rotated.body.rotatedAt).not.toBeNull();
    const old = await hook(endpoint.id, signed(endpoint.secret));
    expect(old.status).toBe(401);
    expect(old.body).toEqual(invalidSignature);
    expect((await hook(endpoint.id, signed(rotated.body.secret))).status).toBe(202);

    const revoked = await t.call('DELETE', `${base(org.bot.id)}/${endpoint.id}`, { token: org.responsibleToken });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: endpoint.id, status: 'revoked' });
    expect(revoked.body.revokedAt).not.toBeNull();
    expect(revoked.body).not.toHaveProperty('secret');
    const again = await t.call('DELETE', `${base(org.bot.id)}/${endpoint.id}`, { token: org.adminToken });
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    const rotateRevoked = await t.call('POST', `${base(org.bot.id)}/${endpoint.id}/rotate`, { token: org.adminToken });
    expect(rotateRevoked.status).toBe(409);
    expect(rotateRevoked.body.code).toBe('WEBHOOK_REVOKED');
    const gone = await hook(endpoint.id, signed(rotated.body.secret));
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('NOT_FOUND');
    // An endpoint of the agent is not reachable through another agent's path.
    const [sibling] = await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: 'Sibling', managerKind: 'human', managerId: org.admin.id })
      .returning();
    expect((await t.call('DELETE', `${base(sibling!.id)}/${endpoint.id}`, { token: org.adminToken })).status).toBe(404);
  });
});

describe('search', () => {
  it('finds the company agents’ active endpoints by name, with the agent as context; an agent token its own only', async () => {
    const org = await setup();
    const live = await createEndpoint(org.adminToken, org.bot.id, 'Quokka deploys');
    const gone = await createEndpoint(org.adminToken, org.bot.id, 'Quokka old');
    await t.call('DELETE', `${base(org.bot.id)}/${gone.id}`, { token: org.adminToken });
    const [sibling] = await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: 'Sibling', managerKind: 'human', managerId: org.admin.id })
      .returning();
    const siblings = await createEndpoint(org.adminToken, sibling!.id, 'Quokka alerts');
    const endpoints = async (token: string) =>
      (await t.call('GET', '/search?q=quokka', { token })).body.results.filter(
        (result: { kind: string }) => result.kind === 'webhook_endpoint',
      );
    const found = await endpoints(org.memberToken);
    expect(found.map((result: { id: string }) => result.id).sort()).toEqual([live.id, siblings.id].sort());
    expect(found.find((result: { id: string }) => result.id === live.id)).toMatchObject({
      label: 'Quokka deploys',
      context: 'Hookbot',
      agentId: org.bot.id,
    });
    expect((await endpoints(org.agentToken)).map((result: { id: string }) => result.id)).toEqual([live.id]);
    const other = await t.createOrg();
    expect(await endpoints(other.adminToken)).toEqual([]);
  });
});

describe('POST /hooks/{endpointId}', () => {
  it('a signed delivery is stored and reaches the agent’s stream with its payload; members hear of it without the payload', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id, 'CI');
    const agentStream = await t.openStream(org.agentToken, {}, `/agents/${org.bot.id}/events`);
    const memberStream = await t.openStream(org.memberToken);
    try {
      await agentStream.next('ready');
      await memberStream.next('ready');
      const payload = { action: 'opened', pull_request: { number: 7, title: 'Café ☕' } };
      const received = await hook(endpoint.id, signed(endpoint.secret, payload, { ip: '198.51.100.23' }));
      expect(received.status).toBe(202);
      expect(received.body).toEqual({ deliveryId: expect.any(String), duplicate: false });
      const deliveryId = received.body.deliveryId as string;

      const forAgent = await agentStream.next('agent.webhook.received');
      expect(forAgent.data).toMatchObject({
        agentId: org.bot.id,
        endpointId: endpoint.id,
        deliveryId,
        name: 'CI',
        payload,
        redelivery: false,
      });
      const forMembers = await memberStream.next('webhook.delivery.recorded');
      expect(forMembers.data).toMatchObject({
        agentId: org.bot.id,
        endpointId: endpoint.id,
        deliveryId,
        status: 'delivered',
        sizeBytes: Buffer.byteLength(JSON.stringify(payload)),
      });
      expect(forMembers.data).not.toHaveProperty('payload');
      expect(forMembers.data).not.toHaveProperty('actorUserId');
      // The payload stays on the agent's stream: no member's stream got it, the agent's got no company event.
      expect(memberStream.received.map((event) => event.event)).not.toContain('agent.webhook.received');
      expect(agentStream.received.map((event) => event.event)).not.toContain('webhook.delivery.recorded');
    } finally {
      await agentStream.close();
      await memberStream.close();
    }
    const [stored] = await storedDeliveries(endpoint.id);
    expect(stored).toMatchObject({ agentId: org.bot.id, sourceIp: '198.51.100.23', status: 'delivered', attempts: 1 });
    const list = await t.call('GET', base(org.bot.id), { token: org.memberToken });
    expect(list.body[0].lastDeliveryAt).toBe(stored!.receivedAt.toISOString());
  });

  it('the same signed request again answers the first delivery as a duplicate and is not sent again', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const request = signed(endpoint.secret);
    const first = await hook(endpoint.id, request);
    expect(first.status).toBe(202);
    const again = await hook(endpoint.id, request);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ deliveryId: first.body.deliveryId, duplicate: true });
    // Padding the header with another (wrong) signature does not make it a new request.
    const padded = await hook(endpoint.id, {
      ...request,
      headers: {
        ...request.headers,
        'Webhook-Signature': `v1=${'0'.repeat(64)}, ${request.headers!['Webhook-Signature']}`,
      },
    });
    expect(padded.body).toEqual({ deliveryId: first.body.deliveryId, duplicate: true });
    expect(await storedDeliveries(endpoint.id)).toHaveLength(1);
    expect(await countEvents('agent.webhook.received', first.body.deliveryId)).toBe(1);
    expect(await countEvents('webhook.delivery.recorded', first.body.deliveryId)).toBe(1);
    // Two copies at once: one is stored, the other answers it as a duplicate.
    const twin = signed(endpoint.secret);
    const both = await Promise.all([hook(endpoint.id, twin), hook(endpoint.id, twin)]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 202]);
    expect(both[0]!.body.deliveryId).toBe(both[1]!.body.deliveryId);
    expect(await storedDeliveries(endpoint.id)).toHaveLength(2);
    // The same payload signed at another second is another request.
    const later = signed(endpoint.secret, JSON.parse(request.rawBody!), { now: Date.now() - 5000 });
    expect((await hook(endpoint.id, later)).status).toBe(202);
  });

  it('a missing, wrong or stale signature answers 401 without detail, and nothing is stored', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const other = await createEndpoint(org.adminToken, org.bot.id, 'Other');
    const rawBody = JSON.stringify({ hello: 'world' });
    const at = (offsetMs: number) => ({ now: Date.now() + offsetMs });
    const seconds = () => String(Math.floor(Date.now() / 1000));
    // Each request is signed as it is sent, so a slow run cannot move it into or out of the window.
    const cases: [string, () => CallOptions][] = [
      ['no headers', () => ({ rawBody, headers: { 'content-type': 'application/json' } })],
      ['no signature', () => ({ rawBody, headers: { 'Webhook-Timestamp': seconds() } })],
      [
        'no timestamp',
        () => ({
          rawBody,
          headers: { 'Webhook-Signature': signed(endpoint.secret, rawBody).headers!['Webhook-Signature']! },
        }),
      ],
      ['another endpoint’s secret', () => signed(other.secret, rawBody)],
      ['another body', () => ({ ...signed(endpoint.secret, rawBody), rawBody: JSON.stringify({ hello: 'there' }) })],
      ['too old', () => signed(endpoint.secret, rawBody, at(-310_000))],
      ['too far ahead', () => signed(endpoint.secret, rawBody, at(310_000))],
      [
        'a malformed timestamp',
        () => ({ rawBody, headers: { 'Webhook-Timestamp': 'yesterday', 'Webhook-Signature': 'v1=00' } }),
      ],
      [
        'no v1 scheme',
        () => ({ rawBody, headers: { ...signed(endpoint.secret, rawBody).headers, 'Webhook-Signature': 'v0=abc' } }),
      ],
    ];
    for (const [label, request] of cases) {
      const refused = await hook(endpoint.id, request());
      expect(refused.status, label).toBe(401);
      expect(refused.body, label).toEqual(invalidSignature);
    }
    expect(await storedDeliveries(endpoint.id)).toEqual([]);
    // Within the five minutes either way is fine.
    expect((await hook(endpoint.id, signed(endpoint.secret, { n: 1 }, at(-290_000)))).status).toBe(202);
    expect((await hook(endpoint.id, signed(endpoint.secret, { n: 2 }, at(290_000)))).status).toBe(202);
  });

  it('unknown and revoked endpoints answer 404 (before anything else); a malformed id 400', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const unknown = await hook('0b8c5e1a-3f4d-4c2a-9d7e-2f1b6a9c8e10', signed(endpoint.secret));
    expect(unknown.status).toBe(404);
    const huge = await hook('0b8c5e1a-3f4d-4c2a-9d7e-2f1b6a9c8e10', {
      rawBody: 'x'.repeat(MAX_WEBHOOK_BODY_BYTES + 1),
    });
    expect(huge.status).toBe(404);
    expect((await hook('not-an-id', signed(endpoint.secret))).status).toBe(400);
  });

  it('a body over 256 KiB answers 413 PAYLOAD_TOO_LARGE, by its Content-Length or its actual size; 256 KiB is fine', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const sized = (bytes: number) => `"${'a'.repeat(bytes - 2)}"`;
    const over = await hook(endpoint.id, signed(endpoint.secret, sized(MAX_WEBHOOK_BODY_BYTES + 1)));
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('PAYLOAD_TOO_LARGE');
    // Checked before the signature: an unsigned big body is 413 too.
    expect((await hook(endpoint.id, { rawBody: sized(MAX_WEBHOOK_BODY_BYTES + 1) })).status).toBe(413);
    const declared = await hook(endpoint.id, {
      ...signed(endpoint.secret),
      headers: { ...signed(endpoint.secret).headers, 'content-length': String(MAX_WEBHOOK_BODY_BYTES + 1) },
    });
    expect(declared.status).toBe(413);
    const exact = await hook(endpoint.id, signed(endpoint.secret, sized(MAX_WEBHOOK_BODY_BYTES)));
    expect(exact.status).toBe(202);
    const [stored] = await storedDeliveries(endpoint.id);
    expect(stored!.sizeBytes).toBe(MAX_WEBHOOK_BODY_BYTES);
  });

  it('takes any JSON value whatever its Content-Type; a signed body that is not JSON answers 400, one Postgres cannot store 400', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const notJson = await hook(endpoint.id, signed(endpoint.secret, 'action=opened'));
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe('INVALID_JSON');
    const plain = signed(endpoint.secret, [1, 'two', { three: 3 }]);
    const asText = await hook(endpoint.id, { ...plain, headers: { ...plain.headers, 'content-type': 'text/plain' } });
    expect(asText.status).toBe(202);
    expect((await hook(endpoint.id, signed(endpoint.secret, '"just text"'))).status).toBe(202);
    const nul = await hook(endpoint.id, signed(endpoint.secret, '{"a":{"b":"x\\u0000y"}}'));
    expect(nul.status).toBe(400);
    expect(nul.body.issues[0].path).toBe('a.b');
    const surrogate = await hook(endpoint.id, signed(endpoint.secret, '{"a":"\\ud800"}'));
    expect(surrogate.status).toBe(400);
    const deep = await hook(endpoint.id, signed(endpoint.secret, `${'['.repeat(100)}${']'.repeat(100)}`));
    expect(deep.status).toBe(400);
    const payloads = (await storedDeliveries(endpoint.id)).map((row) => row.payload);
    expect(payloads).toEqual(expect.arrayContaining([[1, 'two', { three: 3 }], 'just text']));
    expect(payloads).toHaveLength(2);
  });

  it('a paused agent’s deliveries are accepted and stored; a completed agent’s are refused (409 AGENT_UNAVAILABLE)', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    await t.call('PUT', `/agents/${org.bot.id}/status`, { token: org.adminToken, body: { status: 'paused' } });
    expect((await hook(endpoint.id, signed(endpoint.secret))).status).toBe(202);
    await t.call('PUT', `/agents/${org.bot.id}/status`, { token: org.adminToken, body: { status: 'completed' } });
    const refused = await hook(endpoint.id, signed(endpoint.secret));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('AGENT_UNAVAILABLE');
    expect(await storedDeliveries(endpoint.id)).toHaveLength(1);
  });
});

describe('deliveries and redelivery', () => {
  it('are listed newest first, paged, for admins, the responsible person and the agent; other members 403, other companies 404', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      const received = await hook(endpoint.id, signed(endpoint.secret, { n }));
      ids.push(received.body.deliveryId);
    }
    const path = `${base(org.bot.id)}/${endpoint.id}/deliveries`;
    const readKey = await t.createKey(org.adminToken, 'read');
    for (const token of [org.adminToken, org.responsibleToken, org.agentToken, readKey.secret]) {
      const list = await t.call('GET', path, { token });
      expect(list.status).toBe(200);
      expect(list.body.map((d: { id: string }) => d.id)).toEqual([...ids].reverse());
    }
    const list = await t.call('GET', path, { token: org.agentToken });
    expect(list.body[2]).toMatchObject({
      id: ids[0],
      endpointId: endpoint.id,
      agentId: org.bot.id,
      status: 'delivered',
      payload: { n: 0 },
      sizeBytes: JSON.stringify({ n: 0 }).length,
      attempts: 1,
    });
    expect(list.body[2]).not.toHaveProperty('sourceIp');
    const page = await t.call('GET', `${path}?limit=1&offset=1`, { token: org.adminToken });
    expect(page.body.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expect((await t.call('GET', `${path}?limit=0`, { token: org.adminToken })).status).toBe(400);
    expect((await t.call('GET', `${path}?limit=101`, { token: org.adminToken })).status).toBe(400);

    const member = await t.call('GET', path, { token: org.memberToken });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    const other = await t.createOrg();
    expect((await t.call('GET', path, { token: other.adminToken })).status).toBe(404);
    const [sibling] = await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: 'Sibling', managerKind: 'human', managerId: org.admin.id })
      .returning();
    expect(
      (await t.call('GET', `${base(sibling!.id)}/${endpoint.id}/deliveries`, { token: org.adminToken })).status,
    ).toBe(404);
  });

  it('redelivery sends a delivery to the agent again (redelivery: true), counts the attempt, and tells members', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id, 'Deploys');
    const received = await hook(endpoint.id, signed(endpoint.secret, { deploy: 'v2' }));
    const deliveryId = received.body.deliveryId as string;
    const path = `${base(org.bot.id)}/${endpoint.id}/deliveries/${deliveryId}/redeliver`;

    const member = await t.call('POST', path, { token: org.memberToken });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    expect((await t.call('POST', path, { token: org.agentToken })).body.code).toBe('AGENT_TOKEN_FORBIDDEN');
    const readKey = await t.createKey(org.adminToken, 'read');
    expect((await t.call('POST', path, { token: readKey.secret })).body.code).toBe('API_KEY_READ_ONLY');

    const agentStream = await t.openStream(org.agentToken, {}, `/agents/${org.bot.id}/events`);
    const memberStream = await t.openStream(org.memberToken);
    try {
      await agentStream.next('ready');
      await memberStream.next('ready');
      const redelivered = await t.call('POST', path, { token: org.responsibleToken });
      expect(redelivered.status).toBe(200);
      expect(redelivered.body).toMatchObject({ id: deliveryId, status: 'redelivered', attempts: 2 });
      expect(Date.parse(redelivered.body.lastDeliveredAt)).toBeGreaterThanOrEqual(
        Date.parse(redelivered.body.receivedAt),
      );
      expect((await agentStream.next('agent.webhook.received')).data).toMatchObject({
        deliveryId,
        name: 'Deploys',
        payload: { deploy: 'v2' },
        redelivery: true,
        receivedAt: redelivered.body.receivedAt,
        actorUserId: org.responsible.id,
      });
      const told = await memberStream.next('webhook.delivery.recorded');
      expect(told.data).toMatchObject({ deliveryId, status: 'redelivered' });
      expect(told.data).not.toHaveProperty('payload');
    } finally {
      await agentStream.close();
      await memberStream.close();
    }
    expect((await t.call('POST', path, { token: org.adminToken })).body.attempts).toBe(3);

    const unknown = `${base(org.bot.id)}/${endpoint.id}/deliveries/0b8c5e1a-3f4d-4c2a-9d7e-2f1b6a9c8e10/redeliver`;
    expect((await t.call('POST', unknown, { token: org.adminToken })).status).toBe(404);
    await t.call('DELETE', `${base(org.bot.id)}/${endpoint.id}`, { token: org.adminToken });
    const revoked = await t.call('POST', path, { token: org.adminToken });
    expect(revoked.status).toBe(409);
    expect(revoked.body.code).toBe('WEBHOOK_REVOKED');
    // A revoked endpoint's deliveries stay readable.
    expect(
      (await t.call('GET', `${base(org.bot.id)}/${endpoint.id}/deliveries`, { token: org.adminToken })).body,
    ).toHaveLength(1);
  });
});

describe('PATCH /agents/{agentId}/webhook-deliveries/{deliveryId}', () => {
  it('the agent reports the outcome once per attempt; members hear of it; a redelivery clears it; people get 404', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const received = await hook(endpoint.id, signed(endpoint.secret, { job: 'build' }));
    const deliveryId = received.body.deliveryId as string;
    const path = `/agents/${org.bot.id}/webhook-deliveries/${deliveryId}`;
    const listed = await t.call('GET', `${base(org.bot.id)}/${endpoint.id}/deliveries`, { token: org.adminToken });
    expect(listed.body[0]).toMatchObject({ outcomeStatus: null, outcome: null, reportedAt: null });

    const writeKey = await t.createKey(org.adminToken, 'write');
    for (const token of [org.adminToken, org.responsibleToken, writeKey.secret]) {
      const refused = await t.call('PATCH', path, { token, body: { status: 'succeeded' } });
      expect(refused.status).toBe(404);
    }
    const [sibling] = await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: 'Sibling', managerKind: 'human', managerId: org.admin.id })
      .returning();
    const siblingToken = (
      await t.call('POST', `/agents/${sibling!.id}/tokens`, { token: org.adminToken, body: { name: 'x' } })
    ).body.secret as string;
    expect((await t.call('PATCH', path, { token: siblingToken, body: { status: 'failed' } })).status).toBe(404);
    const otherPath = `/agents/${sibling!.id}/webhook-deliveries/${deliveryId}`;
    expect((await t.call('PATCH', otherPath, { token: siblingToken, body: { status: 'failed' } })).status).toBe(404);
    const long = await t.call('PATCH', path, {
      token: org.agentToken,
      body: { status: 'failed', outcome: 'x'.repeat(2001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toBe('outcome');
    expect((await t.call('PATCH', path, { token: org.agentToken, body: { status: 'skipped' } })).status).toBe(400);

    const stream = await t.openStream(org.memberToken);
    try {
      await stream.next('ready');
      const reported = await t.call('PATCH', path, {
        token: org.agentToken,
        body: { status: 'succeeded', outcome: 'Built and deployed' },
      });
      expect(reported.status).toBe(200);
      expect(reported.body).toMatchObject({
        id: deliveryId,
        outcomeStatus: 'succeeded',
        outcome: 'Built and deployed',
      });
      expect(reported.body.reportedAt).not.toBeNull();
      const told = await stream.next('webhook.delivery.recorded');
      expect(told.data).toMatchObject({ deliveryId, actorAgentId: org.bot.id });
      expect(told.data).not.toHaveProperty('payload');
    } finally {
      await stream.close();
    }
    const twice = await t.call('PATCH', path, { token: org.agentToken, body: { status: 'failed' } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('RUN_ALREADY_REPORTED');

    const redelivered = await t.call('POST', `${base(org.bot.id)}/${endpoint.id}/deliveries/${deliveryId}/redeliver`, {
      token: org.adminToken,
    });
    expect(redelivered.body).toMatchObject({ attempts: 2, outcomeStatus: null, outcome: null, reportedAt: null });
    const again = await t.call('PATCH', path, { token: org.agentToken, body: { status: 'failed' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ outcomeStatus: 'failed', outcome: null });
  });
});

describe('limits and PUBLIC_URL (an app of their own)', () => {
  let limited: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    // The limiters' clock stands still, so the counts do not depend on how fast the machine runs them.
    const frozen = Date.now();
    limited = await buildTestApp({
      clock: () => frozen,
      config: {
        publicUrl: 'https://work.example',
        rateLimits: { ...relaxedLimits, webhookDeliveriesPerMinute: 3, authFailuresPerMinute: 3 },
      },
    });
  });
  afterAll(async () => {
    limited.ctx.hub.close();
    await limited.ctx.bus.close();
  });

  async function post(endpointId: string, request: CallOptions): Promise<CallResult> {
    const response = await limited.app.request(
      `/api/hooks/${endpointId}`,
      { method: 'POST', headers: request.headers, body: request.rawBody },
      { incoming: { socket: { remoteAddress: request.ip ?? '203.0.113.50' } } } as never,
    );
    return { status: response.status, body: await response.json(), headers: response.headers };
  }

  it('endpoint URLs are built on PUBLIC_URL when it is set', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const response = await limited.app.request(`/api${base(org.bot.id)}`, {
      headers: { authorization: `Bearer ${org.memberToken}` },
    });
    const [listed] = (await response.json()) as Endpoint[];
    expect(listed!.url).toBe(`https://work.example/api/hooks/${endpoint.id}`);
  });

  it('each endpoint takes WEBHOOK_DELIVERIES_PER_MINUTE signed requests a minute (429 beyond); unsigned ones do not use them up', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const other = await createEndpoint(org.adminToken, org.bot.id, 'Other');
    // Unsigned requests from several addresses: refused (401), and the endpoint's budget is untouched.
    for (let n = 0; n < 5; n++) {
      expect((await post(endpoint.id, { rawBody: '{}', ip: `198.51.100.${n + 1}` })).status).toBe(401);
    }
    for (let n = 0; n < 3; n++) {
      const accepted = await post(endpoint.id, signed(endpoint.secret));
      expect(accepted.status).toBe(202);
    }
    const refused = await post(endpoint.id, signed(endpoint.secret));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-policy')).toBe('"webhook-deliveries";q=3;w=60');
    expect(await storedDeliveries(endpoint.id)).toHaveLength(3);
    // Per endpoint: another one is not affected.
    expect((await post(other.id, signed(other.secret))).status).toBe(202);
  });

  it('wrong signatures count against the address’s failed-authentication limit (429 once full); signed requests still pass', async () => {
    const org = await setup();
    const endpoint = await createEndpoint(org.adminToken, org.bot.id);
    const ip = '192.0.2.77';
    for (let n = 0; n < 3; n++) {
      const refused = await post(endpoint.id, { ...signed('whsec_wrong'), ip });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(invalidSignature);
    }
    const throttled = await post(endpoint.id, { ...signed('whsec_wrong'), ip });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('ratelimit-policy')).toBe('"auth-failures";q=3;w=60');
    expect((await post(endpoint.id, { ...signed('whsec_wrong'), ip: '192.0.2.78' })).status).toBe(401);
    expect((await post(endpoint.id, { ...signed(endpoint.secret), ip })).status).toBe(202);
  });
});
