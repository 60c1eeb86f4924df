import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export const onboardingQueries = {
  all: ['onboarding'] as const,
  /**
   * What an invitation is for (company, inviter, role, expiry). The public route allows a few
   * calls per network: asked once per page, never retried, never refetched on focus.
   */
  invitation: (token: string) =>
    queryOptions({
      queryKey: [...onboardingQueries.all, 'invitation', token] as const,
      queryFn: ({ signal }) => unwrap(api.POST('/auth/invitations/preview', { body: { token }, signal })),
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
};

/** Whether an account already uses this email (for the sign-up form's hint). */
export async function emailHasAccount(email: string): Promise<boolean> {
  return (await unwrap(api.POST('/auth/email-exists', { body: { email } }))).exists;
}
