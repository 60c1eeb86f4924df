import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  api,
  unwrap,
  type CronJob,
  type CronRun,
  type SchedulePreview,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@/api';

/** Runs and deliveries per page. */
export const HISTORY_PAGE = 20;

/** Offset paging: a short page is the last one; the next starts after everything held. */
function nextOffset<T>(page: T[], pages: T[][]): number | undefined {
  return page.length < HISTORY_PAGE ? undefined : pages.reduce((count, held) => count + held.length, 0);
}

/** Items of offset pages, once each (a page read while new ones arrived may repeat one). */
export function uniqueById<T extends { id: string }>(pages: T[][] | undefined): T[] | undefined {
  if (!pages) return undefined;
  const seen = new Set<string>();
  return pages.flat().filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/**
 * The automation feature's key factory. Under `['automation', agentId]`: the agent's schedules
 * (`cron-jobs`, with each one's runs below it, so refreshing the schedules refreshes their
 * histories) and its webhook endpoints (`webhooks`, each one's deliveries below it). Previews
 * of a cron expression sit under `['automation', 'preview']`.
 */
export const automationQueries = {
  all: ['automation'] as const,
  agent: (agentId: string) => [...automationQueries.all, agentId] as const,
  /** The agent's schedules, by name (every member). */
  cronJobs: (agentId: string) =>
    queryOptions({
      queryKey: [...automationQueries.agent(agentId), 'cron-jobs'] as const,
      queryFn: ({ signal }): Promise<CronJob[]> =>
        unwrap(api.GET('/agents/{agentId}/cron-jobs', { params: { path: { agentId } }, signal })),
    }),
  /** One schedule's runs, newest first, page by page. */
  cronRuns: (agentId: string, cronJobId: string) =>
    infiniteQueryOptions({
      queryKey: [...automationQueries.cronJobs(agentId).queryKey, cronJobId, 'runs'] as const,
      queryFn: ({ pageParam, signal }): Promise<CronRun[]> =>
        unwrap(
          api.GET('/agents/{agentId}/cron-jobs/{cronJobId}/runs', {
            params: { path: { agentId, cronJobId }, query: { limit: HISTORY_PAGE, offset: pageParam } },
            signal,
          }),
        ),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
    }),
  /** What an expression means and when it fires next, in a time zone. Refusals are not retried. */
  preview: (expression: string, timeZone: string) =>
    queryOptions({
      queryKey: [...automationQueries.all, 'preview', expression, timeZone] as const,
      queryFn: ({ signal }): Promise<SchedulePreview> =>
        unwrap(api.GET('/schedules/preview', { params: { query: { expression, timeZone } }, signal })),
      staleTime: 60_000,
      retry: false,
    }),
  /** The agent's webhook endpoints, revoked ones included (every member). */
  webhooks: (agentId: string) =>
    queryOptions({
      queryKey: [...automationQueries.agent(agentId), 'webhooks'] as const,
      queryFn: ({ signal }): Promise<WebhookEndpoint[]> =>
        unwrap(api.GET('/agents/{agentId}/webhook-endpoints', { params: { path: { agentId } }, signal })),
    }),
  /** One endpoint's deliveries with their payloads, newest first (admins and the responsible person). */
  deliveries: (agentId: string, endpointId: string) =>
    infiniteQueryOptions({
      queryKey: [...automationQueries.webhooks(agentId).queryKey, endpointId, 'deliveries'] as const,
      queryFn: ({ pageParam, signal }): Promise<WebhookDelivery[]> =>
        unwrap(
          api.GET('/agents/{agentId}/webhook-endpoints/{endpointId}/deliveries', {
            params: { path: { agentId, endpointId }, query: { limit: HISTORY_PAGE, offset: pageParam } },
            signal,
          }),
        ),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
    }),
};
