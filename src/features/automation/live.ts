import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, onLiveResync } from '@/api';
import { automationQueries } from './queries';

/**
 * While an agent's schedules are shown, a change to one of them elsewhere, or a run (fired by the
 * scheduler, or reported by the agent), refetches them and that schedule's history. Missed
 * events refetch everything of the agent.
 */
export function useSchedulesLive(agentId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const jobsKey = automationQueries.cronJobs(agentId).queryKey;
    const stops = [
      onLiveEvent('cron.job.changed', ({ data }) => {
        if (data.agentId !== agentId) return;
        void queryClient.invalidateQueries({ queryKey: jobsKey });
      }),
      onLiveEvent('cron.run.recorded', ({ data }) => {
        if (data.agentId !== agentId) return;
        void queryClient.invalidateQueries({ queryKey: jobsKey, exact: true });
        void queryClient.invalidateQueries({
          queryKey: automationQueries.cronRuns(agentId, data.cronJobId).queryKey,
        });
      }),
      onLiveResync(() => void queryClient.invalidateQueries({ queryKey: jobsKey })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, agentId]);
}

/**
 * While an agent's webhooks are shown, a new or rotated or revoked endpoint, and a delivery that
 * came in (or was redelivered), refetch the endpoints and that endpoint's deliveries: a delivery
 * shows up without a reload.
 */
export function useWebhooksLive(agentId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const endpointsKey = automationQueries.webhooks(agentId).queryKey;
    const stops = [
      onLiveEvent('webhook.endpoint.changed', ({ data }) => {
        if (data.agentId !== agentId) return;
        void queryClient.invalidateQueries({ queryKey: endpointsKey, exact: true });
      }),
      onLiveEvent('webhook.delivery.recorded', ({ data }) => {
        if (data.agentId !== agentId) return;
        void queryClient.invalidateQueries({ queryKey: endpointsKey, exact: true });
        void queryClient.invalidateQueries({
          queryKey: automationQueries.deliveries(agentId, data.endpointId).queryKey,
        });
      }),
      onLiveResync(() => void queryClient.invalidateQueries({ queryKey: endpointsKey })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, agentId]);
}
