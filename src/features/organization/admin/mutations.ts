import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { toast } from '@/ui';
import { orgQueries } from '../queries';
import { memberName, teamName } from './model';
import { applyMove } from './optimistic';
import { refusalMessage } from './refusal';
import type { MemberRef, OrgChart, OrgMove } from './types';

const chartKey = () => orgQueries.chart().queryKey;

/** Other lists an organization write changes (Settings → Members, the company's members). */
function refreshOthers(queryClient: QueryClient) {
  void queryClient.invalidateQueries({
    predicate: (query) =>
      (query.queryKey[0] === 'organization' && query.queryKey[1] !== 'chart') || query.queryKey[0] === 'members',
  });
}

type WriteOptions<V> = {
  request: (variables: V) => Promise<OrgChart>;
  /** The chart as it will be, shown until the server answers (manager and team moves only). */
  optimistic?: (chart: OrgChart, variables: V) => OrgChart;
  /** The error toast's title ("Could not change Max's manager"), from the chart before the write. */
  failure: (variables: V, chart: OrgChart | undefined) => string;
  /** What the success toast says ("Max Mustermann now reports to Priya Raman"), from the answer. */
  success: (variables: V, chart: OrgChart, previous: OrgChart | undefined) => string;
  /** Names the agent a 409 ORG_NO_HUMAN_MANAGER is about. */
  agentName?: (variables: V, chart: OrgChart | undefined) => string | undefined;
};

/** Options every caller may pass: `quiet` when it shows the refusal itself (in its dialog). */
export type OrgWriteHookOptions = { quiet?: boolean };

/**
 * One organization write: the answer (the recomputed chart) replaces the cached chart; a move is
 * shown at once and rolled back when refused; a refusal shows the server's reason in words.
 */
function useOrgWrite<V>(options: WriteOptions<V>, { quiet = false }: OrgWriteHookOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.request,
    onMutate: async (variables: V) => {
      const previous = queryClient.getQueryData<OrgChart>(chartKey());
      if (options.optimistic && previous) {
        await queryClient.cancelQueries({ queryKey: chartKey() });
        queryClient.setQueryData<OrgChart>(chartKey(), options.optimistic(previous, variables));
      }
      return { previous };
    },
    onError: (error, variables, context) => {
      if (options.optimistic && context?.previous) queryClient.setQueryData(chartKey(), context.previous);
      if (!quiet)
        toast(
          'error',
          options.failure(variables, context?.previous),
          refusalMessage(error, { agentName: options.agentName?.(variables, context?.previous) }),
        );
    },
    onSuccess: (chart, variables, context) => {
      queryClient.setQueryData(chartKey(), chart);
      toast('success', options.success(variables, chart, context?.previous));
      refreshOthers(queryClient);
    },
  });
}

const nameOf = (chart: OrgChart | undefined, ref: MemberRef | null) => (chart ? memberName(chart, ref) : 'them');

export type CreateTeamInput = { name: string; parentId?: string | null; lead?: MemberRef | null };

/** Creates a team; the new team is the one of the answer not in the previous chart (`findNewTeam`). */
export function useCreateTeam(hook?: OrgWriteHookOptions) {
  return useOrgWrite<CreateTeamInput>(
    {
      request: (body) => unwrap(api.POST('/organization/teams', { body })),
      failure: (input) => `Could not create the team “${input.name}”`,
      success: (input) => `Created the team “${input.name}”`,
      agentName: (input, chart) => (input.lead?.kind === 'agent' ? nameOf(chart, input.lead) : undefined),
    },
    hook,
  );
}

/** The team a create added: in `after` and not in `before` (by name when nothing else tells). */
export function findNewTeam(before: OrgChart | undefined, after: OrgChart, name: string) {
  const known = new Set(before?.teams.map((team) => team.id));
  return after.teams.find((team) => !known.has(team.id)) ?? after.teams.find((team) => team.name === name);
}

export type UpdateTeamInput = { teamId: string; name?: string; parentId?: string | null; baseVersion?: number };

