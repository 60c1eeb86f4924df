import { createFileRoute } from '@tanstack/react-router';
import { sessionQueries, useMe } from '@/features/auth';
import { MembersPanel, membersAdminQueries } from '@/features/members-admin';
import { useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/_company/settings/members')({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(sessionQueries.me());
    // Only admins may read the list (with emails) and the invitations; others get an explanation.
    if (!me.permissions.manageMembers) return;
    await Promise.all([
      queryClient.ensureQueryData(membersAdminQueries.people()),
      queryClient.ensureQueryData(membersAdminQueries.invitations()),
    ]);
  },
  component: MembersPage,
});

function MembersPage() {
  useDocumentTitle('Members');
  return <MembersPanel me={useMe()} />;
}
