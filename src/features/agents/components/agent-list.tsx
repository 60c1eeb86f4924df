import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AgentCreditsBadge } from '@/features/credits';
import { teamQueries } from '@/features/directory';
import { fold } from '@/lib/fold';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Avatar, Button, DataTable, EmptyState, TextField, useNow } from '@/ui';
import { agentQueries } from '../queries';
import { AgentStatusBadge, ResponsibleLink, TeamLink } from './agent-bits';

type AgentListProps = {
  query: string;
  showCompleted: boolean;
  onQuery: (query: string) => void;
  onShowCompleted: (value: boolean) => void;
};

/** The company's agents, with a filter; completed ones behind a toggle. Each opens its page. */
export function AgentList({ query, showCompleted, onQuery, onShowCompleted }: AgentListProps) {
  const agents = useSuspenseQuery(agentQueries.list()).data;
  const teams = useSuspenseQuery(teamQueries.list()).data;
  const now = useNow();
  const teamName = new Map(teams.map((team) => [team.id, team.name]));
  const needle = fold(query.trim());
  const shown = agents.filter(
    (agent) =>
      (showCompleted || agent.status !== 'completed') &&
      (!needle ||
        fold(
          `${agent.name} ${agent.role} ${teamName.get(agent.teamId ?? '') ?? ''} ${agent.responsible?.name ?? ''}`,
        ).includes(needle)),
  );
  const completed = agents.filter((agent) => agent.status === 'completed').length;

  return (
    <>
      <div className="agents-tools">
        <TextField
          label="Filter agents"
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
        />
        <label className="row">
          <input type="checkbox" checked={showCompleted} onChange={(event) => onShowCompleted(event.target.checked)} />
          Show completed ({completed})
        </label>
        <p className="muted" role="status">
          {shown.length} of {agents.length} agents
        </p>
      </div>
      {agents.length === 0 ? (
        <EmptyState title="No agents yet">Admins create agents, then mint a token to run each one.</EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState
          title={query.trim() ? `No agents match “${query.trim()}”` : 'No agents to show'}
          action={
            <Button
              size="small"
              onClick={() => {
                onQuery('');
                if (completed > 0) onShowCompleted(true);
              }}
            >
              Clear filters
            </Button>
          }
        >
          {showCompleted || completed === 0
            ? 'Names, roles, teams and responsible people are searched.'
            : 'Completed agents are hidden.'}
        </EmptyState>
      ) : (
        <DataTable aria-label="Agents" className="agents-table">
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Status</th>
              <th scope="col">Team</th>
              <th scope="col">Responsible</th>
              <th scope="col">Last active</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((agent) => (
              <tr key={agent.id}>
                <td>
                  <div className="agents-name">
                    <Avatar name={agent.name} kind="agent" size={32} />
                    <div className="agents-name-text">
                      <Link to="/agents/$agentId" params={{ agentId: agent.id }}>
                        <strong>{agent.name}</strong>
                      </Link>
                      <span className="muted">{agent.role || 'No role'}</span>
                    </div>
                  </div>
                </td>
                <td data-label="Status">
                  <AgentStatusBadge status={agent.status} /> <AgentCreditsBadge agentStatus={agent.status} />
                </td>
                <td data-label="Team">
                  <TeamLink teamId={agent.teamId} teamName={teamName.get(agent.teamId ?? '')} />
                </td>
                <td data-label="Responsible">
                  <ResponsibleLink responsible={agent.responsible} />
                </td>
                <td data-label="Last active">
                  {agent.lastActiveAt ? (
                    <time dateTime={agent.lastActiveAt} title={formatDateTime(agent.lastActiveAt)}>
                      {formatRelative(agent.lastActiveAt, now)}
                    </time>
                  ) : (
                    <span className="muted">Never</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