/** Renames a team or nests it under another (`parentId: null`: top level). */
export function useUpdateTeam(hook?: OrgWriteHookOptions) {
  return useOrgWrite<UpdateTeamInput>(
    {
      request: ({ teamId, ...body }) =>
        unwrap(api.PATCH('/organization/teams/{id}', { params: { path: { id: teamId } }, body })),
      failure: (input, chart) =>
        `Could not ${input.name !== undefined ? 'rename' : 'move'} ${chart ? teamName(chart, input.teamId) : 'the team'}`,
      success: (input, chart) =>
        input.name !== undefined
          ? `Renamed the team to “${input.name}”`
          : input.parentId
            ? `${teamName(chart, input.teamId)} is now inside ${teamName(chart, input.parentId)}`
            : `${teamName(chart, input.teamId)} is now a top-level team`,
    },
    hook,
  );
}

/** Deletes a team: its members become unassigned, teams inside it move up. */
export function useDeleteTeam(hook?: OrgWriteHookOptions) {
  return useOrgWrite<{ teamId: string }>(
    {
      request: ({ teamId }) => unwrap(api.DELETE('/organization/teams/{id}', { params: { path: { id: teamId } } })),
      failure: (input, chart) => `Could not delete ${chart ? teamName(chart, input.teamId) : 'the team'}`,
      success: (input, _chart, previous) =>
        `Deleted ${previous ? teamName(previous, input.teamId) : 'the team'}; its members are unassigned`,
    },
    hook,
  );
}

/** Sets (or, with `null`, clears) a team's lead. An agent needs a responsible person (409). */
export function useSetTeamLead(hook?: OrgWriteHookOptions) {
  return useOrgWrite<{ teamId: string; lead: MemberRef | null }>(
    {
      request: ({ teamId, lead }) =>
        unwrap(api.PUT('/organization/teams/{id}/lead', { params: { path: { id: teamId } }, body: { lead } })),
      failure: (input, chart) =>
        input.lead
          ? `Could not make ${nameOf(chart, input.lead)} lead of ${chart ? teamName(chart, input.teamId) : 'the team'}`
          : `Could not clear the lead of ${chart ? teamName(chart, input.teamId) : 'the team'}`,
      success: (input, chart) =>
        input.lead
          ? `${memberName(chart, input.lead)} now leads ${teamName(chart, input.teamId)}`
          : `${teamName(chart, input.teamId)} has no lead now`,
      agentName: (input, chart) => (input.lead?.kind === 'agent' ? nameOf(chart, input.lead) : undefined),
    },
    hook,
  );
}

export type UpdateOrgHumanInput = {
  userId: string;
  teamId?: string | null;
  managerUserId?: string | null;
  title?: string;
};

/** Changes a person's team, manager or title; team and manager changes show at once. */
export function useUpdateOrgHuman(hook?: OrgWriteHookOptions) {
  return useOrgWrite<UpdateOrgHumanInput>(
    {
      request: ({ userId, ...body }) =>
        unwrap(api.PATCH('/organization/humans/{userId}', { params: { path: { userId } }, body })),
      optimistic: (chart, { userId, teamId, managerUserId }) =>
        teamId === undefined && managerUserId === undefined
          ? chart
          : applyMove(chart, {
              member: { kind: 'human', id: userId },
              ...(teamId !== undefined && { teamId }),
              ...(managerUserId !== undefined && {
                manager: managerUserId === null ? null : { kind: 'human', id: managerUserId },
              }),
            }),
      failure: (input, chart) => {
        const who = nameOf(chart, { kind: 'human', id: input.userId });
        if (input.managerUserId !== undefined) return `Could not change ${who}'s manager`;
        if (input.teamId !== undefined) return `Could not move ${who} to another team`;
        return `Could not change ${who}'s title`;
      },
      success: (input, chart) => {
        const who = memberName(chart, { kind: 'human', id: input.userId });
        if (input.managerUserId !== undefined)
          return input.managerUserId
            ? `${who} now reports to ${memberName(chart, { kind: 'human', id: input.managerUserId })}`
            : `${who} has no manager now`;
        if (input.teamId !== undefined)
          return input.teamId ? `${who} is now in ${teamName(chart, input.teamId)}` : `${who} is in no team now`;
        return `Changed ${who}'s title`;
      },
    },
    hook,
  );
}

