/**
 * Agent work metered in credits (credits/metering.ts, `chargeAgentWork` in ledger.ts): every write
 * an agent token may make is charged in its own transaction, linked to the agent, the card and the
 * session it was part of; without credits it is refused with 402 and nothing of it is written; the
 * agent's stream hears when the company runs out and when credits come back.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentMessages,
  agents,
  agentSessions,
  cardComments,
  cards,
  creditAccounts,
  creditTransactions,
  cronRuns,
  events,
  fileNodes,
  webhookDeliveries,
} from '../../db/schema.ts';
import type { SystemActor } from '../../events/record.ts';
import { useTestApp } from '../../test/harness.ts';
import { applyCreditTransaction } from './ledger.ts';

/** Prices of their own, so a charge shows which one it took. */
const PRICES = { reply: 7, write: 2 };
const t = useTestApp({ config: { creditPrices: PRICES } });
const contract = JSON.parse(readFileSync(new URL('../../../contract/openapi.json', import.meta.url), 'utf8'));

/**
 * Every write open to agent tokens, and what it costs. A new one fails the contract test below until
 * it is decided here (and charged, or documented free, in its route).
 */
const CHARGED = {
  updateAgentSession: 'write',
  postAgentMessage: 'reply',
  reportCronRun: 'write',
  reportWebhookDelivery: 'write',
  createFileNode: 'write',
  createUploadUrl: 'write',
  completeUpload: 'write',
  updateCard: 'write',
  moveCard: 'write',
  createCardComment: 'write',
  createWikiComment: 'write',
} as const;
type ChargedOperation = keyof typeof CHARGED;
/**
 * Continuing the agent's reply: the reply was charged when it was posted. The MCP endpoint: each of
 * its tool calls is the operation itself, charged as that operation (server/modules/mcp tests).
 */
const FREE = ['updateAgentMessage', 'callMcp'];

type Call = { method: string; path: string; body?: unknown };

