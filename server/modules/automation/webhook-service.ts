/**
 * Agents' webhook endpoints: URLs an outside system POSTs signed JSON to, which hand the agent
 * work on its stream (`agent.webhook.received`). Endpoints are managed by company admins and the
 * person responsible for the agent; every member may list them; the deliveries (whose payloads may
 * be sensitive) are for those who manage the agent and the agent itself. The public receiving
 * side (`POST /hooks/{endpointId}`) is in webhook-handlers.ts, which checks the request in order
 * and calls `acceptDelivery` here.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { agents, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { type Actor, type EventActor, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, forbidden, notFound } from '../../http/errors.ts';
import { seal, unseal } from '../../lib/sealed.ts';
import { requireCompany } from '../../policies/index.ts';
import { type AgentRow, agentInScope, canManageAgent } from '../agents/index.ts';
import { chargeAgentWork } from '../credits/index.ts';
import type { WebhookDelivery, WebhookEndpoint } from './schemas.ts';
import { generateWebhookSecret, webhookSecretPrefix } from './webhook-signature.ts';

/** Active endpoints one agent may have. */
export const MAX_ACTIVE_WEBHOOK_ENDPOINTS = 20;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Where the outside system POSTs: `PUBLIC_URL` (or the request's origin) + `/api/hooks/{id}`. */
export const hookUrl = (ctx: AppContext, origin: string, endpointId: string) =>
  `${ctx.config.publicUrl ?? origin}/api/hooks/${endpointId}`;

function presentEndpoint(ctx: AppContext, origin: string, row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    agentId: row.agentId,
    name: row.name,
    url: hookUrl(ctx, origin, row.id),
    secretPrefix: row.secretPrefix,
    status: row.status,
    createdBy: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
  };
}

function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    agentId: row.agentId,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    payload: row.payload,
    sizeBytes: row.sizeBytes,
    attempts: row.attempts,
    lastDeliveredAt: row.lastDeliveredAt.toISOString(),
    outcomeStatus: row.outcomeStatus === 'succeeded' || row.outcomeStatus === 'failed' ? row.outcomeStatus : null,
    outcome: row.outcome,
    reportedAt: row.reportedAt?.toISOString() ?? null,
  };
}

const endpointRevoked = () =>
  new ApiError(409, 'This webhook endpoint is revoked; create a new one', ErrorCode.webhookRevoked);

/** A completed agent takes no deliveries (a paused one does: it finds them when resumed). */
const agentCompleted = (agent: Pick<AgentRow, 'name'>) =>
  new ApiError(409, `${agent.name} is completed and takes no new work`, ErrorCode.agentUnavailable);

/** An endpoint of the agent, or 404. */
async function findEndpoint(db: Executor, agentId: string, endpointId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.agentId, agentId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Webhook endpoint not found');
  return row;
}

/** Active first, then revoked; each by name. Every member (an agent token: its own endpoints). */
export async function listEndpoints(ctx: AppContext, principal: Principal, agentId: string, origin: string) {
  await agentInScope(ctx.db, principal, agentId);
  const found = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.agentId, agentId))
    .orderBy(
      asc(webhookEndpoints.status),
      asc(webhookEndpoints.searchKey),
      asc(webhookEndpoints.name),
      asc(webhookEndpoints.id),
    );
  return found.map((row) => presentEndpoint(ctx, origin, row));
}

const announce = (db: Executor, actor: Actor, row: EndpointRow, change: 'created' | 'rotated' | 'revoked') =>
  recordEvent(db, actor, 'webhook.endpoint.changed', { agentId: row.agentId, endpointId: row.id, change });

/** Creates an endpoint; its secret is in this answer only (kept sealed: checking needs it). */
export async function createEndpoint(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  input: { name: string },
  origin: string,
) {
  const { principal } = actor;
  const company = requireCompany(principal);
  return ctx.db.transaction(async (tx) => {
    await agentInScope(tx, principal, agentId, { manage: true });
    // One creation at a time per agent, so the limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${agentId}`}))`);
    const [active] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.agentId, agentId), eq(webhookEndpoints.status, 'active')));
    if (Number(active?.count ?? 0) >= MAX_ACTIVE_WEBHOOK_ENDPOINTS) {
      throw new ApiError(
        409,
        `An agent may have at most ${MAX_ACTIVE_WEBHOOK_ENDPOINTS} active webhook endpoints; revoke one first`,
        ErrorCode.webhookLimitReached,
      );
    }
    const secret = generateWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId: company.id,
        agentId,
        name: input.name,
        secretSealed: seal(ctx.secrets.credentials, secret),
        secretPrefix: webhookSecretPrefix(secret),
        createdByUserId: principal.user.id,
      })
      .returning();
    await announce(tx, actor, row!, 'created');
    return { ...presentEndpoint(ctx, origin, row!), secret };
  });
}

