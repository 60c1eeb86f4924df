import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { errorMessage, type AgentDelegation, type AgentMessage, type Member } from '@/api';
import { useMe } from '@/features/auth';
import { formatDateTime } from '@/lib/format';
import { Avatar, Button, QueryNotice, Spinner } from '@/ui';
import { accountableName, canStop, delegationStatusLabel } from '../delegation-state';
import { useSessionMessagesLive } from '../hooks/use-delegations';
import { useStopDelegation } from '../mutations';
import { delegationQueries, MESSAGES_SHOWN } from '../queries';
import './card-agent.css';

type CardAgentProps = {
  projectId: string;
  card: { id: string; assignee?: string | null };
  /** The card's assignee, an agent. */
  agent: Member;
};

/**
 * The card panel's "Agent" section for a card delegated to an agent: who works on it, who stays
 * accountable, where the work stands, a Stop button (for the accountable person and admins), and
 * the session's steps and replies as they arrive.
 */
export function CardAgent({ projectId, card, agent }: CardAgentProps) {
  // The board's own delegations query: the panel adds no request of its own for the card's state.
  const delegations = useQuery(delegationQueries.list(projectId));
  const delegation = delegations.data?.find((item) => item.cardId === card.id && item.agentId === card.assignee);
  return (
    <section className="card-agent" aria-labelledby="card-agent-heading">
      <h3 id="card-agent-heading" className="card-editor-label">
        Agent
      </h3>
      {delegations.isPending ? (
        <QueryNotice status="loading" label="Loading the agent’s work…" />
      ) : delegations.isError ? (
        <QueryNotice
          status="error"
          message={errorMessage(delegations.error)}
          onRetry={() => void delegations.refetch()}
        />
      ) : delegation ? (
        <Delegation agent={agent} delegation={delegation} />
      ) : (
        <p className="muted">{agent.name} has no session for this card yet.</p>
      )}
    </section>
  );
}

function Delegation({ agent, delegation }: { agent: Member; delegation: AgentDelegation }) {
  const me = useMe();
  const stop = useStopDelegation();
  const mayStop = canStop(delegation, { userId: me.user.id, admin: me.role === 'admin' });
  // The Stop button leaves once the agent stops: focus moves to the state it announces.
  const status = useRef<HTMLElement>(null);
  return (
    <>
      <dl className="card-agent-facts">
        <dt>Agent</dt>
        <dd className="row">
          <Avatar name={agent.name} kind="agent" size={20} /> {agent.name}
        </dd>
        <dt>Accountable</dt>
        <dd className="row">
          <Avatar name={accountableName(delegation)} size={20} /> {accountableName(delegation)}
        </dd>
        <dt>Status</dt>
        <dd
          ref={status}
          tabIndex={-1}
          className="row card-agent-status"
          data-status={delegation.status}
          aria-live="polite"
        >
          {delegation.status === 'working' && <Spinner size={12} />}
          {delegationStatusLabel[delegation.status]}
        </dd>
      </dl>
      {mayStop && (
        <div>
          <Button
            variant="danger"
            size="small"
            busy={stop.isPending}
            onClick={() =>
              stop.mutate(
                { agentId: delegation.agentId, sessionId: delegation.sessionId },
                { onSuccess: () => status.current?.focus() },
              )
            }
          >
            Stop {agent.name}
          </Button>
        </div>
      )}
      <SessionLog agentId={delegation.agentId} sessionId={delegation.sessionId} />
    </>
  );
}

/** The session's messages as a compact log: who asked, the agent's steps (with their tools), its replies. */
function SessionLog({ agentId, sessionId }: { agentId: string; sessionId: string }) {
  const messages = useQuery(delegationQueries.messages(agentId, sessionId));
  useSessionMessagesLive(agentId, sessionId);
  if (messages.isPending) return <QueryNotice status="loading" label="Loading the agent’s activity…" />;
  if (messages.isError)
    return (
      <QueryNotice status="error" message={errorMessage(messages.error)} onRetry={() => void messages.refetch()} />
    );
  return (
    <>
      <ol className="card-agent-log" aria-label="Agent activity">
        {messages.data.map((message) => (
          <LogEntry key={message.id} message={message} />
        ))}
      </ol>
      {messages.data.length >= MESSAGES_SHOWN && (
        <p className="muted">The first {MESSAGES_SHOWN} messages are shown; the conversation has them all.</p>
      )}
      <Link className="card-agent-open" to="/agents/$agentId/sessions/$sessionId" params={{ agentId, sessionId }}>
        Open the conversation
      </Link>
    </>
  );
}

const activityLabel = { thought: 'Thought', action: 'Action', error: 'Error' } as const;

function LogEntry({ message }: { message: AgentMessage }) {
  const time = (
    <time className="card-agent-time" dateTime={message.createdAt}>
      {formatDateTime(message.createdAt)}
    </time>
  );
  if (message.role === 'system') {
    return (
      <li className="card-agent-entry" data-role="system">
        <p className="muted">{message.text}</p>
        {time}
      </li>
    );
  }
  const author = message.author?.name ?? (message.role === 'agent' ? 'The agent' : 'Someone');
  return (
    <li className="card-agent-entry" data-role={message.role}>
      <p className="card-agent-author">
        <strong>{author}</strong> {time}
      </p>
      {message.activity.length > 0 && (
        <ul className="card-agent-steps" aria-label={`Steps by ${author}`}>
          {message.activity.map((step) => (
            <li key={step.id} data-type={step.type}>
              <span className="card-agent-step-type">{activityLabel[step.type]}</span>
              {step.tool && <code>{step.tool}</code>}
              <span>{step.text}</span>
            </li>
          ))}
        </ul>
      )}
      {message.text && <p className="card-agent-text">{message.text}</p>}
      {message.status === 'streaming' && (
        <p className="row muted">
          <Spinner size={12} /> Writing…
        </p>
      )}
      {message.status === 'stopped' && <p className="muted">Stopped before it finished.</p>}
      {message.status === 'error' && <p className="card-agent-error">The agent reported an error.</p>}
    </li>
  );
}
