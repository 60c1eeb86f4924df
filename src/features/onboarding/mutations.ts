import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { api, setToken, unwrap } from '@/api';
import { sessionQueries } from '@/features/auth';
import { toast } from '@/ui';

export type SignUpInput = {
  name: string;
  email: string;
  password: string;
  /** Joins the invitation's company; without it, `companyName` creates a company. */
  invitationToken?: string;
  companyName?: string;
};

/*
 * Where each of these leads happens in the hook, not in a `mutate` callback: signing in or joining
 * changes what the page shows (the form goes away), and React Query skips the callbacks of a
 * `mutate` whose component has unmounted.
 */

/**
 * Creates the account (and its company, or joins the invitation's), signs in as sign-in does,
 * and opens the workspace's Home.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: (body: SignUpInput) => unwrap(api.POST('/auth/signup', { body })),
    onSuccess: async ({ token }) => {
      queryClient.clear();
      setToken(token);
      await router.navigate({ to: '/', replace: true });
    },
  });
}

/**
 * After joining or creating a company while signed in: the session data (company, role,
 * permissions) is fetched again, so the shell shows the company at once; then the company's Home,
 * with a word of welcome.
 */
function useEnterCompany() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async (welcome: (company: string) => string) => {
    // Anything else cached was asked without a company.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueries.all[0] });
    const me = await queryClient.fetchQuery({ ...sessionQueries.me(), staleTime: 0 });
    toast('success', welcome(me.company?.name ?? 'your company'));
    await router.navigate({ to: '/', replace: true });
    // Pages that turned the person away (no company) check again.
    await router.invalidate();
  };
}

/** Joins the company of an invitation with the signed-in account, then opens it. */
export function useAcceptInvitation() {
  const enter = useEnterCompany();
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/auth/invitations/accept', { body: { token } })),
    // Awaited: the button stays busy until the company's Home is on its way.
    onSuccess: () => enter((company) => `Welcome to ${company}!`),
  });
}

/** Creates a company with the signed-in person as its first admin, then opens it. */
export function useCreateCompany() {
  const enter = useEnterCompany();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/company', { body: { name } })),
    onSuccess: () => enter((company) => `${company} is ready. You are its admin.`),
  });
}
