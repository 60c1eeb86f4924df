import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Executor } from '../db/client.ts';
import { events } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';
import { signWebhook } from '../modules/automation/webhook-signature.ts';
import { EVENT_CATALOG, EVENT_TYPES, isEventType, LiveStreamMessageSchema } from './catalog.ts';
import { type Actor, recordEvent } from './record.ts';

const t = useTestApp();
const contract = JSON.parse(readFileSync(new URL('../../contract/openapi.json', import.meta.url), 'utf8'));

describe('recordEvent', () => {
  const actor: Actor = {
    principal: { user: { id: crypto.randomUUID() }, company: { id: crypto.randomUUID() } } as Actor['principal'],
  };
  const executorWith = () => {
    const execute = vi.fn(async () => ({ rows: [] }));
    return { execute, executor: { execute } as unknown as Executor };
  };

  it('refuses a type that is not in the catalog, and records nothing', async () => {
    const { execute, executor } = executorWith();
    await expect(
      recordEvent(executor, actor, 'card.teleported' as never, { projectId: crypto.randomUUID() } as never),
    ).rejects.toThrow('unknown event type "card.teleported"');
    expect(execute).not.toHaveBeenCalled();
  });

  it('refuses a payload that does not match its type’s schema, and records nothing', async () => {
    const { execute, executor } = executorWith();
    const projectId = crypto.randomUUID();
    // @ts-expect-error -- card.updated carries the card: the type says so before the schema does.
    await expect(recordEvent(executor, actor, 'card.updated', { projectId })).rejects.toThrow(
      /data of "card.updated" does not match its schema[\s\S]*card/,
    );
    const comment = {
      id: crypto.randomUUID(),
      author: 'Ada',
      at: new Date().toISOString(),
      text: 'Hi',
      parentId: null,
    };
    await expect(
      recordEvent(executor, actor, 'comment.updated', {
        projectId,
        cardId: 'not-a-uuid',
        comment,
      }),
    ).rejects.toThrow(/cardId/);
    expect(execute).not.toHaveBeenCalled();

    await recordEvent(executor, actor, 'comment.updated', { projectId, cardId: crypto.randomUUID(), comment });
    expect(execute).toHaveBeenCalledOnce();
  });
});

