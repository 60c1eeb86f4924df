import { createFileRoute } from '@tanstack/react-router';
import { NoCompany } from '@/app/no-company';
import { sessionQueries, useMe } from '@/features/auth';
import { projectQueries } from '@/features/board';
import { Home, homeQueries, recentBoardsOf } from '@/features/home';
import { useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/')({
  // Home's data in one round of parallel requests (the user is already loaded by the signed-in
  // layout). A failed one does not fail the page: its section shows the error with a retry.
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(sessionQueries.me());
    if (!me.company) return;
    // Recent boards get their current names from the project list, asked for in the same round;
    // Home does not wait for it (it counts every board's cards, the slowest of the three) and
    // shows the names the boards had until it comes.
    if (recentBoardsOf(me.user.id).length > 0) void queryClient.prefetchQuery(projectQueries.list());
    await Promise.all([
      queryClient.ensureQueryData(homeQueries.cards()),
      queryClient.ensureQueryData(homeQueries.activity()),
    ]).catch(() => undefined);
  },
  component: HomePage,
});

function HomePage() {
  const me = useMe();
  useDocumentTitle('Home');
  return me.company ? <Home me={me} /> : <NoCompany me={me} />;
}
