import { useId } from 'react';
import { MentionText } from '@/features/mentions';
import { formatDateTime } from '@/lib/format';
import { Avatar } from '@/ui';
import type { AgentFeedback, AgentMessage } from '../types';
import { ActivitySteps } from './activity-steps';
import { AgentReply } from './agent-reply';
import { FeedbackControls } from './feedback-controls';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/**
 * One message of a conversation: the person's, the agent's reply (with its steps folded, and the
 * feedback thumbs when `onFeedback` is given) or a note from the workspace ("Stopped by …").
 * A person's text is shown as the plain text it is, line breaks kept: nothing in it is read as
 * markup, except mentions (`@[Name](person:<id>)`), shown as chips that open the profile. An
 * agent's reply is Markdown, shown through the safe renderer (`AgentReply`), mentions as chips.
 */
export function MessageView({
  message,
  agentName,
  mine,
  onFeedback,
}: {
  message: AgentMessage;
  agentName: string;
  /** The message was written by the signed-in person. */
  mine: boolean;
  onFeedback?: (next: AgentFeedback | null) => void;
}) {
  const id = useId();
  if (message.role === 'system') {
    return (
      <article className="agent-message" data-role="system" aria-label="Workspace note">
        <p className="agent-message-text">{message.text}</p>
      </article>
    );
  }
  const author =
    message.role === 'agent' ? (message.author?.name ?? agentName) : mine ? 'You' : (message.author?.name ?? 'Someone');
  const streaming = message.status === 'streaming';
  return (
    <article
      className="agent-message"
      data-role={message.role}
      data-status={message.status}
      aria-labelledby={`${id}-author ${id}-time`}
      aria-busy={streaming || undefined}
    >
      <header className="agent-message-header">
        <Avatar
          name={author === 'You' ? (message.author?.name ?? 'You') : author}
          kind={message.role === 'agent' ? 'agent' : 'human'}
          size={24}
        />
        <span id={`${id}-author`} className="agent-message-author">
          {author}
        </span>
        <time
          id={`${id}-time`}
          className="muted"
          dateTime={message.createdAt}
          title={formatDateTime(message.createdAt)}
        >
          {timeFormat.format(new Date(message.createdAt))}
        </time>
        {message.status === 'stopped' && <span className="badge">Stopped</span>}
        {message.status === 'error' && (
          <span className="badge" data-tone="danger">
            Failed
          </span>
        )}
      </header>
      {message.role === 'agent' && <ActivitySteps activity={message.activity} />}
      {message.text && message.role === 'agent' ? (
        <AgentReply text={message.text} />
      ) : message.text ? (
        <p className="agent-message-text">
          <MentionText text={message.text} />
        </p>
      ) : (
        streaming && <p className="agent-message-text muted">Writing…</p>
      )}
      {onFeedback && message.role === 'agent' && !streaming && (
        <FeedbackControls feedback={message.feedback ?? null} onChange={onFeedback} />
      )}
    </article>
  );
}
