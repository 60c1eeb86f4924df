import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Member } from '@/api';
import { fold } from '@/lib/fold';
import { memberQueries } from '@/features/members';
import { Avatar, Button, EmptyState, SidePanel, TextField } from '@/ui';
import { teamQueries } from '../queries';
import { MemberLink } from './member-link';
import './directory.css';

type Props = {
  selected?: string;
  query: string;
  showCompleted: boolean;
  onQuery: (query: string) => void;
  onShowCompleted: (value: boolean) => void;
  onClose: () => void;
};

const statusTone: Record<Member['status'], string | undefined> = {
  active: 'success',
  paused: undefined,
  completed: undefined,
};

/** The company's agents with their status; completed ones behind a filter. */
export function AgentDirectory({ selected, query, showCompleted, onQuery, onShowCompleted, onClose }: Props) {
  const members = useSuspenseQuery(memberQueries.list()).data;
  const teams = useSuspenseQuery(teamQueries.list()).data;
  const teamName = new Map(teams.map((team) => [team.id, team.name]));
  const agents = members.filter((member) => member.kind === 'agent');
  const needle = fold(query.trim());
  const shown = agents.filter(
    (agent) =>
      (showCompleted || agent.status !== 'completed') &&
      (!needle || fold(`${agent.name} ${agent.title}`).includes(needle)),
  );
  const agent = agents.find((member) => member.id === selected);
  const completed = agents.filter((member) => member.status === 'completed').length;
  const byId = new Map(members.map((member) => [member.id, member]));

  return (
    <>
      <div className="directory-tools">
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
      <ul className="directory-list" aria-label="Agents">
        {shown.map((member) => (
          <li key={member.id}>
            <Link
              to="/agents"
              search={(previous) => ({ ...previous, agent: member.id })}
              className="directory-item"
              aria-current={member.id === selected ? 'true' : undefined}
            >
              <Avatar name={member.name} kind="agent" size={36} />
              <span className="directory-item-text">
                <span className="row">
                  <strong>{member.name}</strong>
                  <span className="badge" data-tone={statusTone[member.status]}>
                    {member.status}
                  </span>
                </span>
                <span className="muted">{member.title || '—'}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {shown.length === 0 && agents.length > 0 && (
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
          {showCompleted || completed === 0 ? 'Names and roles are searched.' : 'Completed agents are hidden.'}
        </EmptyState>
      )}
      {agent && (
        <SidePanel label={`${agent.name}, agent profile`} onClose={onClose}>
          <div className="profile">
            <div className="profile-head">
              <Avatar name={agent.name} kind="agent" size={56} />
              <div>
                <h2>{agent.name}</h2>
                <p className="muted">{agent.title || 'No role'}</p>
              </div>
            </div>
            <dl className="profile-facts">
              <dt>Status</dt>
              <dd>
                <span className="badge" data-tone={statusTone[agent.status]}>
                  {agent.status}
                </span>
              </dd>
              <dt>Team</dt>
              <dd>
                {agent.teamId ? (
                  <Link to="/teams" search={{ team: agent.teamId }}>
                    {teamName.get(agent.teamId)}
                  </Link>
                ) : (
                  'No team'
                )}
              </dd>
              <dt>Responsible</dt>
              <dd>
                {agent.manager && byId.get(agent.manager.id) ? (
                  <MemberLink member={byId.get(agent.manager.id)!} />
                ) : (
                  'Nobody'
                )}
              </dd>
            </dl>
          </div>
        </SidePanel>
      )}
    </>
  );
}