/** A new secret; the old one stops working at once. 409 for a revoked endpoint. */
export async function rotateEndpoint(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  endpointId: string,
  origin: string,
) {
  return ctx.db.transaction(async (tx) => {
    await agentInScope(tx, actor.principal, agentId, { manage: true });
    const endpoint = await findEndpoint(tx, agentId, endpointId, { lock: true });
    if (endpoint.status === 'revoked') throw endpointRevoked();
    const secret = generateWebhookSecret();
    const now = new Date();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: seal(ctx.secrets.credentials, secret),
        secretPrefix: webhookSecretPrefix(secret),
        rotatedAt: now,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    await announce(tx, actor, row!, 'rotated');
    return { ...presentEndpoint(ctx, origin, row!), secret };
  });
}

/** Revokes an endpoint: its URL answers 404 from now on. Revoking it again changes nothing. */
export async function revokeEndpoint(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  endpointId: string,
  origin: string,
) {
  return ctx.db.transaction(async (tx) => {
    await agentInScope(tx, actor.principal, agentId, { manage: true });
    const endpoint = await findEndpoint(tx, agentId, endpointId, { lock: true });
    if (endpoint.status === 'revoked') return presentEndpoint(ctx, origin, endpoint);
    const now = new Date();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ status: 'revoked', revokedAt: now, updatedAt: now })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    await announce(tx, actor, row!, 'revoked');
    return presentEndpoint(ctx, origin, row!);
  });
}

/**
 * The agent, if the caller may read its deliveries: the agent itself, company admins and the
 * person responsible for it (payloads may hold what other members should not read: 403).
 */
async function deliveriesAgent(db: Executor, principal: Principal, agentId: string) {
  const agent = await agentInScope(db, principal, agentId);
  if (!principal.agent && !canManageAgent(principal, agent)) {
    throw forbidden(`Only company admins, the person responsible for ${agent.name} and the agent can read deliveries`);
  }
  return agent;
}

/** An endpoint's deliveries, newest first. */
export async function listDeliveries(
  ctx: AppContext,
  principal: Principal,
  agentId: string,
  endpointId: string,
  page: { limit: number; offset: number },
) {
  await deliveriesAgent(ctx.db, principal, agentId);
  await findEndpoint(ctx.db, agentId, endpointId);
  const found = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.receivedAt), desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  return found.map(presentDelivery);
}

/** The two events of a delivery sent to the agent: its stream's (with the payload), the company's (without). */
async function forward(
  db: Executor,
  actor: EventActor,
  endpoint: Pick<EndpointRow, 'id' | 'name'>,
  delivery: DeliveryRow,
  redelivery: boolean,
) {
  const ids = { agentId: delivery.agentId, endpointId: endpoint.id, deliveryId: delivery.id };
  const receivedAt = delivery.receivedAt.toISOString();
  await recordEvent(
    db,
    actor,
    'agent.webhook.received',
    { ...ids, name: endpoint.name, payload: delivery.payload, receivedAt, redelivery },
    { agentId: delivery.agentId },
  );
  await recordEvent(db, actor, 'webhook.delivery.recorded', {
    ...ids,
    status: delivery.status,
    receivedAt,
    sizeBytes: delivery.sizeBytes,
  });
}

/**
 * Sends a delivery to the agent's stream again (`redelivery: true`): attempts + 1, status
 * `redelivered`, and a reported outcome cleared (the agent reports on the new attempt). For those
 * who manage the agent. 409 when the endpoint is revoked or the agent completed.
 */
