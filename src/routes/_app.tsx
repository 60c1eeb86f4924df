import { createFileRoute, redirect } from '@tanstack/react-router';
import { getToken, isApiError } from '@/api';
import { SignedInLayout } from '@/app/shell/signed-in-layout';
import { sessionQueries } from '@/features/auth';

/** Everything behind sign-in: loads the user first, or sends them to sign in and back. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    if (!getToken()) throw redirect({ to: '/signin', search: { redirect: location.href } });
    try {
      await context.queryClient.ensureQueryData(sessionQueries.me());
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        throw redirect({ to: '/signin', search: { redirect: location.href } });
      }
      throw error;
    }
  },
  component: SignedInLayout,
});
