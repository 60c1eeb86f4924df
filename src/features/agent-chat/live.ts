import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onLiveEvent, onLiveResync } from '@/api';
import { agentChatQueries } from './queries';
import { addMessage, applyAppended, replaceMessage } from './stream';
import type { AgentMessage, AgentSession } from './types';

/** Puts a session as the server now has it into its own cache entry (when held). */
export function putSession(queryClient: QueryClient, session: AgentSession) {
  const key = agentChatQueries.session(session.agentId, session.id).queryKey;
  if (queryClient.getQueryData(key)) queryClient.setQueryData(key, session);
}

/**
 * Keeps session lists current: a session's state, title or last activity changed (the agent
 * answered, another tab renamed it), so the lists are read again.
 */
export function useSessionListLive() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLiveEvent('agent.session.updated', ({ data }) => {
        putSession(queryClient, data.session);
        void queryClient.invalidateQueries({ queryKey: agentChatQueries.sessionLists() });
      }),
    [queryClient],
  );
}

/**
 * Follows one conversation live: new messages, pieces of a streaming reply (applied when they fit
 * the text held, else the conversation is read again), finished replies and the session's state.
 * `onReplyDone` hears of each agent reply that finished here, for an announcement.
 */
export function useConversationLive(agentId: string, sessionId: string, onReplyDone: (message: AgentMessage) => void) {
  const queryClient = useQueryClient();
  // The latest callback, without re-subscribing on every render.
  const onReplyDoneRef = useRef(onReplyDone);
  useEffect(() => {
    onReplyDoneRef.current = onReplyDone;
  });

  useEffect(() => {
    const messagesKey = agentChatQueries.messages(agentId, sessionId).queryKey;
    const sessionKey = agentChatQueries.session(agentId, sessionId).queryKey;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: messagesKey });
    const held = () => queryClient.getQueryData(messagesKey);
    /**
     * Puts what an event says into the cache. A read on its way may answer from before the event
     * and would replace it: such a read starts again (invalidating cancels it), after the event.
     */
    const put = <T>(queryKey: readonly unknown[], data: T) => {
      queryClient.setQueryData(queryKey, data);
      if (queryClient.isFetching({ queryKey, exact: true }) > 0)
        void queryClient.invalidateQueries({ queryKey, exact: true });
    };
    const unsubscribe = [
      onLiveEvent('agent.message.created', ({ data }) => {
        if (data.sessionId !== sessionId) return;
        const message = data.message;
        const messages = held();
        if (!messages) return;
        put(messagesKey, addMessage(messages, message));
        if (message.role === 'agent' && message.status !== 'streaming') onReplyDoneRef.current(message);
      }),
      onLiveEvent('agent.message.appended', ({ data }) => {
        if (data.sessionId !== sessionId) return;
        const messages = held();
        if (!messages) return;
        const result = applyAppended(messages, data);
        if ('refetch' in result) refetch();
        else if (result.messages !== messages) put(messagesKey, result.messages);
      }),
      onLiveEvent('agent.message.updated', ({ data }) => {
        if (data.sessionId !== sessionId) return;
        const message = data.message;
        const messages = held();
        if (!messages) return;
        const before = messages.find((each) => each.id === message.id);
        put(messagesKey, replaceMessage(messages, message));
        if (message.role === 'agent' && message.status !== 'streaming' && before?.status === 'streaming')
          onReplyDoneRef.current(message);
      }),
      onLiveEvent('agent.session.updated', ({ data }) => {
        if (data.session.id !== sessionId) return;
        put(sessionKey, data.session);
      }),
      onLiveEvent('agent.updated', ({ data }) => {
        if (data.agentId !== agentId) return;
        void queryClient.invalidateQueries({ queryKey: agentChatQueries.agent(agentId).queryKey });
      }),
      // Events were missed for good: read the conversation again.
      onLiveResync(() => {
        refetch();
        void queryClient.invalidateQueries({ queryKey: sessionKey });
      }),
    ];
    // What the cache holds may be from before this listened: a conversation just started holds the
    // session as its first message left it, and the agent may have answered (and finished) since,
    // its events heard by nobody. Read both again now that every later change is heard.
    if (queryClient.getQueryData(sessionKey)) void queryClient.invalidateQueries({ queryKey: sessionKey, exact: true });
    if (held()) refetch();
    return () => {
      unsubscribe.forEach((stop) => stop());
      // Nothing follows the conversation once it is closed: read it again when it is next opened.
      void queryClient.invalidateQueries({ queryKey: messagesKey, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: sessionKey, refetchType: 'none' });
    };
  }, [queryClient, agentId, sessionId]);
}
