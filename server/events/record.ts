import type { Principal } from '../types.ts';
import type { Executor } from '../db/client.ts';
import { z } from '@hono/zod-openapi';
import { type SQL, sql } from 'drizzle-orm';
import { events } from '../db/schema.ts';
import { BUS_CHANNEL, notifySql } from './bus.ts';
import { type ActorFields, EVENT_CATALOG, type EventPayload, type EventType, isEventType } from './catalog.ts';

export const EVENTS_TOPIC = 'events';
/** What the bus carries for each recorded event; streams read the event itself from the table. */
export type EventNotice = { companyId: string; id: number };

/**
 * Who made a change: the principal, and the browser tab it came from (`X-Client-Id`); or the
 * server itself (`system`: the scheduler firing a cron job, a webhook delivery coming in), whose
 * events carry no acting person or agent.
 */
export type Actor = { principal: Principal; clientId?: string };
export type SystemActor = { system: { companyId: string } };
/** Who an event is recorded for: a principal's change, or the server's own. */
export type EventActor = Actor | SystemActor;

/** What every event carries besides the change itself: who made it, and from which tab. */
function actorFields(actor: EventActor): ActorFields {
  if ('system' in actor) return {};
  const { principal, clientId } = actor;
  return {
    ...(principal.agent ? { actorAgentId: principal.agent.id } : { actorUserId: principal.user.id }),
    ...(clientId ? { clientId } : {}),
  };
}

/**
 * Who an event is for when not every member of the company: one person (their private chat
 * sessions: `GET /notifications/sse` of that person only) or one agent (its own stream,
 * `GET /agents/{agentId}/events`, and no member's notifications stream).
 */
export type Audience = { userId: string } | { agentId: string };

/** Announces each inserted event on the bus, as part of its INSERT (a RETURNING expression). */
const announce = notifySql(EVENTS_TOPIC, sql`json_build_object('companyId', company_id, 'id', id)`);

/**
 * What an event is about, for the events table's own columns: the payload's `projectId`, and its
 * `cardId` or the id of the `card` it carries. Null when it is about no project or card.
 */
function subjectOf(payload: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const card = payload.card as { id?: unknown } | undefined;
  return { projectId: text(payload.projectId), cardId: text(payload.cardId) ?? text(card?.id) };
}

/**
 * Records a change for the live streams of the company's members and announces it. Called inside
 * the change's transaction, so the event exists exactly when the change does. The project, card
 * and acting user are also written in columns of their own (a person's activity is found by them).
 *
 * Only the catalogued types are accepted (catalog.ts), and the event's data is checked against its
 * type's schema: an unknown type or a payload that does not match throws (a programming error,
 * which fails the change and its tests) rather than sending clients something the contract does
 * not describe. The check is on in production too: it costs about twice the JSON.stringify the
 * event pays anyway, a few microseconds of CPU for most events and some 40 µs for a card with 20
 * comments in a column of 200 (bench/event-check.ts), next to a write's milliseconds.
 */
export async function recordEvent<T extends EventType>(
  executor: Executor,
  actor: EventActor,
  type: T,
  payload: EventPayload<T>,
  audience?: Audience,
): Promise<void> {
  const body = { ...payload, ...actorFields(actor) };
  checkEvent(type, body);
  const companyId = 'system' in actor ? actor.system.companyId : actor.principal.company?.id;
  if (!companyId) return;
  const { projectId, cardId } = subjectOf(body);
  const audienceUserId = audience && 'userId' in audience ? audience.userId : null;
  const audienceAgentId = audience && 'agentId' in audience ? audience.agentId : null;
  // Recorded and announced in one statement: this sits on every write's path.
  await executor.execute(sql`
    insert into ${events} (company_id, type, payload, project_id, card_id, actor_user_id, actor_agent_id,
      audience_user_id, audience_agent_id)
    values (${companyId}, ${type}, ${JSON.stringify(body)}, ${projectId}, ${cardId}, ${body.actorUserId ?? null},
      ${body.actorAgentId ?? null}, ${audienceUserId}, ${audienceAgentId})
    returning ${announce}`);
}

/** Throws unless `type` is catalogued and `data` matches its schema. */
export function checkEvent(type: string, data: unknown): void {
  if (!isEventType(type)) throw new Error(`recordEvent: unknown event type "${type}" (add it to events/catalog.ts)`);
  const result = EVENT_CATALOG[type].data.safeParse(data);
  if (!result.success) {
    throw new Error(`recordEvent: the data of "${type}" does not match its schema:\n${z.prettifyError(result.error)}`);
  }
}

/**
 * The arguments a database function needs to record and announce an event as `recordEvent` does,
 * for a change made and recorded by one function call (the card move, migrations 0008 and 0009):
 * the actor's fields as jsonb, the bus channel and the events topic. Such a function writes the
 * same `events` row (its project, card and acting user columns too) and bus notice; the
 * live-stream tests of the move and Home's activity tests read them back.
 */
export function recordEventArgs(actor: Actor): SQL {
  return sql`${JSON.stringify(actorFields(actor))}::jsonb, ${BUS_CHANNEL}, ${EVENTS_TOPIC}`;
}
