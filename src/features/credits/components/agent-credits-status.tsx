import { useMe } from '@/features/auth';
import { useCreditsExhausted } from '../hooks';
import { BillingLink } from './billing-link';
import './credits.css';

/** What a person can do about it: admins go to Billing, members are told who can. */
function Remedy() {
  const me = useMe();
  return me.permissions.manageBilling ? (
    <BillingLink>Buy credits or change the plan</BillingLink>
  ) : (
    <span>An admin can buy credits or change the plan.</span>
  );
}

/**
 * On an agent's page, beside its status: while the company is out of credits, an active agent
 * takes no new work (its writes would be refused with 402). Appears and goes live with the
 * balance. Nothing for a paused or completed agent, whose page already says it takes no work.
 */
export function AgentCreditsStatus({ agentStatus }: { agentStatus: 'active' | 'paused' | 'completed' }) {
  const exhausted = useCreditsExhausted();
  if (!exhausted || agentStatus !== 'active') return null;
  return (
    <p className="notice credits-agent-status" data-tone="danger" role="status">
      <strong>Not taking new work:</strong> the company is out of credits. <Remedy />
    </p>
  );
}

/** Above a list of agents: while the company is out of credits, none of them takes new work. */
export function AgentsCreditsNotice() {
  const exhausted = useCreditsExhausted();
  if (!exhausted) return null;
  return (
    <p className="notice credits-agent-status" data-tone="danger" role="status">
      <strong>Agents are not taking new work:</strong> the company is out of credits. <Remedy />
    </p>
  );
}

/** A short badge beside an active agent's status in a list, while the company is out of credits. */
export function AgentCreditsBadge({ agentStatus }: { agentStatus: 'active' | 'paused' | 'completed' }) {
  const exhausted = useCreditsExhausted();
  if (!exhausted || agentStatus !== 'active') return null;
  return (
    <span className="badge" data-tone="danger">
      Out of credits
    </span>
  );
}

/**
 * In a conversation: while the company is out of credits the agent cannot reply (its reply would
 * be refused), so a message sent now waits until credits arrive.
 */
export function ChatCreditsNotice({ agentName }: { agentName: string }) {
  const exhausted = useCreditsExhausted();
  if (!exhausted) return null;
  return (
    <p className="notice credits-agent-status" data-tone="danger" role="status">
      <strong>{agentName} is not replying:</strong> the company is out of credits, so agents take no new work until
      credits arrive. <Remedy />
    </p>
  );
}
