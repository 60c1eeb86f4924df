/**
 * Shared by the mention tests (card comments, wiki comments, chat): a company with three people and
 * agents, and readers of what mentions cause (the `notifications` table, events).
 */
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { agents, creditTransactions, events, notifications } from '../db/schema.ts';
import type { TestApp } from './harness.ts';

export const person = (user: { id: string; name: string }) => `@[${user.name}](person:${user.id})`;
export const agentMention = (agent: { id: string; name: string }) => `@[${agent.name}](agent:${agent.id})`;

/**
 * A company: admin, member and a third person (carol), each signed in; an active agent with a
 * token (the admin is its responsible person) and a paused one.
 */
export async function mentionOrg(t: TestApp) {
  const org = await t.createOrg();
  const carol = await t.createUser({ company: org.company, name: t.unique('Carol') });
  const carolToken = await t.signIn(carol.email);
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: t.unique('Mentionbot'), managerKind: 'human', managerId: org.admin.id })
    .returning();
  const [sleeper] = await t.ctx.db
    .insert(agents)
    .values({
      companyId: org.company.id,
      name: t.unique('Sleepybot'),
      managerKind: 'human',
      managerId: org.admin.id,
      status: 'paused',
    })
    .returning();
  const token = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'runner' } });
  expect(token.status).toBe(201);
  /** Calls the API, expecting success. */
  const call = async (method: string, path: string, body: unknown, as: string) => {
    const response = await t.call(method, path, { token: as, body });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  };
  return {
    ...org,
    carol,
    carolToken,
    agent: bot!,
    agentToken: token.body.secret as string,
    paused: sleeper!,
    call,
  };
}
export type MentionOrg = Awaited<ReturnType<typeof mentionOrg>>;

/** The notifications of a company, oldest first (optionally one person's). */
export function notificationsOf(t: TestApp, companyId: string, userId?: string) {
  return t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.companyId, companyId), userId ? eq(notifications.userId, userId) : undefined))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

/** A company's recorded events of one type, oldest first. */
export function eventsOf(t: TestApp, companyId: string, type: string) {
  return t.ctx.db
    .select()
    .from(events)
    .where(and(eq(events.companyId, companyId), eq(events.type, type)))
    .orderBy(asc(events.id));
}

/** Everything a write could leave behind in a company: notifications, events, credit rows. */
export async function footprint(t: TestApp, companyId: string) {
  const [notes, recorded, credits] = await Promise.all([
    notificationsOf(t, companyId),
    t.ctx.db.select({ id: events.id }).from(events).where(eq(events.companyId, companyId)),
    t.ctx.db
      .select({ id: creditTransactions.id })
      .from(creditTransactions)
      .where(eq(creditTransactions.companyId, companyId)),
  ]);
  return { notifications: notes.length, events: recorded.length, credits: credits.length };
}

/** A mention of someone who is not in `org` (a person of another company), and malformed ones. */
export async function badMentions(t: TestApp) {
  const stranger = await t.createOrg();
  const [strangeBot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: stranger.company.id, name: 'Strangebot', managerKind: 'human', managerId: stranger.admin.id })
    .returning();
  const many = Array.from({ length: 21 }, (_, i) => `@[P${i}](person:${crypto.randomUUID()})`).join(' ');
  return {
    'an unknown person': `Hi @[Ghost](person:${crypto.randomUUID()})`,
    'an unknown agent': `Hi @[Ghostbot](agent:${crypto.randomUUID()})`,
    'a person of another company': `Hi ${person(stranger.member)}`,
    'an agent of another company': `Hi ${agentMention(strangeBot!)}`,
    'a malformed id': `Hi @[Bad](person:${'a'.repeat(36)})`,
    'more than 20 mentions': many,
  };
}
