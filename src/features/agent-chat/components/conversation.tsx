import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '@/api';
import { useMe } from '@/features/auth';
import { ChatCreditsNotice, SessionCredits } from '@/features/credits';
import { Button, QueryNotice, Spinner, useDocumentTitle } from '@/ui';
import { sessionDraftKey } from '../drafts';
import { useConversationLive } from '../live';
import { useMessageFeedback, useSendMessage, useStopSession } from '../mutations';
import { agentChatQueries } from '../queries';
import { unavailableReason } from '../status';
import type { AgentMessage, AgentSession } from '../types';
import { ChatComposer } from './chat-composer';
import { StopIcon } from './icons';
import { MessageView } from './message-view';
import { SessionStatusBadge } from './session-status-badge';
import { SessionTitle } from './session-title';
import './agent-chat.css';

/** What a finished session's state means, under the conversation. */
const endings: Partial<Record<AgentSession['status'], string>> = {
  stopped: 'Stopped. Write again to give the agent more work.',
  completed: 'The agent reported this work done.',
  failed: 'The agent reported that this work failed.',
};

/**
 * A conversation with an agent: its messages oldest first, the reply streaming in live, the
 * agent's steps, feedback on replies, the title (renamable), Stop while the agent works, and the
 * composer.
 */
export function Conversation({ agentId, sessionId }: { agentId: string; sessionId: string }) {
  const me = useMe();
  const agentQuery = useQuery(agentChatQueries.agent(agentId));
  const sessionQuery = useQuery(agentChatQueries.session(agentId, sessionId));
  const messagesQuery = useQuery(agentChatQueries.messages(agentId, sessionId));
  const agent = agentQuery.data;
  const session = sessionQuery.data;
  const messages = messagesQuery.data;
  const agentName = agent?.name ?? 'The agent';
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const announce = useCallback(
    (text: string) => setAnnouncement((previous) => ({ text, count: previous.count + 1 })),
    [],
  );

  useDocumentTitle(session ? `${session.title} · ${agentName}` : 'Conversation');
  useConversationLive(
    agentId,
    sessionId,
    useCallback(
      (message: AgentMessage) =>
        announce(
          message.status === 'error'
            ? `${agentName}'s reply failed.`
            : message.status === 'stopped'
              ? `${agentName}'s reply was stopped.`
              : `${agentName} replied.`,
        ),
      [announce, agentName],
    ),
  );

  const send = useSendMessage(agentId, sessionId);
  const stop = useStopSession(agentId, sessionId);
  const feedback = useMessageFeedback(agentId, sessionId);
  useFollowBottom(messages);

  if (!session || !messages) {
    const error = sessionQuery.error ?? messagesQuery.error;
    return error ? (
      <QueryNotice
        status="error"
        message={errorMessage(error)}
        onRetry={() => {
          void sessionQuery.refetch();
          void messagesQuery.refetch();
        }}
      />
    ) : (
      <QueryNotice status="loading" label="Loading conversation…" />
    );
  }

  const owner = session.owner?.id === me.user.id;
  const canStop = owner || me.role === 'admin';
  const working = session.status === 'working';
  const ending = endings[session.status];

  return (
    <div className="agent-chat">
      <header className="agent-chat-header">
        <p className="agent-chat-context muted">
          Conversation with{' '}
          <Link to="/agents/$agentId" params={{ agentId }}>
            {agentName}
          </Link>
          {session.card && <> · about the card “{session.card.title}”</>}
          {!owner && session.owner && <> · opened by {session.owner.name}</>}
        </p>
        <SessionTitle session={session} canRename={owner} />
        <div className="agent-chat-toolbar">
          <SessionStatusBadge status={session.status} />
          <SessionCredits
            agentId={session.agentId}
            spent={session.creditsSpent}
            onCharged={() => void sessionQuery.refetch()}
          />
          {working && canStop && (
            <Button
              variant="danger"
              size="small"
              busy={stop.isPending}
              onClick={() =>
                stop.mutate(undefined, { onSuccess: () => announce(`Stopped. ${agentName} will not continue.`) })
              }
            >
              <StopIcon /> Stop
            </Button>
          )}
          <Link to="/agents/$agentId/chat" params={{ agentId }} className="agent-chat-new">
            New conversation
          </Link>
        </div>
      </header>

      <div className="agent-chat-log" role="log" aria-live="off" aria-label={`Messages with ${agentName}`}>
        {messages.length === 0 && <p className="muted">No messages yet.</p>}
        {messages.map((message) => (
          <MessageView
            key={message.id}
            message={message}
            agentName={agentName}
            mine={message.author?.id === me.user.id}
            onFeedback={owner ? (next) => feedback.mutate({ messageId: message.id, next }) : undefined}
          />
        ))}
      </div>

      {working && (
        <p className="agent-chat-working muted">
          <Spinner size={14} /> {agentName} is working…
        </p>
      )}
      {ending && <p className="agent-chat-ending muted">{ending}</p>}
      <ChatCreditsNotice agentName={agentName} />
      {/* Announces finished replies once each, not every piece of them. */}
      <div role="status" className="visually-hidden">
        {announcement.text}
        {announcement.count % 2 === 1 ? '\u00a0' : ''}
      </div>

      {owner && (
        <div className="agent-chat-composer">
          <ChatComposer
            draftKey={sessionDraftKey(sessionId)}
            label={`Message ${agentName}`}
            pending={send.isPending}
            error={send.error}
            disabledReason={unavailableReason(agent)}
            onSend={(text, sent) => send.mutate(text, { onSuccess: sent })}
          />
        </div>
      )}
    </div>
  );
}

/**
 * Keeps the newest message in view while the conversation grows, as long as the reader is at the
 * bottom of the page (someone scrolled up to read stays where they are).
 */
function useFollowBottom(messages: AgentMessage[] | undefined) {
  const atBottom = useRef(true);

  useLayoutEffect(() => {
    const onScroll = () => {
      const scroller = document.scrollingElement ?? document.documentElement;
      atBottom.current = scroller.scrollHeight - scroller.scrollTop - window.innerHeight < 120;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    if (!messages || !atBottom.current) return;
    const scroller = document.scrollingElement ?? document.documentElement;
    scroller.scrollTop = scroller.scrollHeight;
  }, [messages]);
}
