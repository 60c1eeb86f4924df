import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, onLiveResync } from '@/api';
import { agentQueries } from './queries';

/**
 * While an agents page is open, a change to an agent elsewhere (another admin's edit, a pause,
 * a new responsible person) refetches the list and that agent's profile; missed events refetch
 * everything of the feature.
 */
export function useAgentsLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopUpdates = onLiveEvent('agent.updated', ({ data }) => {
      void queryClient.invalidateQueries({ queryKey: agentQueries.list().queryKey });
      void queryClient.invalidateQueries({ queryKey: agentQueries.detail(data.agentId).queryKey });
    });
    const stopResync = onLiveResync(() => void queryClient.invalidateQueries({ queryKey: agentQueries.all }));
    return () => {
      stopUpdates();
      stopResync();
    };
  }, [queryClient]);
}
