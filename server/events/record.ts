import type { AppContext, Principal } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { events } from '../db/schema.ts';

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
  ctx: AppContext,
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
  const [row] = await executor.insert(events).values({ companyId, type, payload: body }).returning({ id: events.id });
  const notice: EventNotice = { companyId, id: row!.id };
  await ctx.bus.publish(EVENTS_TOPIC, notice, executor);
}
