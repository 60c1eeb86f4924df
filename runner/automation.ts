/**
 * Work that schedules and webhooks hand the agent (`agent.cron.fired`, `agent.webhook.received`):
 * the backend works on it as a task (task.ts), and the runner reports what came of it with
 * `PATCH /agents/{agentId}/cron-runs/{runId}` or `PATCH /agents/{agentId}/webhook-deliveries/{deliveryId}`.
 *
 * A reconnect replays events, so each task is decided from the server's state, not the event: a run
 * still `delivered`, or a delivery not reported since it was last (re)delivered, is work to do;
 * anything else was done already. A 409 when reporting (someone reported it meanwhile) counts as done.
 */
import { ApiError, type WorkspaceApi } from './api.ts';
import { runTask } from './task.ts';
import type { CronFiredEvent, CronRun, TaskReport, WebhookDelivery, WebhookReceivedEvent } from './types.ts';
import type { WorkDeps } from './work.ts';

/** Rows per page when looking for one run or delivery in a list. */
const PAGE = 100;
/** Pages read at most when looking for it (its newest 1,000 rows). */
const MAX_PAGES = 10;
/** How much of a webhook's payload goes into the instruction, as compact JSON. */
export const MAX_PAYLOAD_CHARS = 4000;
/** Deliveries looked at per endpoint when catching up. */
const CATCH_UP_DELIVERIES = 20;

/** The key a task is queued and stopped under (sessions use their id). */
export const cronTaskKey = (runId: string) => `cron:${runId}`;
export const webhookTaskKey = (deliveryId: string) => `webhook:${deliveryId}`;

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The row `id` in a list read newest first, page by page; stops once the list is older than
 * `since` (the row cannot come later). Null when it is not there, or the list is gone (404).
 */
async function findInPages<T extends { id: string }>(
  readPage: (offset: number) => Promise<T[]>,
  id: string,
  timeOf: (row: T) => string,
  since: string,
): Promise<T | null> {
  const floor = Date.parse(since);
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const rows = await readPage(page * PAGE);
      const found = rows.find((row) => row.id === id);
      if (found) return found;
      const oldest = rows.at(-1);
      if (rows.length < PAGE || !oldest || Date.parse(timeOf(oldest)) < floor) return null;
    }
    return null;
  } catch (error) {
    if (isGone(error)) return null;
    throw error;
  }
}

/** Reports an outcome; 409 (reported already, or never sent) and 404 (deleted) mean there is nothing left to do. */
async function sendReport(deps: WorkDeps, what: string, ids: Record<string, string>, send: () => Promise<unknown>) {
  const { agent, logger } = deps;
  try {
    await send();
    logger.info(`${agent.name}: reported on the ${what}`, ids);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
      logger.info(`${agent.name}: the ${what} was reported already (or is gone): nothing to report`, {
        ...ids,
        code: error.code ?? String(error.status),
      });
      return;
    }
    throw error;
  }
}

const reportFields = (report: TaskReport) => ({ status: report.status, outcome: report.outcome ?? '' });

/** A schedule fired: work on its instruction and report, unless its run was reported already. */
export async function workOnCronRun(deps: WorkDeps, fired: CronFiredEvent, reason: string): Promise<void> {
  const { api, agent, logger } = deps;
  const ids = { cronJobId: fired.cronJobId, runId: fired.runId };
  const run: CronRun | null = await findInPages(
    (offset) => api.listCronRuns(agent.id, fired.cronJobId, PAGE, offset),
    fired.runId,
    (row) => row.firedAt,
    fired.scheduledFor,
  );
  if (!run) {
    logger.info(`${agent.name}: the run of schedule “${fired.name}” is gone (schedule deleted): nothing to do`, ids);
    return;
  }
  if (run.status !== 'delivered') {
    logger.debug(`${agent.name}: the run of schedule “${fired.name}” is ${run.status} already`, ids);
    return;
  }
  logger.info(`${agent.name}: working on schedule “${fired.name}”`, { ...ids, reason });
  const report = await runTask(deps, cronTaskKey(fired.runId), {
    kind: 'schedule',
    name: fired.name,
    instruction: fired.instruction,
  });
  if (!report) {
    logger.info(`${agent.name}: stopped; the run stays unreported`, ids);
    return;
  }
  await sendReport(deps, `run of schedule “${fired.name}” (${report.status})`, ids, () =>
    api.reportCronRun(agent.id, fired.runId, reportFields(report)),
  );
}

