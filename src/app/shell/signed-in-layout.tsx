import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '@/api';
import { AppShell } from './app-shell';

/**
 * The layout of every signed-in page. When the session ends under it (signed out, revoked
 * elsewhere, expired, account deleted) it renders nothing, so no query runs without a token,
 * and goes to the sign-in page, remembering where the person was unless they chose to leave.
 */
export function SignedInLayout() {
  const token = useSession((state) => state.token);
  const reason = useSession((state) => state.reason);
  const href = useRouterState({ select: (state) => state.location.href });
  const navigate = useNavigate();

  useEffect(() => {
    if (token) return;
    const leftOnPurpose = reason === 'signed-out' || reason === 'deleted';
    void navigate({ to: '/signin', search: { redirect: leftOnPurpose ? undefined : href }, replace: true });
  }, [token, reason, href, navigate]);

  if (!token) return null;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
