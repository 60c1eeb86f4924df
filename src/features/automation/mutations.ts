import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  api,
  errorMessage,
  unwrap,
  type CreateCronJob,
  type UpdateCronJob,
  type CronJob,
  type CronRun,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@/api';
import { toast } from '@/ui';
import { automationQueries } from './queries';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Puts the server's version of a schedule in the agent's list, keeping it by name. */
function applyCronJob(queryClient: QueryClient, job: CronJob) {
  queryClient.setQueryData(automationQueries.cronJobs(job.agentId).queryKey, (jobs) =>
    jobs ? [...jobs.filter((item) => item.id !== job.id), job].sort(byName) : jobs,
  );
}

/** Puts the server's version of an endpoint in the agent's list (without any secret). */
function applyEndpoint(queryClient: QueryClient, endpoint: WebhookEndpoint & { secret?: string }) {
  const { secret: _secret, ...stored } = endpoint;
  queryClient.setQueryData(automationQueries.webhooks(endpoint.agentId).queryKey, (endpoints) =>
    endpoints
      ? endpoints.some((item) => item.id === stored.id)
        ? endpoints.map((item) => (item.id === stored.id ? stored : item))
        : [...endpoints, stored]
      : endpoints,
  );
}

/**
 * Creates a schedule (`job` null) or changes one. Errors stay with the caller: the dialog shows
 * them by their fields and keeps what was typed.
 */
export function useSaveCronJob(agentId: string, job: CronJob | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCronJob | UpdateCronJob): Promise<CronJob> =>
      job
        ? unwrap(
            api.PATCH('/agents/{agentId}/cron-jobs/{cronJobId}', {
              params: { path: { agentId, cronJobId: job.id } },
              body,
            }),
          )
        : unwrap(
            api.POST('/agents/{agentId}/cron-jobs', { params: { path: { agentId } }, body: body as CreateCronJob }),
          ),
    onSuccess: (saved) => {
      applyCronJob(queryClient, saved);
      toast('success', job ? `Saved “${saved.name}”` : `Created the schedule “${saved.name}”`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationQueries.cronJobs(agentId).queryKey }),
  });
}

/** Switches a schedule on or off: shown at once, switched back with the server's reason if it refuses. */
export function useSetCronJobEnabled(agentId: string) {
  const queryClient = useQueryClient();
  const listKey = automationQueries.cronJobs(agentId).queryKey;
  return useMutation({
    mutationFn: ({ job, enabled }: { job: CronJob; enabled: boolean }): Promise<CronJob> =>
      unwrap(
        api.PATCH('/agents/{agentId}/cron-jobs/{cronJobId}', {
          params: { path: { agentId, cronJobId: job.id } },
          body: { enabled },
        }),
      ),
    onMutate: async ({ job, enabled }) => {
      await queryClient.cancelQueries({ queryKey: listKey, exact: true });
      applyCronJob(queryClient, { ...job, enabled, nextRunAt: enabled ? job.nextRunAt : null });
    },
    onSuccess: (saved) => applyCronJob(queryClient, saved),
    onError: (error, { job, enabled }) => {
      applyCronJob(queryClient, job);
      toast('error', `Could not ${enabled ? 'enable' : 'disable'} “${job.name}”`, errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey, exact: true }),
  });
}

/** Deletes a schedule (after the caller's confirmation); its history goes with it. */
export function useDeleteCronJob(agentId: string) {
  const queryClient = useQueryClient();
  const listKey = automationQueries.cronJobs(agentId).queryKey;
  return useMutation({
    mutationFn: (job: CronJob) =>
      unwrap(
        api.DELETE('/agents/{agentId}/cron-jobs/{cronJobId}', { params: { path: { agentId, cronJobId: job.id } } }),
      ),
    onSuccess: (_result, job) => {
      queryClient.setQueryData(listKey, (jobs) => jobs?.filter((item) => item.id !== job.id));
      queryClient.removeQueries({ queryKey: automationQueries.cronRuns(agentId, job.id).queryKey });
      toast('success', `Deleted the schedule “${job.name}”`);
    },
    onError: (error, job) => toast('error', `Could not delete “${job.name}”`, errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey, exact: true }),
  });
}

/** Fires a schedule now ("Run now"): the run shows in its history and as its last run. */
export function useRunCronJob(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: CronJob): Promise<CronRun> =>
      unwrap(
        api.POST('/agents/{agentId}/cron-jobs/{cronJobId}/run', { params: { path: { agentId, cronJobId: job.id } } }),
      ),
    onSuccess: (run, job) => {
      queryClient.setQueryData(automationQueries.cronJobs(agentId).queryKey, (jobs) =>
        jobs?.map((item) => (item.id === job.id ? { ...item, lastRun: run } : item)),
      );
      toast(
        'success',
        `Ran “${job.name}”`,
        run.status === 'skipped' ? (run.outcome ?? 'It was skipped.') : 'The agent got its instruction.',
      );
    },
    onError: (error, job) => toast('error', `Could not run “${job.name}”`, errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationQueries.cronJobs(agentId).queryKey }),
  });
}

/** Creates an endpoint; its secret comes back in the result only and never enters the cache. */
export function useCreateWebhook(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string }) =>
      unwrap(api.POST('/agents/{agentId}/webhook-endpoints', { params: { path: { agentId } }, body })),
    onSuccess: (created) => applyEndpoint(queryClient, created),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: automationQueries.webhooks(agentId).queryKey, exact: true }),
  });
}

/** Gives an endpoint a new secret (the old one stops at once); the new one is in the result only. */
export function useRotateWebhook(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      unwrap(
        api.POST('/agents/{agentId}/webhook-endpoints/{endpointId}/rotate', {
          params: { path: { agentId, endpointId: endpoint.id } },
        }),
      ),
    onSuccess: (rotated) => applyEndpoint(queryClient, rotated),
    onError: (error, endpoint) =>
      toast('error', `Could not rotate the secret of “${endpoint.name}”`, errorMessage(error)),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: automationQueries.webhooks(agentId).queryKey, exact: true }),
  });
}

/** Revokes an endpoint: deliveries to its URL are refused from then on. */
export function useRevokeWebhook(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      unwrap(
        api.DELETE('/agents/{agentId}/webhook-endpoints/{endpointId}', {
          params: { path: { agentId, endpointId: endpoint.id } },
        }),
      ),
    onSuccess: (revoked) => {
      applyEndpoint(queryClient, revoked);
      toast('success', `Revoked “${revoked.name}”`, 'Deliveries to its URL are refused from now on.');
    },
    onError: (error, endpoint) => toast('error', `Could not revoke “${endpoint.name}”`, errorMessage(error)),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: automationQueries.webhooks(agentId).queryKey, exact: true }),
  });
}

/** Sends a delivery to the agent again; the list shows its new attempt count. */
export function useRedeliver(agentId: string, endpointId: string) {
  const queryClient = useQueryClient();
  const key = automationQueries.deliveries(agentId, endpointId).queryKey;
  return useMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      unwrap(
        api.POST('/agents/{agentId}/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver', {
          params: { path: { agentId, endpointId, deliveryId: delivery.id } },
        }),
      ),
    onSuccess: (redelivered) => {
      queryClient.setQueryData<InfiniteData<WebhookDelivery[], number>>(key, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => page.map((item) => (item.id === redelivered.id ? redelivered : item))),
            }
          : data,
      );
      toast('success', 'Redelivered', `Attempt ${redelivered.attempts} went to the agent.`);
    },
    onError: (error) => toast('error', 'Could not redeliver', errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