/** Work to do: never reported, or reported before it was delivered again. */
export function deliveryNeedsWork(delivery: WebhookDelivery): boolean {
  if (!delivery.reportedAt) return true;
  return Date.parse(delivery.reportedAt) < Date.parse(delivery.lastDeliveredAt);
}

/** The instruction a webhook delivery becomes: the endpoint's name and the payload as compact JSON, cut at 4,000 characters. */
export function webhookInstruction(name: string, payload: unknown): string {
  const json = JSON.stringify(payload) ?? 'null';
  const shown =
    json.length > MAX_PAYLOAD_CHARS
      ? `${json.slice(0, MAX_PAYLOAD_CHARS)}… (cut: ${json.length.toLocaleString('en')} characters in all)`
      : json;
  return `Webhook “${name}” delivered: ${shown}`;
}

/** A webhook delivery came in (or again): work on it and report, unless it was reported since. */
export async function workOnWebhookDelivery(
  deps: WorkDeps,
  received: WebhookReceivedEvent,
  reason: string,
): Promise<void> {
  const { api, agent, logger } = deps;
  const ids = { endpointId: received.endpointId, deliveryId: received.deliveryId };
  const delivery = await findInPages(
    (offset) => api.listWebhookDeliveries(agent.id, received.endpointId, PAGE, offset),
    received.deliveryId,
    (row) => row.receivedAt,
    received.receivedAt,
  );
  if (!delivery) {
    logger.info(`${agent.name}: the delivery to webhook “${received.name}” is gone: nothing to do`, ids);
    return;
  }
  if (!deliveryNeedsWork(delivery)) {
    logger.debug(`${agent.name}: the delivery to webhook “${received.name}” was reported already`, ids);
    return;
  }
  logger.info(`${agent.name}: working on a delivery to webhook “${received.name}”`, {
    ...ids,
    attempt: delivery.attempts,
    reason,
  });
  const report = await runTask(deps, webhookTaskKey(received.deliveryId), {
    kind: 'webhook',
    name: received.name,
    instruction: webhookInstruction(received.name, delivery.payload),
    payload: delivery.payload,
  });
  if (!report) {
    logger.info(`${agent.name}: stopped; the delivery stays unreported`, ids);
    return;
  }
  await sendReport(deps, `delivery to webhook “${received.name}” (${report.status})`, ids, () =>
    api.reportWebhookDelivery(agent.id, received.deliveryId, reportFields(report)),
  );
}

/**
 * Tasks handed over while the runner was away: each schedule's newest run if it is still
 * `delivered`, and the deliveries not reported among each active endpoint's newest. Either half
 * that cannot be read is left out (and logged).
 */
export async function unfinishedTasks(
  api: WorkspaceApi,
  agentId: string,
  warn: (message: string, error: unknown) => void,
): Promise<{ runs: CronFiredEvent[]; deliveries: WebhookReceivedEvent[] }> {
  const runs: CronFiredEvent[] = [];
  const deliveries: WebhookReceivedEvent[] = [];
  try {
    for (const job of await api.listCronJobs(agentId)) {
      const run = job.lastRun;
      if (run?.status !== 'delivered') continue;
      runs.push({
        agentId,
        cronJobId: job.id,
        runId: run.id,
        name: job.name,
        instruction: job.instruction,
        scheduledFor: run.scheduledFor,
        manual: run.manual,
      });
    }
  } catch (error) {
    warn('could not look for unfinished schedule runs', error);
  }
  try {
    for (const endpoint of await api.listWebhookEndpoints(agentId)) {
      if (endpoint.status !== 'active') continue;
      const recent = await api.listWebhookDeliveries(agentId, endpoint.id, CATCH_UP_DELIVERIES);
      // Oldest first, as they came.
      for (const delivery of recent.filter(deliveryNeedsWork).reverse())
        deliveries.push({
          agentId,
          endpointId: endpoint.id,
          deliveryId: delivery.id,
          name: endpoint.name,
          payload: delivery.payload,
          receivedAt: delivery.receivedAt,
          redelivery: delivery.attempts > 1,
        });
    }
  } catch (error) {
    warn('could not look for unfinished webhook deliveries', error);
  }
  return { runs, deliveries };
}