describe('the event catalog', () => {
  it('describes every catalogued type in the contract, under LiveEvent, one schema each', () => {
    const schemas = contract.components.schemas;
    const mapping = schemas.LiveEvent.discriminator.mapping as Record<string, string>;
    expect(Object.keys(mapping).sort()).toEqual([...EVENT_TYPES].sort());
    for (const [type, ref] of Object.entries(mapping)) {
      const name = ref.replace('#/components/schemas/', '');
      expect(schemas[name].properties.event.enum, name).toEqual([type]);
    }
    const stream = contract.paths['/notifications/sse'].get.responses['200'].content['text/event-stream'];
    expect(stream.schema).toEqual({ $ref: '#/components/schemas/LiveStreamMessage' });
  });

  it('matches every event the API records, of every type, on the stream and in the events table', async () => {
    const org = await t.createOrg();
    const stream = await t.openStream(org.memberToken);
    try {
      await stream.next('ready');
      const as = (token: string, clientId?: string) => ({
        token,
        ...(clientId ? { headers: { 'x-client-id': clientId } } : {}),
      });
      const call = async (method: string, path: string, body?: unknown, token = org.adminToken, clientId?: string) => {
        const response = await t.call(method, path, { ...as(token, clientId), body });
        expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
        return response.body;
      };

      // Projects and columns.
      const project = await call('POST', '/projects', { name: 'Catalogue', columns: ['A', 'B'] });
      const base = `/projects/${project.id}`;
      await call('PATCH', base, { description: 'Every event, once at least' });
      const { column: extra } = await call('POST', `${base}/columns`, { name: 'C', wipLimit: 3 });
      const [a, b] = (await call('GET', base)).columns;

      // Cards: created from a tab (clientId), edited with every optional field, moved, archived, restored.
      const { card } = await call('POST', `${base}/cards`, { columnId: a.id, title: 'First' }, org.adminToken, 'tab-1');
      await call('POST', `${base}/cards`, { columnId: a.id, title: 'Second', position: 0 });
      const cardUrl = `${base}/cards/${card.id}`;
      await call('PATCH', cardUrl, {
        title: 'First, edited',
        description: 'With everything set',
        assignee: org.member.id,
        priority: 'high',
        labels: ['one', 'two'],
        checklist: [{ text: 'Check', done: false }],
        due: new Date(Date.now() + 86_400_000).toISOString(),
        blocked: 'Waiting',
      });
      await call('PATCH', `${cardUrl}/move`, { columnId: b.id, position: 0 });

      // Comments: a thread, a reply, resolved, reopened by a reply, resolved and reopened again,
      // edited, a reply deleted. The member writes some, so the admin's and the member's mix.
      const comments = `${cardUrl}/comments`;
      const root = await call('POST', comments, { text: 'A thread' });
      const reply = await call('POST', comments, { text: 'A reply', parentId: root.id }, org.memberToken);
      await call('PATCH', `${comments}/${root.id}`, { resolved: true });
      await call('POST', comments, { text: 'Reopens it', parentId: root.id }, org.memberToken);
      await call('PATCH', `${comments}/${root.id}`, { resolved: true });
      await call('PATCH', `${comments}/${root.id}`, { resolved: false });
      await call('PATCH', `${comments}/${root.id}`, { text: 'A thread, edited' });
      await call('DELETE', `${comments}/${reply.id}`, undefined, org.memberToken);

      // The move again, now with comment copies and the optional fields on the card; then off and
      // back on the board; then a column renamed and one deleted.
      await call('PATCH', `${cardUrl}/move`, { columnId: a.id, position: 5 }, org.adminToken, 'tab-2');
      await call('PATCH', cardUrl, { archived: true });
      await call('PATCH', cardUrl, { archived: false });
      await call('PATCH', `${base}/columns/${a.id}`, { name: 'A, renamed', position: 1 });
      await call('DELETE', `${base}/columns/${extra.id}`);

      // Wiki: pages created (one nested), saved, moved, archived and restored, a revision restored,
      // and the comment flow on a page, an anchored root among them.
      const wiki = `${base}/wiki`;
      const markId = crypto.randomUUID();
      const page = await call('POST', wiki, {
        title: 'Launch plan',
        markdown: `We ship [comment id="${markId}"]on Friday[/comment].`,
      });
      const child = await call('POST', wiki, { title: 'Checklist', parentId: page.id }, org.memberToken);
      const saved = await call('PATCH', `${wiki}/${page.id}`, {
        baseRevisionId: page.revisionId,
        markdown: `We ship [comment id="${markId}"]on Monday[/comment].`,
      });
      await call('POST', `${wiki}/${child.id}/move`, { parentId: null, position: 0 });
      await call('POST', `${wiki}/${child.id}/archive`);
      await call('POST', `${wiki}/${child.id}/restore`);
      await call('POST', `${wiki}/${page.id}/revisions/${page.revisionId}/restore`);
      expect(saved.revisionId).not.toBe(page.revisionId);
      const threads = `${wiki}/${page.id}/comments`;
      const thread = await call('POST', threads, { text: 'Realistic?', anchor: markId });
      const answer = await call('POST', threads, { text: 'Yes', parentId: thread.id }, org.memberToken);
      await call('PATCH', `${threads}/${thread.id}`, { resolved: true });
      await call('POST', threads, { text: 'Not sure', parentId: thread.id }, org.memberToken);
      await call('PATCH', `${threads}/${thread.id}`, { resolved: true });
      await call('PATCH', `${threads}/${thread.id}`, { resolved: false });
      await call('PATCH', `${threads}/${thread.id}`, { text: 'Realistic, really?' });
      await call('DELETE', `${threads}/${answer.id}`, undefined, org.memberToken);

      // Files: a folder, a file uploaded into it (four steps), renamed, moved, trashed and restored.
      const folder = await call('POST', '/client/files/nodes', { type: 'folder', name: 'Contracts' });
      const file = await call('POST', '/client/files/nodes', {
        type: 'file',
        name: 'nda.txt',
        parentId: folder.id,
        fileSize: 5,
        mimeType: 'text/plain',
      });
      const target = await call('POST', `/client/files/${file.id}/upload-url`);
      const put = await t.app.request(target.signedUrl, {
        method: 'PUT',
        headers: target.headers,
        body: 'hello',
      });
      expect(put.status).toBeLessThan(300);
      await call('POST', `/client/files/${file.id}/complete-upload`, {});
      await call('PATCH', `/client/files/${file.id}`, { name: 'NDA.txt', parentId: null });
      await call('DELETE', `/client/files/${folder.id}`);
      await call('POST', `/client/files/${folder.id}/restore`);

      // Organization: a team created (every organization write records the same event).
      await call('POST', '/organization/teams', { name: 'Design' });

      // Agents: one created and given a token; the member chats with it (private to them), it
      // streams a reply, the member stops it; a card and a folder delegated and granted to it; paused.
      const agent = await call('POST', '/agents', { name: 'Catalogue bot' });
      const { secret } = await call('POST', `/agents/${agent.id}/tokens`, { name: 'runner' });
      // Mentions (NP): a card comment mentions the member (`notification.created`, on the member's
      // stream only; replies above made some too) and the agent (`agent.mentioned`, its stream).
      await call('POST', comments, {
        text: `Over to @[${org.member.name}](person:${org.member.id}) and @[${agent.name}](agent:${agent.id})`,
      });
      // Read state (NA): the member marks everything read, then one unread again
      // (`notifications.changed`, on the member's stream only).
      const inbox = await call('GET', '/notifications', undefined, org.memberToken);
      await call('POST', '/notifications/read', { before: new Date().toISOString() }, org.memberToken);
      await call('POST', '/notifications/read', { ids: [inbox[0].id], read: false }, org.memberToken);
      const chat = await call('POST', `/agents/${agent.id}/sessions`, { text: 'Hello' }, org.memberToken);
      const sessionUrl = `/agents/${agent.id}/sessions/${chat.session.id}`;
      const agentReply = await call('POST', `${sessionUrl}/messages`, { text: 'Hi', done: false }, secret);
      await call(
        'PATCH',
        `${sessionUrl}/messages/${agentReply.id}`,
        { append: ' there', activity: [{ type: 'thought', text: 'Greeting' }] },
        secret,
      );
      await call('PATCH', `${sessionUrl}/messages/${agentReply.id}`, { status: 'complete' }, secret);
      await call('POST', `${sessionUrl}/stop`, undefined, org.memberToken);
      await call('PATCH', cardUrl, { assignee: agent.id });
      await call('POST', `/agents/${agent.id}/file-grants`, { nodeId: folder.id });
      // Integrations and automation: a connection granted to the agent, changed and revoked; a
      // schedule run now; a webhook endpoint delivered to by an outside system (signed, no token).
      const connection = await call('POST', '/integrations/connections', {
        providerKey: 'github',
        displayName: 'Catalogue GitHub',
        credentials: { token: 'ghp_catalogue' },
      });
      const grant = await call('POST', `/agents/${agent.id}/integration-grants`, {
        connectionId: connection.id,
        scope: 'read',
      });
      await call('PATCH', `/agents/${agent.id}/integration-grants/${grant.id}`, { constraints: { maxPerDay: 1 } });
      await call('DELETE', `/agents/${agent.id}/integration-grants/${grant.id}`);
      const job = await call('POST', `/agents/${agent.id}/cron-jobs`, {
        name: 'Catalogue schedule',
        expression: '0 9 * * 1-5',
        timeZone: 'Europe/Berlin',
        instruction: 'Say hello',
      });
      await call('POST', `/agents/${agent.id}/cron-jobs/${job.id}/run`);
      const endpoint = await call('POST', `/agents/${agent.id}/webhook-endpoints`, { name: 'Catalogue hook' });
      const hookBody = JSON.stringify({ event: 'catalogue' });
      const delivered = await t.call('POST', `/hooks/${endpoint.id}`, {
        rawBody: hookBody,
        headers: { 'content-type': 'application/json', ...signWebhook(endpoint.secret, hookBody) },
      });
      expect(delivered.status, JSON.stringify(delivered.body)).toBe(202);

      // Credits: the agent's reply above was charged (`credits.balance.changed`); an admin takes the
      // included credits away (the company runs out: `agent.credits.changed` on the agent's stream)
      // and grants some (credits are back); the plan changes (`subscription.changed`).
      const credits = await call('GET', '/subscriptions/credits/balance');
      await call('POST', '/subscriptions/credits/adjustments', {
        type: 'adjustment',
        amount: -credits.included,
        bucket: 'included',
        note: 'Catalogue: none left',
      });
      await call('POST', '/subscriptions/credits/adjustments', { type: 'grant', amount: 100, note: 'Catalogue: back' });
      await call('PUT', '/subscriptions/current', { planId: 'team' });
      await call('PUT', `/agents/${agent.id}/status`, { status: 'paused' });

      await call('PATCH', base, { archived: true });

      const rows = await t.ctx.db
        .select()
        .from(events)
        .where(eq(events.companyId, org.company.id))
        .orderBy(asc(events.id));
      const seen = new Set<string>();
      for (const row of rows) {
        expect(isEventType(row.type), row.type).toBe(true);
        if (!isEventType(row.type)) continue;
        seen.add(row.type);
        const data = JSON.parse(row.payload);
        const parsed = EVENT_CATALOG[row.type].data.safeParse(data);
        expect(parsed.error, `${row.type}: ${row.payload}`).toBeUndefined();
        // Nothing the schema does not declare, at any depth (parsing drops undeclared fields).
        expect(parsed.data, row.type).toEqual(data);
        expect(data.actorUserId ?? null).toBe(row.actorUserId);
        expect(data.actorAgentId ?? null).toBe(row.actorAgentId);
      }
      // A type added to the catalog fails here until this test makes the API record it.
      expect([...seen].sort()).toEqual([...EVENT_TYPES].sort());
      expect(rows.find((row) => row.type === 'card.created')?.payload).toContain('"clientId":"tab-1"');
      expect(rows.find((row) => row.type === 'comment.created' && row.payload.includes('"reopened"'))).toBeDefined();
      expect(
        rows.find((row) => row.type === 'wiki.comment.created' && row.payload.includes('"reopened"')),
      ).toBeDefined();

      // The company ran out of credits, and had them back: its agent heard both, on its own stream.
      const crossings = rows.filter((row) => row.type === 'agent.credits.changed');
      expect(crossings.map((row) => [row.audienceAgentId, JSON.parse(row.payload).exhausted])).toEqual([
        [agent.id, true],
        [agent.id, false],
      ]);
      expect(rows.find((row) => row.type === 'credits.balance.changed')?.actorAgentId).toBe(agent.id);

      // The member's stream carried each event meant for them once, in order, after `ready`: the
      // company's, and their own session's — not the agent's work: every message as the contract says.
      const forMember = rows.filter(
        (row) => row.audienceAgentId === null && (row.audienceUserId === null || row.audienceUserId === org.member.id),
      );
      expect(rows.some((row) => row.audienceAgentId !== null)).toBe(true);
      expect(rows.some((row) => row.audienceUserId === org.member.id)).toBe(true);
      await expect.poll(() => stream.received.length).toBe(forMember.length + 1);
      expect(stream.received.map((message) => message.id ?? null)).toEqual([
        null,
        ...forMember.map((row) => String(row.id)),
      ]);
      for (const message of stream.received) {
        const parsed = LiveStreamMessageSchema.safeParse(message);
        expect(parsed.error, `${message.event}: ${JSON.stringify(message)}`).toBeUndefined();
        expect(parsed.data, message.event).toEqual(message);
      }
    } finally {
      await stream.close();
    }
  });
});
