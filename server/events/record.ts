import type { Principal } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { events } from '../db/schema.ts';
import { notifySql } from './bus.ts';

export const EVENTS_TOPIC = 'events';
/** What the bus carries for each recorded event; streams read the event itself from the table. */
export type EventNotice = { companyId: string; id: number };

/** Who made a change: the principal, and the browser tab it came from (`X-Client-Id`). */
export type Actor = { principal: Principal; clientId?: string };

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
  const body = {
    ...payload,
    actorUserId: actor.principal.user.id,
    ...(actor.clientId ? { clientId: actor.clientId } : {}),
  };
  // Recorded and announced in one statement: this sits on every write's path.
  const notice = sql`json_build_object('companyId', ${companyId}::uuid, 'id', e.id)`;
  await executor.execute(sql`
    with e as (
      insert into ${events} (company_id, type, payload) values (${companyId}, ${type}, ${JSON.stringify(body)})
      returning id
    )
    select ${notifySql(EVENTS_TOPIC, notice)} from e`);
}
