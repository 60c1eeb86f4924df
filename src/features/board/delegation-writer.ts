import type { QueryClient } from '@tanstack/react-query';
import type { AgentMessage, AgentSession } from '@/api';
import { type AppendedPiece, withAppended, withMessage, withSession } from './delegation-state';
import { noteLiveChange } from './live-reads';
import { delegationQueries } from './queries';

/**
 * The one writer of delegation data in the query cache (the board's delegations, a delegated
 * card's session messages): live events, the stop answer and the assignee saves go through here;
 * delegation-state.ts holds the rules.
 */

/** A session changed: a card session of a board held in the cache updates that board's delegations. */
export function storeSession(queryClient: QueryClient, session: AgentSession) {
  const projectId = session.card?.projectId;
  if (!projectId) return;
  if (queryClient.getQueryState(delegationQueries.list(projectId).queryKey))
    noteLiveChange(delegationQueries.subject(projectId));
  queryClient.setQueryData(
    delegationQueries.list(projectId).queryKey,
    (list) => list && withSession(list, projectId, session),
  );
}

/** A board's delegations are read again (a card's assignee changed: a session opened or ended). */
export function refetchDelegations(queryClient: QueryClient, projectId: string) {
  void queryClient.invalidateQueries({ queryKey: delegationQueries.list(projectId).queryKey, exact: true });
}

/** A new or finished message of a session whose messages are held. */
export function storeMessage(queryClient: QueryClient, agentId: string, sessionId: string, message: AgentMessage) {
  const queryKey = delegationQueries.messages(agentId, sessionId).queryKey;
  if (queryClient.getQueryState(queryKey)) noteLiveChange(delegationQueries.messagesSubject(sessionId));
  queryClient.setQueryData(queryKey, (list) => list && withMessage(list, message));
}

/** A streamed piece of a reply: added when it fits what is held, else the messages are read again. */
export function storeAppended(queryClient: QueryClient, agentId: string, sessionId: string, piece: AppendedPiece) {
  const queryKey = delegationQueries.messages(agentId, sessionId).queryKey;
  if (queryClient.getQueryState(queryKey)) noteLiveChange(delegationQueries.messagesSubject(sessionId));
  const list = queryClient.getQueryData(queryKey);
  if (!list) return;
  const next = withAppended(list, piece);
  if (next) queryClient.setQueryData(queryKey, next);
  else void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** A session's messages are read again (this tab stopped it: the "Stopped by" note comes from the server). */
export function refetchMessages(queryClient: QueryClient, agentId: string, sessionId: string) {
  void queryClient.invalidateQueries({
    queryKey: delegationQueries.messages(agentId, sessionId).queryKey,
    exact: true,
  });
}
