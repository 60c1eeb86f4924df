import type { AgentDelegation, Member } from '@/api';
import { Avatar } from '@/ui';
import { accountableName, delegationSummary } from '../delegation-state';

/** Who the card is assigned to; for a card delegated to an agent, the agent at work and who is accountable. */
export function CardAssignee({ assignee, delegation }: { assignee: Member; delegation?: AgentDelegation }) {
  if (delegation) return <Delegation agent={assignee} delegation={delegation} />;
  return (
    <span className="card-face-assignee" title={`${assignee.name}${assignee.kind === 'agent' ? ' (agent)' : ''}`}>
      <Avatar name={assignee.name} kind={assignee.kind} size={22} />
      <span className="visually-hidden">
        Assigned to {assignee.name}
        {assignee.kind === 'agent' ? ', an agent' : ''}
      </span>
    </span>
  );
}

/**
 * A delegated card's agent (with a pulse while it works) beside the person accountable for the
 * card, named together in one sentence: "Cafébot is working on this, accountable: Ada Lovelace".
 */
function Delegation({ agent, delegation }: { agent: Member; delegation: AgentDelegation }) {
  const summary = delegationSummary(agent.name, delegation);
  return (
    <span className="card-face-delegation" role="img" aria-label={summary} title={summary}>
      <span className="card-face-agent" data-status={delegation.status}>
        <Avatar name={agent.name} kind="agent" size={22} />
        {delegation.status === 'working' && <span className="card-face-working" />}
      </span>
      <Avatar name={accountableName(delegation)} size={18} />
    </span>
  );
}
