import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, errorMessage, isApiError, unwrap } from '@/api';
import { toast } from '@/ui';
import { putSession } from './live';
import { agentChatQueries } from './queries';
import { addMessage } from './stream';
import type { AgentFeedback } from './types';

/**
 * This tab's own changes come back on the live stream with its client id, and the stream skips
 * them: what the server answers, and what follows from it, is applied here.
 */
function refreshLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: agentChatQueries.sessionLists() });
}

/** A send refused because the agent was paused or completed meanwhile: its state is read again. */
function onSendRefused(queryClient: QueryClient, agentId: string, error: unknown) {
  if (isApiError(error) && error.code === 'AGENT_UNAVAILABLE')
    void queryClient.invalidateQueries({ queryKey: agentChatQueries.agent(agentId).queryKey });
}

/** Starts a conversation with its first message; the session and that message are cached at once. */
export function useCreateSession(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      unwrap(api.POST('/agents/{agentId}/sessions', { params: { path: { agentId } }, body: { text } })),
    onSuccess: ({ session, message }) => {
      queryClient.setQueryData(agentChatQueries.session(agentId, session.id).queryKey, session);
      queryClient.setQueryData(agentChatQueries.messages(agentId, session.id).queryKey, [message]);
      refreshLists(queryClient);
    },
    onError: (error) => onSendRefused(queryClient, agentId, error),
  });
}

/** Writes to a conversation; the agent has work again (`working`) until it answers. */
export function useSendMessage(agentId: string, sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      unwrap(
        api.POST('/agents/{agentId}/sessions/{sessionId}/messages', {
          params: { path: { agentId, sessionId } },
          body: { text },
        }),
      ),
    onSuccess: (message) => {
      const messagesKey = agentChatQueries.messages(agentId, sessionId).queryKey;
      queryClient.setQueryData(messagesKey, (messages) => addMessage(messages ?? [], message));
      const sessionKey = agentChatQueries.session(agentId, sessionId).queryKey;
      queryClient.setQueryData(sessionKey, (session) =>
        session ? { ...session, status: 'working' as const, lastMessageAt: message.createdAt } : session,
      );
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      refreshLists(queryClient);
    },
    onError: (error) => onSendRefused(queryClient, agentId, error),
  });
}

/** Renames a conversation; the caller shows a refusal beside the title (the typed text stays). */
export function useRenameSession(agentId: string, sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) =>
      unwrap(
        api.PATCH('/agents/{agentId}/sessions/{sessionId}', {
          params: { path: { agentId, sessionId } },
          body: { title },
        }),
      ),
    onSuccess: (session) => {
      putSession(queryClient, session);
      refreshLists(queryClient);
    },
  });
}

/**
 * Stops the agent's work on a conversation. The reply being written ends as `stopped` and the
 * server adds a "Stopped by …" message: the conversation is read again to show both.
 */
export function useStopSession(agentId: string, sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/agents/{agentId}/sessions/{sessionId}/stop', { params: { path: { agentId, sessionId } } })),
    onSuccess: (session) => {
      putSession(queryClient, session);
      void queryClient.invalidateQueries({ queryKey: agentChatQueries.messages(agentId, sessionId).queryKey });
      refreshLists(queryClient);
    },
    onError: (error) => toast('error', 'Could not stop the agent', errorMessage(error)),
  });
}

type FeedbackChange = {
  messageId: string;
  /** The feedback to leave: a thumb (with an optional reason), or none. */
  next: AgentFeedback | null;
  /** An undo does not offer to undo itself. */
  undo?: boolean;
};

/**
 * Gives, changes or takes back the person's thumb on an agent reply. It shows at once; a refusal
 * puts the previous one back with the server's message. Each change offers Undo, which restores
 * what there was before (none: `DELETE`, which answers `{ok: true}`).
 */
export function useMessageFeedback(agentId: string, sessionId: string) {
  const queryClient = useQueryClient();
  const messagesKey = agentChatQueries.messages(agentId, sessionId).queryKey;
  const setFeedback = (messageId: string, feedback: AgentFeedback | null) =>
    queryClient.setQueryData(messagesKey, (messages) =>
      messages?.map((message) => (message.id === messageId ? { ...message, feedback } : message)),
    );

  const mutation = useMutation({
    mutationFn: async ({ messageId, next }: FeedbackChange): Promise<AgentFeedback | null> => {
      const path = { agentId, messageId };
      if (!next) {
        await unwrap(api.DELETE('/agents/{agentId}/messages/{messageId}/feedback', { params: { path } }));
        return null;
      }
      return unwrap(
        api.PUT('/agents/{agentId}/messages/{messageId}/feedback', {
          params: { path },
          body: next.comment ? { rating: next.rating, comment: next.comment } : { rating: next.rating },
        }),
      );
    },
    onMutate: async ({ messageId, next }) => {
      await queryClient.cancelQueries({ queryKey: messagesKey });
      const previous =
        queryClient.getQueryData(messagesKey)?.find((message) => message.id === messageId)?.feedback ?? null;
      setFeedback(messageId, next);
      return { previous };
    },
    onError: (error, { messageId, next }, context) => {
      if (context) setFeedback(messageId, context.previous);
      toast('error', next ? 'Could not save your feedback' : 'Could not remove your feedback', errorMessage(error));
    },
    onSuccess: (saved, { messageId, next, undo }, context) => {
      setFeedback(messageId, saved);
      if (undo) return;
      const previous = context.previous;
      const title = !next ? 'Feedback removed' : next.rating === 'up' ? 'Marked as helpful' : 'Marked as not helpful';
      toast('success', title, undefined, {
        action: { label: 'Undo', onAction: () => mutation.mutate({ messageId, next: previous, undo: true }) },
      });
    },
  });
  return mutation;
}
