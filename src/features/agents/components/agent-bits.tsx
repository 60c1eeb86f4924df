import { Link } from '@tanstack/react-router';
import { Avatar } from '@/ui';
import type { Agent } from '@/api';

type AgentStatus = Agent['status'];

const statusLabel: Record<AgentStatus, string> = { active: 'Active', paused: 'Paused', completed: 'Completed' };
const statusTone: Record<AgentStatus, string | undefined> = {
  active: 'success',
  paused: 'accent',
  completed: undefined,
};

/** Active, paused or completed, as a badge. */
export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return (
    <span className="badge" data-tone={statusTone[status]}>
      {statusLabel[status]}
    </span>
  );
}

/** The person (to their profile) or agent (to its page) responsible for an agent. */
export function ResponsibleLink({ responsible }: { responsible: Agent['responsible'] }) {
  if (!responsible) return <span className="muted">Nobody</span>;
  return responsible.kind === 'human' ? (
    <Link to="/people" search={{ person: responsible.id }} className="agent-member-link">
      <Avatar name={responsible.name} size={22} />
      {responsible.name}
    </Link>
  ) : (
    <Link to="/agents/$agentId" params={{ agentId: responsible.id }} className="agent-member-link">
      <Avatar name={responsible.name} kind="agent" size={22} />
      {responsible.name} <span className="muted">(agent)</span>
    </Link>
  );
}

/** The agent's team, linked to the team's panel, or "No team". */
export function TeamLink({ teamId, teamName }: { teamId: string | null; teamName: string | undefined }) {
  if (!teamId || !teamName) return <span className="muted">No team</span>;
  return (
    <Link to="/teams" search={{ team: teamId }}>
      {teamName}
    </Link>
  );
}
