import { type FormEvent, useMemo, useState } from 'react';
import { isApiError, useEditBase } from '@/api';
import { Button, ConfirmDialog, Dialog, FormError, SelectField, TextField } from '@/ui';
import { useCreateTeam, useDeleteTeam, useUpdateTeam } from './mutations';
import { chartIndex, describeCount, reachesHuman, teamMembers, teamName } from './model';
import { memberValue, NONE, parentTeamOptions, parseMemberValue } from './options';
import { PickerDialog } from './picker-dialog';
import { refusalMessage } from './refusal';
import type { OrgChart } from './types';

type DialogProps = { chart: OrgChart; onClose: () => void };

const NAME_MAX = 80;

/** The server's word on a team name, beside the field; anything else above the form. */
function splitError(error: unknown) {
  const field = isApiError(error) ? error.fieldError('name') : undefined;
  return field ? { field: `The name ${field}`, form: null } : { field: undefined, form: refusalMessage(error) };
}

/** A team's edit version in the chart (1 when the chart does not list it). */
const teamVersion = (chart: OrgChart, teamId: string) => chart.teams.find((team) => team.id === teamId)?.version ?? 1;

const byName = <T extends { name: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.name.localeCompare(b.name));

/** "New team": a name, where it sits (a parent team) and, if known, who leads it. */
export function NewTeamDialog({ chart, parentId, onClose }: DialogProps & { parentId?: string | null }) {
  const create = useCreateTeam({ quiet: true });
  const [name, setName] = useState('');
  const [parent, setParent] = useState(parentId ?? NONE);
  const [lead, setLead] = useState(NONE);
  const [error, setError] = useState<{ field?: string; form: string | null }>({ form: null });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError({ field: 'Give the team a name.', form: null });
      return;
    }
    setError({ form: null });
    create.mutate(
      { name: trimmed, parentId: parent === NONE ? null : parent, lead: lead === NONE ? null : parseMemberValue(lead) },
      { onSuccess: onClose, onError: (failure) => setError(splitError(failure)) },
    );
  }

  return (
    <Dialog open onClose={onClose} title="New team">
      <form className="stack" onSubmit={handleSubmit} noValidate>
        {error.form && <FormError message={error.form} />}
        <TextField
          label="Name"
          value={name}
          maxLength={NAME_MAX}
          showCounter
          required
          error={error.field}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField label="Inside team" value={parent} onChange={(event) => setParent(event.target.value)}>
          <option value={NONE}>None (a top-level team)</option>
          {byName(chart.teams).map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Lead"
          description="The team hangs under its lead on the chart. You can choose one later."
          value={lead}
          onChange={(event) => setLead(event.target.value)}
        >
          <option value={NONE}>No lead yet</option>
          <optgroup label="People">
            {chart.humans.map((human) => (
              <option key={human.id} value={memberValue({ kind: 'human', id: human.id })}>
                {human.name}
              </option>
            ))}
          </optgroup>
          <optgroup label="Agents">
            {chart.agents.map((agent) => (
              <option key={agent.id} value={memberValue({ kind: 'agent', id: agent.id })}>
                {agent.name}
                {reachesHuman(chart, agent.id) ? '' : ' (nobody is responsible for it)'}
              </option>
            ))}
          </optgroup>
        </SelectField>
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending}>
            Create team
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Rename team". */
export function RenameTeamDialog({ chart, teamId, onClose }: DialogProps & { teamId: string }) {
  const update = useUpdateTeam({ quiet: true });
  const [current] = useState(() => teamName(chart, teamId));
  const [name, setName] = useState(current);
  // Sent on the version the dialog was opened on: a rename by someone else meanwhile is shown.
  const [base, adopt] = useEditBase(teamVersion(chart, teamId));
  const [error, setError] = useState<{ field?: string; form: string | null }>({ form: null });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError({ field: 'Give the team a name.', form: null });
      return;
    }
    if (trimmed === current) {
      onClose();
      return;
    }
    setError({ form: null });
    update.mutate(
      { teamId, name: trimmed, baseVersion: base },
      {
        onSuccess: onClose,
        onError: (failure) => {
          adopt(failure);
          setError(splitError(failure));
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title={`Rename ${current}`}>
      <form className="stack" onSubmit={handleSubmit} noValidate>
        {error.form && <FormError message={error.form} />}
        <TextField
          label="Name"
          value={name}
          maxLength={NAME_MAX}
          showCounter
          required
          error={error.field}
          onFocus={(event) => event.target.select()}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={update.isPending}>
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Nest under…": the team's parent team, or the top level. */
export function NestTeamDialog({ chart, teamId, onClose }: DialogProps & { teamId: string }) {
  const update = useUpdateTeam({ quiet: true });
  const options = useMemo(() => parentTeamOptions(chart, teamId), [chart, teamId]);
  const [error, setError] = useState<string | null>(null);
  const [base, adopt] = useEditBase(teamVersion(chart, teamId));
  const name = teamName(chart, teamId);
  return (
    <PickerDialog
      title={`Nest ${name} under another team`}
      label="Find a team"
      listLabel="Teams"
      options={options}
      busy={update.isPending}
      error={error}
      submitLabel={(option) =>
        !option ? 'Choose a team' : option.value === NONE ? 'Make it a top-level team' : `Nest under ${option.label}`
      }
      onSubmit={(option) => {
        setError(null);
        update.mutate(
          { teamId, parentId: option.value === NONE ? null : option.value, baseVersion: base },
          {
            onSuccess: onClose,
            onError: (failure) => {
              adopt(failure);
              setError(refusalMessage(failure));
            },
          },
        );
      }}
      onClose={onClose}
    />
  );
}

/** "Delete team": asks first, saying that its members become unassigned. */
export function DeleteTeamDialog({ chart, teamId, onClose }: DialogProps & { teamId: string }) {
  const remove = useDeleteTeam({ quiet: true });
  const [error, setError] = useState<string | null>(null);
  const team = chartIndex(chart).teams.get(teamId);
  const members = teamMembers(chart, teamId);
  const count = { people: members.humans.length, agents: members.agents.length };
  const nested = chart.teams.filter((other) => other.parentId === teamId);
  const parent = team?.parentId ? teamName(chart, team.parentId) : null;
  const name = team?.name ?? 'this team';
  return (
    <ConfirmDialog
      open
      title={`Delete ${name}?`}
      description={
        count.people + count.agents === 0
          ? `${name} has no members. Nobody is removed from the company.`
          : `Its ${describeCount(count)} ${count.people + count.agents === 1 ? 'becomes' : 'become'} unassigned (in no team); nobody is removed from the company.`
      }
      confirmLabel="Delete team"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        setError(null);
        remove.mutate({ teamId }, { onSuccess: onClose, onError: (failure) => setError(refusalMessage(failure)) });
      }}
    >
      {nested.length > 0 && (
        <p>
          {nested.length === 1
            ? `The team inside it (${nested[0]!.name}) moves`
            : `The ${nested.length} teams inside it move`}{' '}
          {parent ? `into ${parent}` : 'to the top level'}.
        </p>
      )}
      {error && <FormError message={error} />}
    </ConfirmDialog>
  );
}
