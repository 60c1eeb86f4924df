import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, onLiveResync } from '@/api';
import { integrationQueries } from './queries';

/**
 * While Settings → Integrations is open: a connection changed elsewhere (another admin, the
 * owner in another tab) or a grant given or revoked (the grant counts) refetches the list.
 */
export function useConnectionsLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: integrationQueries.connections().queryKey });
    const stops = [
      onLiveEvent('integration.connection.changed', refetch),
      onLiveEvent('integration.grant.changed', refetch),
      onLiveResync(() => void queryClient.invalidateQueries({ queryKey: integrationQueries.all })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}

/**
 * While an agent's page is open: its grants changed (given, constraints edited, revoked), or a
 * connection changed (a grant's status follows its connection's), refetches its grants.
 */
export function useAgentGrantsLive(agentId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const grantsKey = integrationQueries.grants(agentId).queryKey;
    const stops = [
      onLiveEvent('integration.grant.changed', ({ data }) => {
        if (data.agentId !== agentId) return;
        void queryClient.invalidateQueries({ queryKey: grantsKey });
        void queryClient.invalidateQueries({ queryKey: integrationQueries.connections().queryKey });
      }),
      onLiveEvent('integration.connection.changed', () => {
        void queryClient.invalidateQueries({ queryKey: grantsKey });
        void queryClient.invalidateQueries({ queryKey: integrationQueries.connections().queryKey });
      }),
      onLiveResync(() => void queryClient.invalidateQueries({ queryKey: integrationQueries.all })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, agentId]);
}
