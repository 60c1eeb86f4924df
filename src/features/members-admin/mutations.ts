import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, errorMessage, unwrap } from '@/api';
import { sessionQueries } from '@/features/auth';
import { teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';
import { toast } from '@/ui';
import { membersAdminQueries, type CompanyRole, type Invitation, type OrgPerson } from './queries';

/** The organization feature's key: its chart and these lists live under it. */
const ORGANIZATION_KEY = ['organization'] as const;

/** After someone joins, leaves or changes role: every list of people may show it. */
function refreshPeople(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ORGANIZATION_KEY });
  void queryClient.invalidateQueries({ queryKey: memberQueries.all });
  void queryClient.invalidateQueries({ queryKey: teamQueries.all });
}

/** Invites an email with a role; answers the invitation (with its link) and whether mail went out. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: CompanyRole }) => unwrap(api.POST('/organization/invitations', { body })),
    onSuccess: ({ invitation }) => {
      // A second invitation for the same email replaces the first one.
      queryClient.setQueryData(membersAdminQueries.invitations().queryKey, (list = []) => [
        invitation,
        ...list.filter(
          (item) => item.id !== invitation.id && !(item.status === 'pending' && item.email === invitation.email),
        ),
      ]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersAdminQueries.invitations().queryKey }),
  });
}

function replaceInvitation(queryClient: QueryClient, invitation: Invitation) {
  queryClient.setQueryData(membersAdminQueries.invitations().queryKey, (list) =>
    list?.map((item) => (item.id === invitation.id ? invitation : item)),
  );
}

/** Sends the invitation again and gives it 7 more days. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) =>
      unwrap(
        api.POST('/organization/invitations/{invitationId}/resend', {
          params: { path: { invitationId: invitation.id } },
        }),
      ),
    onSuccess: ({ invitation, emailSent }) => {
      replaceInvitation(queryClient, invitation);
      toast(
        'success',
        emailSent ? `Invitation sent again to ${invitation.email}` : `Invitation for ${invitation.email} renewed`,
        emailSent
          ? 'It is valid for 7 more days.'
          : 'It is valid for 7 more days. No email was sent: copy the link and send it yourself.',
      );
    },
    onError: (error, invitation) =>
      toast('error', `Could not resend the invitation to ${invitation.email}`, errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersAdminQueries.invitations().queryKey }),
  });
}

/** Revokes at once (the row shows it revoked); puts it back as it was if the server refuses. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  const listKey = membersAdminQueries.invitations().queryKey;
  return useMutation({
    mutationFn: (invitation: Invitation) =>
      unwrap(
        api.DELETE('/organization/invitations/{invitationId}', { params: { path: { invitationId: invitation.id } } }),
      ),
    onMutate: async (invitation) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      replaceInvitation(queryClient, { ...invitation, status: 'revoked', link: null });
    },
    onSuccess: (_result, invitation) =>
      toast('success', `Revoked the invitation for ${invitation.email}`, 'Its link no longer works.'),
    onError: (error, invitation) => {
      replaceInvitation(queryClient, invitation);
      toast('error', `Could not revoke the invitation for ${invitation.email}`, errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/**
 * Makes a person an admin or a member. Shown at once; the server's refusal (the last admin
 * cannot be demoted) puts the old role back and says why.
 */
export function useSetMemberRole({ selfId }: { selfId: string }) {
  const queryClient = useQueryClient();
  const listKey = membersAdminQueries.people().queryKey;
  const setRole = (userId: string, role: CompanyRole) =>
    queryClient.setQueryData(listKey, (people) =>
      people?.map((person) => (person.id === userId ? { ...person, role } : person)),
    );
  return useMutation({
    mutationFn: ({ person, role }: { person: OrgPerson; role: CompanyRole }) =>
      unwrap(
        api.PUT('/organization/humans/{userId}/role', { params: { path: { userId: person.id } }, body: { role } }),
      ),
    onMutate: async ({ person, role }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      setRole(person.id, role);
    },
    onSuccess: (_chart, { person, role }) =>
      toast('success', role === 'admin' ? `${person.name} is now an admin` : `${person.name} is now a member`),
    onError: (error, { person }) => {
      setRole(person.id, person.role);
      toast('error', `Could not change ${person.name}’s role`, errorMessage(error));
    },
    onSettled: (_chart, _error, { person }) => {
      refreshPeople(queryClient);
      // Demoting yourself takes away what this page lets you do.
      if (person.id === selfId) void queryClient.invalidateQueries({ queryKey: sessionQueries.me().queryKey });
    },
  });
}

/** Removes a person from the company (gone from the list at once, back if the server refuses). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  const listKey = membersAdminQueries.people().queryKey;
  return useMutation({
    mutationFn: (person: OrgPerson) =>
      unwrap(api.DELETE('/organization/humans/{userId}', { params: { path: { userId: person.id } } })),
    onMutate: async (person) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const index = queryClient.getQueryData(listKey)?.findIndex((item) => item.id === person.id) ?? -1;
      queryClient.setQueryData(listKey, (people) => people?.filter((item) => item.id !== person.id));
      return { index };
    },
    onSuccess: (_chart, person) =>
      toast('success', `Removed ${person.name} from the company`, 'Their cards and comments stay, under their name.'),
    onError: (error, person, context) => {
      if (context && context.index >= 0) {
        queryClient.setQueryData(listKey, (people = []) =>
          people.some((item) => item.id === person.id) ? people : people.toSpliced(context.index, 0, person),
        );
      }
      toast('error', `Could not remove ${person.name}`, errorMessage(error));
    },
    onSettled: () => refreshPeople(queryClient),
  });
}
