import { sessionStatusLabels } from '../status';
import type { AgentSessionStatus } from '../types';

/** A session's state as a small badge ("Working", "Stopped", …). */
export function SessionStatusBadge({ status }: { status: AgentSessionStatus }) {
  const { label, tone } = sessionStatusLabels[status];
  return (
    <span className="badge agent-chat-status" data-tone={tone}>
      {label}
    </span>
  );
}
