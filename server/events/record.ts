import type { Principal } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { type SQL, sql } from 'drizzle-orm';
import { events } from '../db/schema.ts';
import { notifySql } from './bus.ts';

export const EVENTS_TOPIC = 'events';
/** What the bus carries for each recorded event; streams read the event itself from the table. */
export type EventNotice = { companyId: string; id: number };

/** Who made a change: the principal, and the browser tab it came from (`X-Client-Id`). */
export type Actor = { principal: Principal; clientId?: string };

/** What every event carries besides the change itself: who made it, and from which tab. */
function actorFields(actor: Actor) {
  return { actorUserId: actor.principal.user.id, ...(actor.clientId ? { clientId: actor.clientId } : {}) };
}

/** Announces each inserted event on the bus, as part of its INSERT (a RETURNING expression). */
const announce = notifySql(EVENTS_TOPIC, sql`json_build_object('companyId', company_id, 'id', id)`);

/**
 * Records a change for the live streams of the company's members and announces it. Called inside
 * the change's transaction, so the event exists exactly when the change does.
 */
export async function recordEvent(
  executor: Executor,
  actor: Actor,
  type: string,
  payload: Record<string, unknown>,
): Promise<void> {
  const companyId = actor.principal.company?.id;
  if (!companyId) return;
  const body = { ...payload, ...actorFields(actor) };
  // Recorded and announced in one statement: this sits on every write's path.
  await executor.execute(sql`
    insert into ${events} (company_id, type, payload) values (${companyId}, ${type}, ${JSON.stringify(body)})
    returning ${announce}`);
}

/**
 * `recordEvent` for a change made by a single statement, to be part of that statement: an INSERT
 * to use as a data-modifying CTE (which runs whether or not the statement reads it). It records
 * one event per row of `from` (a FROM clause over the statement's other CTEs), with `payload`, a
 * jsonb expression over those rows, as the change; no row, no event.
 */
export function recordEventSql(actor: Actor, type: string, payload: SQL, from: SQL): SQL {
  const companyId = actor.principal.company?.id;
  // Only changes to a company's data are single statements so far; they check the company first.
  if (!companyId) throw new Error('recordEventSql needs a principal with a company');
  return sql`
    insert into ${events} (company_id, type, payload)
    select ${companyId}::uuid, ${type}, ((${payload}) || ${JSON.stringify(actorFields(actor))}::jsonb)::text
    from ${from}
    returning ${announce}`;
}
