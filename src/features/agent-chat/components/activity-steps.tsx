import type { AgentActivity } from '../types';

const kindLabels: Record<AgentActivity['type'], string> = {
  thought: 'Thought',
  action: 'Action',
  error: 'Error',
};

/** An action's arguments, as compact JSON (they are whatever the agent sent). */
function formatArguments(args: Record<string, unknown>): string {
  try {
    return JSON.stringify(args);
  } catch {
    return '';
  }
}

/**
 * The steps an agent took for a reply (thoughts, tool calls with their arguments, errors), folded
 * under "N steps": a native disclosure, so it opens with Enter or Space.
 */
export function ActivitySteps({ activity }: { activity: AgentActivity[] }) {
  if (activity.length === 0) return null;
  const errors = activity.filter((step) => step.type === 'error').length;
  return (
    <details className="agent-steps">
      <summary>
        {activity.length === 1 ? '1 step' : `${activity.length} steps`}
        {errors > 0 && <span className="agent-steps-errors"> ({errors === 1 ? '1 error' : `${errors} errors`})</span>}
      </summary>
      <ol className="agent-steps-list">
        {activity.map((step) => (
          <li key={step.id} className="agent-step" data-type={step.type}>
            <span className="agent-step-kind">{kindLabels[step.type]}</span>
            {step.type === 'action' && step.tool && <code className="agent-step-tool">{step.tool}</code>}
            {step.text && <span className="agent-step-text">{step.text}</span>}
            {step.type === 'action' && step.arguments && Object.keys(step.arguments).length > 0 && (
              <code className="agent-step-arguments">{formatArguments(step.arguments)}</code>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
