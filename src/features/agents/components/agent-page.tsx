import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Agent } from '@/api';
import { useMe } from '@/features/auth';
import { AgentCreditsBadge, AgentCreditsStatus } from '@/features/credits';
import { teamQueries } from '@/features/directory';
import { formatDate, formatDateTime, formatRelative } from '@/lib/format';
import { Avatar, useDocumentTitle, useNow } from '@/ui';
import { useAgentsLive } from '../live';
import { agentQueries } from '../queries';
import { AgentActivity } from './agent-activity';
import { AgentAdminActions } from './agent-admin-actions';
import { AgentStatusBadge, ResponsibleLink, TeamLink } from './agent-bits';
import { AgentFeedback } from './agent-feedback';
import { AgentTokens } from './agent-tokens';
import './agents.css';

const unavailable = {
  paused: 'is paused: it takes no new chats or cards until an admin resumes it.',
  completed: 'is completed: it takes no more work.',
} as const;

/**
 * An agent's page: its profile, a way to chat with it, what it did on cards, the caller's conversations with it
 * (`conversations`, composed by the route, named by the section's heading id), and for admins and its responsible person the
 * feedback on its replies and its tokens. Admins edit, pause and complete it here.
 */
export function AgentPage({
  agentId,
  conversations,
  sections,
}: {
  agentId: string;
  conversations?: (headingId: string) => ReactNode;
  /** What other features show of the agent (its integrations, schedules, webhooks), composed by the route. */
  sections?: (agent: Agent) => ReactNode;
}) {
  useAgentsLive();
  const agent = useSuspenseQuery(agentQueries.detail(agentId)).data;
  const teams = useSuspenseQuery(teamQueries.list()).data;
  const me = useMe();
  const now = useNow();
  useDocumentTitle(agent.name);
  const teamName = teams.find((team) => team.id === agent.teamId)?.name;

  return (
    <div className="agent-page stack">
      <nav aria-label="Breadcrumb" className="muted">
        <Link to="/agents">Agents</Link> /
      </nav>
      <header className="agent-header">
        <Avatar name={agent.name} kind="agent" size={56} />
        <div className="agent-header-text">
          <div className="row">
            <h1>{agent.name}</h1>
            <AgentStatusBadge status={agent.status} />
            <AgentCreditsBadge agentStatus={agent.status} />
          </div>
          <p className="muted">{agent.role || 'No role'}</p>
        </div>
        <div className="agent-header-actions">
          <Link
            to="/agents/$agentId/chat"
            params={{ agentId }}
            className="button"
            data-variant="primary"
            aria-describedby={agent.status !== 'active' ? 'agent-unavailable' : undefined}
          >
            Chat with {agent.name}
          </Link>
          {me.permissions.manageAgents && <AgentAdminActions agent={agent} />}
        </div>
      </header>
      {agent.status !== 'active' && (
        <p id="agent-unavailable" className="notice" data-tone="warning">
          {agent.name} {unavailable[agent.status]}
        </p>
      )}
      <AgentCreditsStatus agentStatus={agent.status} />

      <section className="card stack" aria-labelledby="agent-about-heading">
        <h2 id="agent-about-heading">About</h2>
        {agent.description ? (
          <p className="agent-description">{agent.description}</p>
        ) : (
          <p className="muted">No description.</p>
        )}
        <dl className="agent-facts">
          <dt>Status</dt>
          <dd>
            <AgentStatusBadge status={agent.status} />
          </dd>
          <dt>Team</dt>
          <dd>
            <TeamLink teamId={agent.teamId} teamName={teamName} />
          </dd>
          <dt>Responsible</dt>
          <dd>
            <ResponsibleLink responsible={agent.responsible} />
          </dd>
          <dt>Last active</dt>
          <dd>
            {agent.lastActiveAt ? (
              <time dateTime={agent.lastActiveAt} title={formatDateTime(agent.lastActiveAt)}>
                {formatRelative(agent.lastActiveAt, now)}
              </time>
            ) : (
              <span className="muted">Never</span>
            )}
          </dd>
          <dt>Created</dt>
          <dd>
            <time dateTime={agent.createdAt} title={formatDateTime(agent.createdAt)}>
              {formatDate(agent.createdAt)}
            </time>
          </dd>
        </dl>
      </section>

      <AgentActivity agent={agent} />

      {conversations && (
        <section className="card stack" aria-labelledby="agent-conversations-heading">
          <h2 id="agent-conversations-heading">Your conversations</h2>
          {conversations('agent-conversations-heading')}
        </section>
      )}

      {agent.canManage && (
        <>
          <AgentFeedback agent={agent} />
          <AgentTokens agent={agent} />
        </>
      )}

      {sections?.(agent)}
    </div>
  );
}
