import type { Agent, AgentSessionStatus } from './types';

/** How a session's state reads in lists and headers, and its badge tone. */
export const sessionStatusLabels: Record<
  AgentSessionStatus,
  { label: string; tone?: 'accent' | 'success' | 'danger' }
> = {
  open: { label: 'Open' },
  working: { label: 'Working', tone: 'accent' },
  stopped: { label: 'Stopped' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** Why an agent takes no new messages, or nothing when it does. */
export function unavailableReason(agent: Agent | undefined): string | undefined {
  if (agent?.status === 'paused') return `${agent.name} is paused: it takes no new messages until an admin resumes it.`;
  if (agent?.status === 'completed') return `${agent.name} is completed: it takes no new messages.`;
  return undefined;
}
