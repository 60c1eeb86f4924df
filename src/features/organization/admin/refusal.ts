import { errorMessage, isApiError } from '@/api';

type LoopStep = { kind: 'human' | 'agent' | 'team'; id: string; name: string };

function isLoopPath(value: unknown): value is LoopStep[] {
  return (
    Array.isArray(value) &&
    value.every((step) => typeof step === 'object' && step !== null && typeof (step as LoopStep).name === 'string')
  );
}

/** How a node stands to its parent in the chart ("reports to", "is in", "is led by", "is inside"). */
function relation(child: LoopStep, parent: LoopStep, first: boolean): string {
  if (child.kind === 'team')
    return parent.kind === 'team'
      ? first
        ? 'would be inside'
        : 'which is inside'
      : first
        ? 'would be led by'
        : 'which is led by';
  if (parent.kind === 'team') return first ? 'would be in' : 'who is in';
  return first ? 'would report to' : 'who reports to';
}

/**
 * A loop in words: "That would make a loop: Linus Berg would report to Max Mustermann, who reports
 * to Linus Berg." The server's path runs from a node along its parents (a member's path starts at
 * the loop's top; a team nesting's runs from the new parent up to the team itself, so the team
 * goes first here).
 */
export function describeLoop(path: LoopStep[]): string {
  if (path.length === 0) return 'That change would make a loop.';
  const teamsOnly = path.every((step) => step.kind === 'team');
  const steps = teamsOnly ? [path.at(-1)!, ...path] : [...path, path[0]!];
  const words = steps
    .slice(1)
    .map((step, index) => `${relation(steps[index]!, step, index === 0)} ${step.name}`)
    .join(', ');
  return `That would make a loop: ${steps[0]!.name} ${words}.`;
}

/**
 * What to tell a person the server refused: the loop in words, the agent nobody is responsible
 * for, or the server's own message.
 */
export function refusalMessage(error: unknown, context: { agentName?: string } = {}): string {
  if (isApiError(error)) {
    if (error.code === 'ORG_LOOP') {
      const path = error.envelope?.path;
      if (isLoopPath(path)) return describeLoop(path);
    }
    if (error.code === 'ORG_NO_HUMAN_MANAGER') {
      const name = context.agentName ?? agentNameIn(error.envelope);
      return name ? `Nobody is responsible for ${name}: set a responsible person first.` : `${error.message}`;
    }
  }
  return errorMessage(error);
}

/** An agent's name the envelope may carry (`agent: {name}`). */
function agentNameIn(envelope: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const agent = envelope?.agent;
  if (typeof agent === 'object' && agent !== null && typeof (agent as { name?: unknown }).name === 'string')
    return (agent as { name: string }).name;
  return undefined;
}
