import { useEditBase } from '@/api';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useMe } from '@/features/auth';
import { teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';
import { Button, Dialog, FormError, SelectField, TextAreaField, TextField } from '@/ui';
import {
  AGENT_LIMITS,
  formErrors,
  initialValues,
  memberValue,
  responsibleChoices,
  toCreateBody,
  toUpdateBody,
  type AgentFormValues,
} from '../agent-form';
import { useCreateAgent, useUpdateAgent } from '../mutations';
import type { Agent } from '@/api';
import './agents.css';

type AgentDialogProps = {
  /** The agent to edit; null for a new one. */
  agent: Agent | null;
  onClose: () => void;
  /** After a new agent was created (the page opens it). */
  onCreated?: (agent: Agent) => void;
};

/**
 * "New agent…" and "Edit agent…" (admins): name, role, description, team and the responsible
 * person or agent. The server's refusals show by their fields, and what was typed stays.
 */
export function AgentDialog({ agent, onClose, onCreated }: AgentDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      size="wide"
      title={agent ? `Edit ${agent.name}` : 'New agent'}
      description={
        agent
          ? undefined
          : 'An agent is a program that works through the API with a token. Create it here, then mint a token for it.'
      }
    >
      {agent ? (
        <EditAgentForm agent={agent} onClose={onClose} />
      ) : (
        <CreateAgentForm onClose={onClose} onCreated={onCreated} />
      )}
    </Dialog>
  );
}

function CreateAgentForm({ onClose, onCreated }: { onClose: () => void; onCreated?: (agent: Agent) => void }) {
  const me = useMe();
  const create = useCreateAgent();
  return (
    <AgentForm
      agentId={null}
      initial={initialValues(null, me.user.id)}
      error={create.error}
      busy={create.isPending}
      submitLabel="Create agent"
      onCancel={onClose}
      onSubmit={(values) =>
        create.mutate(toCreateBody(values), {
          onSuccess: (agent) => {
            onClose();
            onCreated?.(agent);
          },
        })
      }
    />
  );
}

function EditAgentForm({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const update = useUpdateAgent(agent.id);
  // What the form was opened on: only what was changed here is sent, on that version.
  const [opened] = useState(agent);
  const [base, adopt] = useEditBase(agent.version);
  return (
    <AgentForm
      agentId={agent.id}
      initial={initialValues(opened, '')}
      error={update.error}
      busy={update.isPending}
      submitLabel="Save changes"
      onCancel={onClose}
      onSubmit={(values) => {
        const body = toUpdateBody(values, opened);
        if (!body) return onClose();
        update.mutate({ ...body, baseVersion: base }, { onSuccess: onClose, onError: adopt });
      }}
    />
  );
}

type AgentFormProps = {
  agentId: string | null;
  initial: AgentFormValues;
  error: unknown;
  busy: boolean;
  submitLabel: string;
  onSubmit: (values: AgentFormValues) => void;
  onCancel: () => void;
};

function AgentForm({ agentId, initial, error, busy, submitLabel, onSubmit, onCancel }: AgentFormProps) {
  const [values, setValues] = useState(initial);
  const members = useQuery(memberQueries.list());
  const teams = useQuery(teamQueries.list());
  const errors = formErrors(error);
  const choices = responsibleChoices(members.data ?? [], agentId, values.responsible);
  const set = (field: keyof AgentFormValues) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (values.name.trim()) onSubmit(values);
  }

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate>
      {errors.form && <FormError message={errors.form} />}
      <TextField
        label="Name"
        required
        maxLength={AGENT_LIMITS.name}
        showCounter
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
      <TextField
        label="Role"
        description="What it does, in a line: shown beside its name."
        maxLength={AGENT_LIMITS.role}
        showCounter
        value={values.role}
        onChange={set('role')}
        error={errors.role}
      />
      <TextAreaField
        label="Description"
        description="What people can ask it, and what it cannot do."
        maxLength={AGENT_LIMITS.description}
        showCounter
        value={values.description}
        onChange={set('description')}
        error={errors.description}
      />
      <div className="agent-form-pair">
        <SelectField label="Team" value={values.teamId} onChange={set('teamId')} error={errors.teamId}>
          <option value="">No team</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Responsible"
          description="A person, or an agent a person is responsible for."
          value={values.responsible}
          onChange={set('responsible')}
          error={errors.responsible}
        >
          {values.responsible === '' && <option value="">Choose…</option>}
          <optgroup label="People">
            {choices.people.map((person) => (
              <option key={person.id} value={memberValue(person)}>
                {person.name}
              </option>
            ))}
          </optgroup>
          {choices.agents.length > 0 && (
            <optgroup label="Agents">
              {choices.agents.map((other) => (
                <option key={other.id} value={memberValue(other)}>
                  {other.name} (agent)
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
      </div>
      <div className="dialog-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" busy={busy} disabled={values.name.trim().length === 0}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
