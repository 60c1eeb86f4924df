import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { onLiveEvent, type AgentDelegation } from '@/api';
import { delegationsByCard } from '../delegation-state';
import { storeAppended, storeMessage } from '../delegation-writer';
import { delegationQueries } from '../queries';

/**
 * The board's delegated cards by card id, read beside the board (not before it: the board paints
 * first, the agents' state joins it when it arrives). Empty until then.
 */
export function useBoardDelegations(projectId: string): ReadonlyMap<string, AgentDelegation> {
  const { data } = useQuery(delegationQueries.list(projectId));
  return useMemo(() => delegationsByCard(data), [data]);
}

/** Keeps a delegated card's session messages in step with the agent's work as it streams in. */
export function useSessionMessagesLive(agentId: string, sessionId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = [
      onLiveEvent('agent.message.created', ({ data }) => {
        if (data.sessionId === sessionId) storeMessage(queryClient, agentId, sessionId, data.message);
      }),
      onLiveEvent('agent.message.updated', ({ data }) => {
        if (data.sessionId === sessionId) storeMessage(queryClient, agentId, sessionId, data.message);
      }),
      onLiveEvent('agent.message.appended', ({ data }) => {
        if (data.sessionId === sessionId) storeAppended(queryClient, agentId, sessionId, data);
      }),
    ];
    return () => unsubscribe.forEach((stop) => stop());
  }, [agentId, sessionId, queryClient]);
}
