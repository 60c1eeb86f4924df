import {
  errorMessage,
  isApiError,
  type Agent,
  type CreateAgentRequest,
  type Member,
  type UpdateAgentRequest,
} from '@/api';

type MemberKind = Member['kind'];

/** The server's limits (createAgent / updateAgent), enforced by the fields as one types. */
export const AGENT_LIMITS = { name: 80, role: 120, description: 2000 } as const;

/** What the create/edit dialog holds: text as typed, `''` for no team, the responsible as `kind:id`. */
export type AgentFormValues = {
  name: string;
  role: string;
  description: string;
  teamId: string;
  responsible: string;
};

export type AgentFormField = 'name' | 'role' | 'description' | 'teamId' | 'responsible';
/** A refusal, by field where the server named one, else for the whole form. */
export type AgentFormErrors = Partial<Record<AgentFormField, string>> & { form?: string };

export const memberValue = (member: { kind: MemberKind; id: string }) => `${member.kind}:${member.id}`;

function parseMemberValue(value: string): { kind: MemberKind; id: string } | null {
  const [kind, id] = value.split(':');
  return (kind === 'human' || kind === 'agent') && id ? { kind, id } : null;
}

/** The form for a new agent (the creating admin responsible) or for an existing one. */
export function initialValues(agent: Agent | null, meId: string): AgentFormValues {
  return agent
    ? {
        name: agent.name,
        role: agent.role,
        description: agent.description,
        teamId: agent.teamId ?? '',
        responsible: agent.responsible ? memberValue(agent.responsible) : '',
      }
    : { name: '', role: '', description: '', teamId: '', responsible: memberValue({ kind: 'human', id: meId }) };
}

/** The body of createAgent: trimmed text, the team and responsible person when chosen. */
export function toCreateBody(values: AgentFormValues): CreateAgentRequest {
  const responsible = parseMemberValue(values.responsible);
  return {
    name: values.name.trim(),
    role: values.role.trim(),
    description: values.description.trim(),
    ...(values.teamId && { teamId: values.teamId }),
    ...(responsible && { responsible }),
  };
}

/** The body of updateAgent: only what changed, or null when nothing did. */
export function toUpdateBody(values: AgentFormValues, agent: Agent): UpdateAgentRequest | null {
  const before = initialValues(agent, '');
  const body: UpdateAgentRequest = {};
  if (values.name.trim() !== before.name) body.name = values.name.trim();
  if (values.role.trim() !== before.role) body.role = values.role.trim();
  if (values.description.trim() !== before.description) body.description = values.description.trim();
  if (values.teamId !== before.teamId) body.teamId = values.teamId || null;
  if (values.responsible !== before.responsible) {
    const responsible = parseMemberValue(values.responsible);
    if (responsible) body.responsible = responsible;
  }
  return Object.keys(body).length > 0 ? body : null;
}

const fields: AgentFormField[] = ['name', 'role', 'description', 'teamId', 'responsible'];

/**
 * Where to show a refusal: a 400's field messages beside their fields, a 409
 * `ORG_NO_HUMAN_MANAGER` under the responsible person, anything else above the form.
 */
export function formErrors(error: unknown): AgentFormErrors {
  if (!error) return {};
  if (!isApiError(error)) return { form: errorMessage(error) };
  if (error.code === 'ORG_NO_HUMAN_MANAGER') return { responsible: error.message };
  const result: AgentFormErrors = {};
  let unplaced = false;
  for (const issue of error.issues) {
    // `responsible.id`, `responsible.kind` belong to the responsible field.
    const field = fields.find((name) => issue.path === name || issue.path.startsWith(`${name}.`));
    if (field) result[field] ??= issue.message;
    else unplaced = true;
  }
  if (unplaced || error.issues.length === 0) result.form = errorMessage(error);
  else result.form = 'Some fields need a change: see below.';
  return result;
}

export type ResponsibleChoices = { people: Member[]; agents: Member[] };

/**
 * Who may be responsible for `agentId` (or a new agent): every person, and the other agents
 * that still work (a completed agent only when it is the current choice). By name.
 */
export function responsibleChoices(members: Member[], agentId: string | null, current: string): ResponsibleChoices {
  const byName = (a: Member, b: Member) => a.name.localeCompare(b.name);
  return {
    people: members.filter((member) => member.kind === 'human').sort(byName),
    agents: members
      .filter(
        (member) =>
          member.kind === 'agent' &&
          member.id !== agentId &&
          (member.status !== 'completed' || memberValue(member) === current),
      )
      .sort(byName),
  };
}