export async function redeliver(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  endpointId: string,
  deliveryId: string,
) {
  return ctx.db.transaction(async (tx) => {
    const agent = await agentInScope(tx, actor.principal, agentId, { manage: true });
    const endpoint = await findEndpoint(tx, agentId, endpointId);
    const [found] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .for('update');
    if (!found) throw notFound('Delivery not found');
    if (endpoint.status === 'revoked') throw endpointRevoked();
    if (agent.status === 'completed') throw agentCompleted(agent);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'redelivered',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastDeliveredAt: new Date(),
        outcomeStatus: null,
        outcome: null,
        reportedAt: null,
      })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    await forward(tx, actor, endpoint, row!, true);
    return presentDelivery(row!);
  });
}

/**
 * The agent reports what came of a delivery (its own token only; anyone else 404: the delivery is
 * the agent's to report). Once per attempt: 409 `RUN_ALREADY_REPORTED` after that, until a
 * redelivery. Members hear of it (`webhook.delivery.recorded`).
 */
export async function reportDelivery(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  deliveryId: string,
  input: { status: 'succeeded' | 'failed'; outcome?: string },
) {
  const { principal } = actor;
  if (!principal.agent || principal.agent.id !== agentId) throw notFound('Delivery not found');
  await agentInScope(ctx.db, principal, agentId);
  return ctx.db.transaction(async (tx) => {
    await chargeAgentWork(ctx, tx, actor, { operation: 'reportWebhookDelivery', kind: 'write' });
    const [found] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.agentId, agentId)))
      .for('update');
    if (!found) throw notFound('Delivery not found');
    if (found.reportedAt) {
      throw new ApiError(
        409,
        `This delivery’s outcome was reported already (${found.outcomeStatus}); a redelivery can be reported again`,
        ErrorCode.runAlreadyReported,
      );
    }
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ outcomeStatus: input.status, outcome: input.outcome || null, reportedAt: new Date() })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    await recordEvent(tx, actor, 'webhook.delivery.recorded', {
      agentId,
      endpointId: row!.endpointId,
      deliveryId,
      status: row!.status,
      receivedAt: row!.receivedAt.toISOString(),
      sizeBytes: row!.sizeBytes,
    });
    return presentDelivery(row!);
  });
}

/** The endpoint a hook request is for, with its agent's name and status; 404 when unknown or revoked. */
export async function findHookEndpoint(ctx: AppContext, endpointId: string) {
  const [row] = await ctx.db
    .select({ endpoint: webhookEndpoints, agentName: agents.name, agentStatus: agents.status })
    .from(webhookEndpoints)
    .innerJoin(agents, eq(agents.id, webhookEndpoints.agentId))
    .where(eq(webhookEndpoints.id, endpointId))
    .limit(1);
  if (!row || row.endpoint.status !== 'active') throw notFound('Webhook endpoint not found');
  return row;
}
export type HookEndpoint = Awaited<ReturnType<typeof findHookEndpoint>>;

/** The endpoint's signing secret, opened. */
export const endpointSecret = (ctx: AppContext, endpoint: EndpointRow) =>
  unseal(ctx.secrets.credentials, endpoint.secretSealed);

/**
 * Stores a verified delivery and sends it to the agent's stream, in one transaction with its
 * events. The same signed request a second time (same matched signature) is not stored or sent
 * again: the answer names the first delivery, `duplicate: true`. Two copies at once are decided
 * by the unique (endpoint, signature) index: the second waits for the first and finds it.
 */
export async function acceptDelivery(
  ctx: AppContext,
  hook: HookEndpoint,
  delivery: { payload: unknown; sizeBytes: number; signatureHash: string; sourceIp: string | null },
): Promise<{ deliveryId: string; duplicate: boolean }> {
  const { endpoint } = hook;
  if (hook.agentStatus === 'completed') throw agentCompleted({ name: hook.agentName });
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        companyId: endpoint.companyId,
        agentId: endpoint.agentId,
        payload: delivery.payload as object,
        sizeBytes: delivery.sizeBytes,
        signatureHash: delivery.signatureHash,
        sourceIp: delivery.sourceIp,
      })
      .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.signatureHash] })
      .returning();
    if (!row) {
      const [first] = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpoint.id),
            eq(webhookDeliveries.signatureHash, delivery.signatureHash),
          ),
        );
      return { deliveryId: first!.id, duplicate: true };
    }
    await tx
      .update(webhookEndpoints)
      .set({ lastDeliveryAt: row.receivedAt })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await forward(tx, { system: { companyId: endpoint.companyId } }, endpoint, row, false);
    return { deliveryId: row.id, duplicate: false };
  });
}
