import { useMemo, useState } from 'react';
import { isApiError } from '@/api';
import { Button } from '@/ui';
import { openOrgDialog } from './dialog-store';
import { useMoveMember, useSetMemberRole, useSetTeamLead } from './mutations';
import { memberName, subtreeNotice, teamName } from './model';
import {
  leadOptions,
  managerOptions,
  NONE,
  parseMemberValue,
  peopleOptions,
  responsibleOptions,
  teamOptions,
} from './options';
import { PickerDialog } from './picker-dialog';
import { refusalMessage } from './refusal';
import type { MemberRef, OrgChart } from './types';

type DialogProps = { chart: OrgChart; onClose: () => void };

/**
 * "Change manager…": a person's manager, or who is responsible for an agent. The move shows at
 * once; a refusal rolls it back with a toast.
 */
export function ChangeManagerDialog({ chart, member, onClose }: DialogProps & { member: MemberRef }) {
  const { move } = useMoveMember();
  const options = useMemo(() => managerOptions(chart, member), [chart, member]);
  const name = memberName(chart, member);
  const human = member.kind === 'human';
  return (
    <PickerDialog
      title={human ? `Change manager of ${name}` : `Change who is responsible for ${name}`}
      label={human ? 'Find a person' : 'Find a person or agent'}
      listLabel={human ? 'People' : 'People and agents'}
      options={options}
      notice={subtreeNotice(chart, member)}
      submitLabel={(option) =>
        !option
          ? 'Choose a manager'
          : option.value === NONE
            ? human
              ? 'Clear manager'
              : 'Clear responsible member'
            : human
              ? `Report to ${option.label}`
              : `Make ${option.label} responsible`
      }
      onSubmit={(option) => {
        onClose();
        move({ member, manager: option.value === NONE ? null : parseMemberValue(option.value) });
      }}
      onClose={onClose}
    />
  );
}

/** "Move to team…": a member's team, or none. Shown at once; a refusal rolls it back. */
export function MoveToTeamDialog({ chart, member, onClose }: DialogProps & { member: MemberRef }) {
  const { move } = useMoveMember();
  const options = useMemo(() => teamOptions(chart, member), [chart, member]);
  return (
    <PickerDialog
      title={`Move ${memberName(chart, member)} to a team`}
      label="Find a team"
      listLabel="Teams"
      options={options}
      notice={subtreeNotice(chart, member)}
      submitLabel={(option) =>
        !option ? 'Choose a team' : option.value === NONE ? 'Leave the team' : `Move to ${option.label}`
      }
      onSubmit={(option) => {
        onClose();
        move({ member, teamId: option.value === NONE ? null : option.value });
      }}
      onClose={onClose}
    />
  );
}

/** "Set responsible person…" for an agent: the person its chain of responsibility reaches. */
export function SetResponsibleDialog({ chart, agentId, onClose }: DialogProps & { agentId: string }) {
  const { move } = useMoveMember();
  const options = useMemo(() => responsibleOptions(chart, agentId), [chart, agentId]);
  const member: MemberRef = { kind: 'agent', id: agentId };
  return (
    <PickerDialog
      title={`Set the person responsible for ${memberName(chart, member)}`}
      description="Every agent needs a person at the end of its chain of responsibility."
      label="Find a person"
      listLabel="People"
      options={options}
      submitLabel={(option) => (option ? `Make ${option.label} responsible` : 'Choose a person')}
      onSubmit={(option) => {
        onClose();
        move({ member, manager: parseMemberValue(option.value) });
      }}
      onClose={onClose}
    />
  );
}

/**
 * "Make team lead…": people and agents. An agent nobody is responsible for is listed with the
 * reason; if chosen, the server's refusal shows here with the way to fix it.
 */
export function MakeLeadDialog({ chart, teamId, onClose }: DialogProps & { teamId: string }) {
  const setLead = useSetTeamLead({ quiet: true });
  const options = useMemo(() => leadOptions(chart, teamId), [chart, teamId]);
  const [refused, setRefused] = useState<{ message: string; agentId?: string } | null>(null);
  return (
    <PickerDialog
      title={`Make a lead of ${teamName(chart, teamId)}`}
      description="The team hangs under its lead on the chart. An agent can lead a team when a person is responsible for it."
      label="Find a person or agent"
      listLabel="People and agents"
      options={options}
      busy={setLead.isPending}
      error={refused?.message}
      errorAction={
        refused?.agentId && (
          <Button onClick={() => openOrgDialog({ kind: 'set-responsible', agentId: refused.agentId! })}>
            Set responsible person…
          </Button>
        )
      }
      submitLabel={(option) => (option ? `Make ${option.label} lead` : 'Choose a lead')}
      onSubmit={(option) => {
        const lead = parseMemberValue(option.value);
        if (!lead) return;
        setRefused(null);
        setLead.mutate(
          { teamId, lead },
          {
            onSuccess: onClose,
            onError: (error) =>
              setRefused({
                message: refusalMessage(error, lead.kind === 'agent' ? { agentName: option.label } : {}),
                ...(isApiError(error) &&
                  error.code === 'ORG_NO_HUMAN_MANAGER' &&
                  lead.kind === 'agent' && { agentId: lead.id }),
              }),
          },
        );
      }}
      onClose={onClose}
    />
  );
}

/** "Make admin…": a person who may edit the organization (the fix when nobody is an admin). */
export function MakeAdminDialog({ chart, onClose }: DialogProps) {
  const setRole = useSetMemberRole({ quiet: true });
  const options = useMemo(() => peopleOptions(chart), [chart]);
  const [error, setError] = useState<string | null>(null);
  return (
    <PickerDialog
      title="Make a person admin"
      description="Admins manage the company's people, teams and settings."
      label="Find a person"
      listLabel="People"
      options={options}
      busy={setRole.isPending}
      error={error}
      submitLabel={(option) => (option ? `Make ${option.label} admin` : 'Choose a person')}
      onSubmit={(option) => {
        const person = parseMemberValue(option.value);
        if (!person) return;
        setError(null);
        setRole.mutate(
          { userId: person.id, role: 'admin' },
          { onSuccess: onClose, onError: (failure) => setError(refusalMessage(failure)) },
        );
      }}
      onClose={onClose}
    />
  );
}
