import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, onLiveResync, type LiveEventType } from '@/api';
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

/** The card and comment changes an agent's activity lists (`ActivityItem['type']`). */
const ACTIVITY_EVENTS = [
  'card.created',
  'card.updated',
  'card.moved',
  'card.archived',
  'card.restored',
  'comment.created',
  'comment.updated',
  'comment.resolved',
  'comment.reopened',
] as const satisfies LiveEventType[];

/** While an agent's page is open, what the agent does on cards refetches its activity. */
export function useAgentActivityLive(agentId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = ACTIVITY_EVENTS.map((type) =>
      onLiveEvent(type, ({ data }) => {
        if (data.actorAgentId !== agentId) return;
        void queryClient.invalidateQueries({ queryKey: agentQueries.activity(agentId).queryKey });
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [queryClient, agentId]);
}