export type UpdateOrgAgentInput = { agentId: string; teamId?: string | null; manager?: MemberRef | null };

/** Changes an agent's team or responsible member (who must reach a person); shows at once. */
export function useUpdateOrgAgent(hook?: OrgWriteHookOptions) {
  return useOrgWrite<UpdateOrgAgentInput>(
    {
      request: ({ agentId, ...body }) =>
        unwrap(api.PATCH('/organization/agents/{agentId}', { params: { path: { agentId } }, body })),
      optimistic: (chart, { agentId, teamId, manager }) =>
        applyMove(chart, {
          member: { kind: 'agent', id: agentId },
          ...(teamId !== undefined && { teamId }),
          ...(manager !== undefined && { manager }),
        }),
      failure: (input, chart) => {
        const who = nameOf(chart, { kind: 'agent', id: input.agentId });
        return input.manager !== undefined ? `Could not change who is responsible for ${who}` : `Could not move ${who}`;
      },
      success: (input, chart) => {
        const who = memberName(chart, { kind: 'agent', id: input.agentId });
        if (input.manager !== undefined)
          return input.manager
            ? `${memberName(chart, input.manager)} is now responsible for ${who}`
            : `Nobody is responsible for ${who} now`;
        return input.teamId ? `${who} is now in ${teamName(chart, input.teamId)}` : `${who} is in no team now`;
      },
      // The server names the agent being changed: its new chain reaches no person.
      agentName: (input, chart) => nameOf(chart, { kind: 'agent', id: input.agentId }),
    },
    hook,
  );
}

/** Makes a person an admin or a member; the last admin cannot step down (409 ORG_LAST_ADMIN). */
export function useSetMemberRole(hook?: OrgWriteHookOptions) {
  return useOrgWrite<{ userId: string; role: 'admin' | 'member' }>(
    {
      request: ({ userId, role }) =>
        unwrap(api.PUT('/organization/humans/{userId}/role', { params: { path: { userId } }, body: { role } })),
      failure: (input, chart) =>
        `Could not make ${nameOf(chart, { kind: 'human', id: input.userId })} ${input.role === 'admin' ? 'an admin' : 'a member'}`,
      success: (input, chart) =>
        `${memberName(chart, { kind: 'human', id: input.userId })} is now ${input.role === 'admin' ? 'an admin' : 'a member'}`,
    },
    hook,
  );
}

/** Removes a person from the company (their work stays under their name). */
export function useRemoveMember(hook?: OrgWriteHookOptions) {
  return useOrgWrite<{ userId: string }>(
    {
      request: ({ userId }) => unwrap(api.DELETE('/organization/humans/{userId}', { params: { path: { userId } } })),
      failure: (input, chart) => `Could not remove ${nameOf(chart, { kind: 'human', id: input.userId })}`,
      success: (input, _chart, previous) =>
        `Removed ${nameOf(previous, { kind: 'human', id: input.userId })} from the company`,
    },
    hook,
  );
}

/**
 * A manager or team change of a person or an agent through the right operation (what a drop or
 * the move dialogs ask for).
 */
export function useMoveMember(hook?: OrgWriteHookOptions) {
  const human = useUpdateOrgHuman(hook);
  const agent = useUpdateOrgAgent(hook);
  return {
    isPending: human.isPending || agent.isPending,
    move: (
      move: OrgMove,
      callbacks?: { onSuccess?: (chart: OrgChart) => void; onError?: (error: unknown) => void },
    ) => {
      if (move.member.kind === 'human')
        human.mutate(
          {
            userId: move.member.id,
            ...(move.teamId !== undefined && { teamId: move.teamId }),
            ...(move.manager !== undefined && { managerUserId: move.manager?.id ?? null }),
          },
          callbacks,
        );
      else
        agent.mutate(
          {
            agentId: move.member.id,
            ...(move.teamId !== undefined && { teamId: move.teamId }),
            ...(move.manager !== undefined && { manager: move.manager }),
          },
          callbacks,
        );
    },
  };
}