/** The headers of a webhook delivery signed with the endpoint's secret (the Standard Webhooks scheme). */
function signed(secret: string, body: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1=${digest}` };
}

/**
 * A company with an agent and everything an agent writes to: a card delegated to it (a delegation
 * session), a chat session, a folder granted to it, a pending file of its own with its bytes sent,
 * a schedule's run and a webhook delivery waiting for its report.
 */
async function setup() {
  const org = await t.createOrg();
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: 'Meterbot', managerKind: 'human', managerId: org.admin.id })
    .returning();
  const agentId = bot!.id;
  const call = async (method: string, path: string, body: unknown, token: string, status = 0) => {
    const answer = await t.call(method, path, { token, body });
    if (status) expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    else expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  const agentToken = (await call('POST', `/agents/${agentId}/tokens`, { name: 'runner' }, org.adminToken))
    .secret as string;
  const board = await t.createBoard(org.adminToken, ['To do', 'Doing', 'Review']);
  const [todo, doing] = board.columns;
  const cardUrl = (cardId: string) => `/projects/${board.id}/cards/${cardId}`;
  const newCard = async (title: string) =>
    (await call('POST', `/projects/${board.id}/cards`, { columnId: todo!.id, title }, org.adminToken)).card
      .id as string;
  const cardId = await newCard('Pick an oat milk');
  const pageId = (await call('POST', `/projects/${board.id}/wiki`, { title: 'Milk notes' }, org.adminToken))
    .id as string;
  // The member delegates the card: a session for the card, accountable to them.
  await call('PATCH', cardUrl(cardId), { assignee: agentId }, org.memberToken);
  const [delegation] = await t.ctx.db.select().from(agentSessions).where(eq(agentSessions.cardId, cardId));
  const chat = (await call('POST', `/agents/${agentId}/sessions`, { text: 'Hello' }, org.memberToken)).session
    .id as string;
  const folder = (await call('POST', '/client/files/nodes', { type: 'folder', name: 'Shared' }, org.adminToken))
    .id as string;
  await call('POST', `/agents/${agentId}/file-grants`, { nodeId: folder }, org.adminToken);
  const job = await call(
    'POST',
    `/agents/${agentId}/cron-jobs`,
    { name: 'Morning', expression: '0 9 * * 1-5', timeZone: 'Europe/Berlin', instruction: 'Say hello' },
    org.adminToken,
  );
  const run = (await call('POST', `/agents/${agentId}/cron-jobs/${job.id}/run`, undefined, org.adminToken))
    .id as string;
  const endpoint = await call('POST', `/agents/${agentId}/webhook-endpoints`, { name: 'Pushes' }, org.adminToken);
  const hookBody = JSON.stringify({ event: 'push' });
  const hooked = await t.call('POST', `/hooks/${endpoint.id}`, {
    rawBody: hookBody,
    headers: { 'content-type': 'application/json', ...signed(endpoint.secret, hookBody) },
  });
  expect(hooked.status).toBe(202);
  return {
    ...org,
    agentId,
    agentToken,
    board,
    todo: todo!,
    doing: doing!,
    cardId,
    cardUrl,
    newCard,
    pageId,
    delegationId: delegation!.id,
    chat,
    folder,
    run,
    deliveryId: hooked.body.deliveryId as string,
    call,
  };
}
type Org = Awaited<ReturnType<typeof setup>>;

/** An agent's pending file, its bytes sent (ready for `completeUpload`), and one without a URL yet. */
async function agentFiles(org: Org) {
  const node = (name: string) =>
    org.call(
      'POST',
      '/client/files/nodes',
      { type: 'file', name, parentId: org.folder, fileSize: 5, mimeType: 'text/plain' },
      org.agentToken,
    );
  const uploaded = (await node(t.unique('sent') + '.txt')).id as string;
  const target = await org.call('POST', `/client/files/${uploaded}/upload-url`, undefined, org.agentToken);
  const put = await t.app.request(target.signedUrl, { method: 'PUT', headers: target.headers, body: 'hello' });
  expect(put.status).toBeLessThan(300);
  const pending = (await node(t.unique('pending') + '.txt')).id as string;
  return { uploaded, pending };
}

/** The agent's call for each charged operation, and what its consumption row must link to. */
function agentCalls(org: Org, files: { uploaded: string; pending: string }) {
  const session = (id: string) => `/agents/${org.agentId}/sessions/${id}`;
  const calls: Record<ChargedOperation, Call & { sessionId: string | null; cardId: string | null }> = {
    postAgentMessage: {
      method: 'POST',
      path: `${session(org.chat)}/messages`,
      body: { text: 'Hi there' },
      sessionId: org.chat,
      cardId: null,
    },
    createCardComment: {
      method: 'POST',
      path: `${org.cardUrl(org.cardId)}/comments`,
      body: { text: 'My plan' },
      sessionId: org.delegationId,
      cardId: org.cardId,
    },
    updateCard: {
      method: 'PATCH',
      path: org.cardUrl(org.cardId),
      body: { title: 'Pick an oat milk (planned)' },
      sessionId: org.delegationId,
      cardId: org.cardId,
    },
    moveCard: {
      method: 'PATCH',
      path: `${org.cardUrl(org.cardId)}/move`,
      body: { columnId: org.doing.id, position: 0 },
      sessionId: org.delegationId,
      cardId: org.cardId,
    },
    createFileNode: {
      method: 'POST',
      path: '/client/files/nodes',
      body: { type: 'folder', name: 'Agent notes', parentId: org.folder },
      sessionId: null,
      cardId: null,
    },
    createUploadUrl: {
      method: 'POST',
      path: `/client/files/${files.pending}/upload-url`,
      sessionId: null,
      cardId: null,
    },
    completeUpload: {
      method: 'POST',
      path: `/client/files/${files.uploaded}/complete-upload`,
      body: {},
      sessionId: null,
      cardId: null,
    },
    reportCronRun: {
      method: 'PATCH',
      path: `/agents/${org.agentId}/cron-runs/${org.run}`,
      body: { status: 'succeeded', outcome: 'Said hello' },
      sessionId: null,
      cardId: null,
    },
    reportWebhookDelivery: {
      method: 'PATCH',
      path: `/agents/${org.agentId}/webhook-deliveries/${org.deliveryId}`,
      body: { status: 'succeeded' },
      sessionId: null,
      cardId: null,
    },
    createWikiComment: {
      method: 'POST',
      path: `/projects/${org.board.id}/wiki/${org.pageId}/comments`,
      body: { text: 'Oat, unsweetened' },
      sessionId: null,
      cardId: null,
    },
    // Last: the delegated work is reported done (card work after it is linked to no session).
    updateAgentSession: {
      method: 'PATCH',
      path: session(org.delegationId),
      body: { status: 'completed' },
      sessionId: org.delegationId,
      cardId: null,
    },
  };
  return calls;
}

const consumption = (companyId: string) =>
  t.ctx.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.companyId, companyId), eq(creditTransactions.type, 'consumption')))
    .orderBy(asc(creditTransactions.seq));

async function ledgerSize(companyId: string) {
  const [row] = await t.ctx.db
    .select({ n: count() })
    .from(creditTransactions)
    .where(eq(creditTransactions.companyId, companyId));
  return row!.n;
}

async function eventCount(companyId: string) {
  const [row] = await t.ctx.db.select({ n: count() }).from(events).where(eq(events.companyId, companyId));
  return row!.n;
}

async function balance(companyId: string) {
  const [row] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId));
  return row!.included + row!.purchased;
}

const system = (companyId: string): SystemActor => ({ system: { companyId } });

/** Takes every credit away (an adjustment of both balances), as the server itself. */
async function drain(companyId: string, actor: SystemActor | null = null) {
  const [account] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId));
  const row = await applyCreditTransaction(
    t.ctx.db,
    actor,
    companyId,
    {
      type: 'adjustment',
      change: { included: -account!.included, purchased: -account!.purchased },
      note: 'Drained by the test',
    },
    PRICES,
  );
  expect(row).not.toBeNull();
  expect(await balance(companyId)).toBe(0);
}

async function grant(companyId: string, credits: number, actor: SystemActor | null = null) {
  await applyCreditTransaction(
    t.ctx.db,
    actor,
    companyId,
    { type: 'grant', change: { included: 0, purchased: credits }, note: 'Granted by the test' },
    PRICES,
  );
}

describe('which agent writes are charged', () => {
  it('every non-GET operation open to agent tokens is decided: charged (with a 402 in the contract) or free', () => {
    const open: string[] = [];
    for (const methods of Object.values(contract.paths) as Record<string, Record<string, unknown>>[]) {
      for (const [method, operation] of Object.entries(methods)) {
        if (method === 'get' || operation['x-service-agent-token'] !== true) continue;
        open.push(operation.operationId as string);
        const described = operation as { description?: string; responses: Record<string, unknown> };
        if ((operation.operationId as string) in CHARGED) {
          expect(described.responses['402'], `${operation.operationId}: 402`).toBeDefined();
          expect(described.description, `${operation.operationId}`).toContain('CREDITS_EXHAUSTED');
        } else {
          expect(described.responses['402'], `${operation.operationId}: 402`).toBeUndefined();
        }
      }
    }
    expect(open.sort()).toEqual([...Object.keys(CHARGED), ...FREE].sort());
  });
});

describe('metering agent work', () => {
  it('each charged operation writes one consumption row: its price, the operation, the agent, the card and session', async () => {
    const org = await setup();
    const files = await agentFiles(org);
    const before = await consumption(org.company.id);
    const calls = agentCalls(org, files);
    for (const [operation, call] of Object.entries(calls) as [ChargedOperation, (typeof calls)[ChargedOperation]][]) {
      const seen = (await consumption(org.company.id)).length;
      const available = await balance(org.company.id);
      await org.call(call.method, call.path, call.body, org.agentToken);
      const rows = await consumption(org.company.id);
      expect(rows.length, operation).toBe(seen + 1);
      const price = PRICES[CHARGED[operation]];
      expect(rows.at(-1), operation).toMatchObject({
        type: 'consumption',
        operation,
        amount: -price,
        includedChange: -price,
        purchasedChange: 0,
        agentId: org.agentId,
        agentSessionId: call.sessionId,
        cardId: call.cardId,
      });
      expect(await balance(org.company.id)).toBe(available - price);
    }
    // The set-up's own agent writes (the files' first steps) were charged too, and nothing else.
    expect(before.map((row) => row.operation)).toEqual(['createFileNode', 'createUploadUrl', 'createFileNode']);
    // Card work after the delegated work is reported done is linked to the card alone.
    await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'Done' }, org.agentToken);
    expect((await consumption(org.company.id)).at(-1)).toMatchObject({
      cardId: org.cardId,
      agentSessionId: null,
    });
  });

  it('a person’s writes, with a session or a key, cost nothing', async () => {
    const org = await setup();
    const key = await t.createKey(org.adminToken, 'write');
    const size = await ledgerSize(org.company.id);
    await org.call('PATCH', org.cardUrl(org.cardId), { title: 'Renamed by a person' }, org.memberToken);
    await org.call('PATCH', `${org.cardUrl(org.cardId)}/move`, { columnId: org.doing.id, position: 0 }, org.adminToken);
    await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'A person writes' }, key.secret);
    await org.call('POST', `/agents/${org.agentId}/sessions/${org.chat}/messages`, { text: 'More' }, org.memberToken);
    await org.call('POST', '/client/files/nodes', { type: 'folder', name: 'People' }, key.secret);
    await org.call('PATCH', `/agents/${org.agentId}/sessions/${org.chat}`, { title: 'Renamed' }, org.memberToken);
    expect(await ledgerSize(org.company.id)).toBe(size);
  });

  it('continuing a streamed reply is free: the reply costs the reply price once', async () => {
    const org = await setup();
    const messages = `/agents/${org.agentId}/sessions/${org.chat}/messages`;
    const reply = await org.call('POST', messages, { text: 'Wor', done: false }, org.agentToken);
    const size = await ledgerSize(org.company.id);
    await org.call('PATCH', `${messages}/${reply.id}`, { append: 'king' }, org.agentToken);
    await org.call(
      'PATCH',
      `${messages}/${reply.id}`,
      { activity: [{ type: 'thought', text: 'Thinking' }] },
      org.agentToken,
    );
    await org.call('PATCH', `${messages}/${reply.id}`, { status: 'complete' }, org.agentToken);
    expect(await ledgerSize(org.company.id)).toBe(size);
    const rows = await consumption(org.company.id);
    expect(rows.filter((row) => row.operation === 'postAgentMessage').map((row) => row.amount)).toEqual([
      -PRICES.reply,
    ]);
  });

  it('a refused write (404, 409, 400) charges nothing', async () => {
    const org = await setup();
    const size = await ledgerSize(org.company.id);
    const missing = crypto.randomUUID();
    const refused = [
      await t.call('PATCH', org.cardUrl(missing), { token: org.agentToken, body: { title: 'x' } }),
      await t.call('PATCH', `${org.cardUrl(missing)}/move`, {
        token: org.agentToken,
        body: { columnId: org.doing.id, position: 0 },
      }),
      await t.call('PATCH', `${org.cardUrl(org.cardId)}/move`, {
        token: org.agentToken,
        body: { columnId: missing, position: 0 },
      }),
      await t.call('POST', `/agents/${org.agentId}/sessions/${missing}/messages`, {
        token: org.agentToken,
        body: { text: 'x' },
      }),
      await t.call('PATCH', `/agents/${org.agentId}/sessions/${org.chat}`, {
        token: org.agentToken,
        body: { title: 'Not the agent’s to rename' },
      }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 400]);
    expect(await ledgerSize(org.company.id)).toBe(size);
  });
});

describe('without credits', () => {
  it('each charged operation answers 402 CREDITS_EXHAUSTED and writes nothing; credits back, it works', async () => {
    const org = await setup();
    const files = await agentFiles(org);
    await drain(org.company.id);
    const size = await ledgerSize(org.company.id);
    const eventsBefore = await eventCount(org.company.id);
    const snapshot = async () => ({
      card: (await t.ctx.db.select().from(cards).where(eq(cards.id, org.cardId)))[0]!,
      comments: (
        await t.ctx.db.select({ n: count() }).from(cardComments).where(eq(cardComments.cardId, org.cardId))
      )[0]!.n,
      messages: (
        await t.ctx.db.select({ n: count() }).from(agentMessages).where(eq(agentMessages.sessionId, org.chat))
      )[0]!.n,
      delegation: (await t.ctx.db.select().from(agentSessions).where(eq(agentSessions.id, org.delegationId)))[0]!
        .status,
      nodes: (
        await t.ctx.db
          .select({ id: fileNodes.id, status: fileNodes.status, storagePath: fileNodes.storagePath })
          .from(fileNodes)
          .where(eq(fileNodes.companyId, org.company.id))
          .orderBy(asc(fileNodes.id))
      ).map((node) => JSON.stringify(node)),
      run: (await t.ctx.db.select().from(cronRuns).where(eq(cronRuns.id, org.run)))[0]!.status,
      delivery: (await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, org.deliveryId)))[0]!
        .reportedAt,
    });
    const before = await snapshot();
    expect(before.run).toBe('delivered');
    expect(before.delivery).toBeNull();
    expect(before.delegation).toBe('working');
    const calls = agentCalls(org, files);
    for (const [operation, call] of Object.entries(calls)) {
      const refused = await t.call(call.method, call.path, { token: org.agentToken, body: call.body });
      expect(refused.status, operation).toBe(402);
      expect(refused.body.code, operation).toBe('CREDITS_EXHAUSTED');
      expect(refused.body.error).toContain('out of credits');
    }
    // Nothing of the work, no charge, no event: the database is as it was.
    expect(await snapshot()).toEqual(before);
    expect(await ledgerSize(org.company.id)).toBe(size);
    expect(await eventCount(org.company.id)).toBe(eventsBefore);
    expect(await balance(org.company.id)).toBe(0);

    // People work on as before.
    await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'A person still writes' }, org.memberToken);

    // Credits back: the agent's work goes through again.
    await grant(org.company.id, 100);
    await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'Back at work' }, org.agentToken);
    expect(await balance(org.company.id)).toBe(100 - PRICES.write);
  });

  it('a reply costs more than a write: with credits for a write only, the reply is refused and the write goes through', async () => {
    const org = await setup();
    await drain(org.company.id);
    await grant(org.company.id, PRICES.write);
    const reply = await t.call('POST', `/agents/${org.agentId}/sessions/${org.chat}/messages`, {
      token: org.agentToken,
      body: { text: 'Hi' },
    });
    expect(reply.status).toBe(402);
    expect(reply.body.code).toBe('CREDITS_EXHAUSTED');
    await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'One write' }, org.agentToken);
    expect(await balance(org.company.id)).toBe(0);
  });
});

describe('the agent’s stream', () => {
  it('gets agent.credits.changed when the company runs out (with the reason) and when credits come back', async () => {
    const org = await setup();
    const stream = await t.openStream(org.agentToken, {}, `/agents/${org.agentId}/events`);
    const memberStream = await t.openStream(org.memberToken);
    try {
      await stream.next('ready');
      await memberStream.next('ready');
      // The agent's own work takes the last credits: the crossing is announced with its write.
      const available = await balance(org.company.id);
      await applyCreditTransaction(
        t.ctx.db,
        system(org.company.id),
        org.company.id,
        { type: 'adjustment', change: { included: -(available - PRICES.write), purchased: 0 }, note: 'Almost empty' },
        PRICES,
      );
      await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'The last write' }, org.agentToken);
      const out = await stream.next('agent.credits.changed');
      expect(out.data).toMatchObject({
        agentId: org.agentId,
        exhausted: true,
        available: 0,
        actorAgentId: org.agentId,
      });
      expect(out.data.reason).toMatch(/run out of credits/);
      // The members hear of the balance (each movement), not of the agent's stream.
      const changed = await memberStream.next('credits.balance.changed');
      expect(changed.data.balance).toMatchObject({ available: PRICES.write, exhausted: false });
      const last = await memberStream.next('credits.balance.changed');
      expect(last.data.balance).toMatchObject({ available: 0, exhausted: true });
      expect(last.data.change).toMatchObject({ type: 'consumption', amount: -PRICES.write, agentId: org.agentId });
      expect(last.data.change).not.toHaveProperty('operation');
      expect(memberStream.received.some((event) => event.event === 'agent.credits.changed')).toBe(false);

      // Credits come back (a grant): the agent may resume.
      await grant(org.company.id, 50, system(org.company.id));
      const back = await stream.next('agent.credits.changed');
      expect(back.data).toMatchObject({ agentId: org.agentId, exhausted: false, reason: null, available: 50 });

      // Drained by an adjustment: out again; a movement that stays on one side says nothing more.
      await drain(org.company.id, system(org.company.id));
      expect((await stream.next('agent.credits.changed')).data).toMatchObject({ exhausted: true, available: 0 });
      await grant(org.company.id, 1, system(org.company.id));
      await grant(org.company.id, 10, system(org.company.id));
      expect((await stream.next('agent.credits.changed')).data).toMatchObject({ exhausted: false, available: 11 });
      const announced = stream.received.filter((event) => event.event === 'agent.credits.changed');
      expect(announced.map((event) => event.data.exhausted)).toEqual([true, false, true, false]);
    } finally {
      await stream.close();
      await memberStream.close();
    }
  });
});

describe('credits spent on a card', () => {
  it('totals the agents’ work on it, per agent; as visible as the card (404 to another company)', async () => {
    const org = await setup();
    const url = `${org.cardUrl(org.cardId)}/credits`;
    expect((await t.call('GET', url, { token: org.memberToken })).body).toEqual({
      cardId: org.cardId,
      total: 0,
      byAgent: [],
    });
    await org.call('PATCH', org.cardUrl(org.cardId), { description: 'Planned' }, org.agentToken);
    await org.call('PATCH', `${org.cardUrl(org.cardId)}/move`, { columnId: org.doing.id, position: 0 }, org.agentToken);
    await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'Plan' }, org.agentToken);
    // A second agent comments once; a person's work costs nothing; another card's work is not this card's.
    const [helper] = await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: 'Assistbot', managerKind: 'human', managerId: org.admin.id })
      .returning();
    const helperToken = (await org.call('POST', `/agents/${helper!.id}/tokens`, { name: 'r' }, org.adminToken))
      .secret as string;
    await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'Seconded' }, helperToken);
    await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'A person' }, org.memberToken);
    const other = await org.newCard('Another card');
    await org.call('POST', `${org.cardUrl(other)}/comments`, { text: 'Elsewhere' }, org.agentToken);

    const expected = {
      cardId: org.cardId,
      total: 4 * PRICES.write,
      byAgent: [
        { agentId: org.agentId, name: 'Meterbot', credits: 3 * PRICES.write },
        { agentId: helper!.id, name: 'Assistbot', credits: PRICES.write },
      ],
    };
    for (const token of [
      org.memberToken,
      org.adminToken,
      org.agentToken,
      (await t.createKey(org.adminToken, 'read')).secret,
    ]) {
      const answer = await t.call('GET', url, { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(expected);
    }
    // Archived, it still shows what it cost.
    await org.call('PATCH', org.cardUrl(org.cardId), { archived: true }, org.adminToken);
    expect((await t.call('GET', url, { token: org.memberToken })).body.total).toBe(4 * PRICES.write);

    const stranger = await t.createOrg();
    expect((await t.call('GET', url, { token: stranger.adminToken })).status).toBe(404);
    const otherBoard = await t.createBoard(org.adminToken, ['A']);
    expect(
      (await t.call('GET', `/projects/${otherBoard.id}/cards/${org.cardId}/credits`, { token: org.memberToken }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `${org.cardUrl(crypto.randomUUID())}/credits`, { token: org.memberToken })).status,
    ).toBe(404);
  });
});

describe('credits spent in a session', () => {
  it('creditsSpent on GET of a session and in the list: its replies and the work linked to it', async () => {
    const org = await setup();
    const detail = (id: string, token = org.memberToken) =>
      t.call('GET', `/agents/${org.agentId}/sessions/${id}`, { token });
    expect((await detail(org.delegationId)).body.creditsSpent).toBe(0);
    await org.call(
      'POST',
      `/agents/${org.agentId}/sessions/${org.delegationId}/messages`,
      { text: 'On it', done: false },
      org.agentToken,
    );
    await org.call('POST', `${org.cardUrl(org.cardId)}/comments`, { text: 'Plan' }, org.agentToken);
    await org.call('PATCH', `${org.cardUrl(org.cardId)}/move`, { columnId: org.doing.id, position: 0 }, org.agentToken);
    await org.call(
      'PATCH',
      `/agents/${org.agentId}/sessions/${org.delegationId}`,
      { status: 'completed' },
      org.agentToken,
    );
    await org.call('POST', `/agents/${org.agentId}/sessions/${org.chat}/messages`, { text: 'Hi' }, org.agentToken);
    const delegationSpent = PRICES.reply + 3 * PRICES.write;

    expect((await detail(org.delegationId)).body.creditsSpent).toBe(delegationSpent);
    expect((await detail(org.delegationId, org.agentToken)).body.creditsSpent).toBe(delegationSpent);
    expect((await detail(org.chat)).body.creditsSpent).toBe(PRICES.reply);
    const listed = await t.call('GET', '/agent-sessions', { token: org.memberToken });
    expect(
      Object.fromEntries(
        listed.body.map((session: { id: string; creditsSpent: number }) => [session.id, session.creditsSpent]),
      ),
    ).toEqual({ [org.delegationId]: delegationSpent, [org.chat]: PRICES.reply });
    const agentList = await t.call('GET', `/agent-sessions?agentId=${org.agentId}`, { token: org.agentToken });
    expect(agentList.body.every((session: { creditsSpent?: number }) => typeof session.creditsSpent === 'number')).toBe(
      true,
    );
  });
});
