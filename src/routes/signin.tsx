import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { getToken, useSession } from '@/api';
import { SignInForm } from '@/features/auth';
import { safeReturnPath } from '@/lib/format';
import { useDocumentTitle } from '@/ui';
import '@/app/signin.css';

export const Route = createFileRoute('/signin')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  beforeLoad: ({ search, context }) => {
    if (getToken()) throw redirect({ to: safeReturnPath(search.redirect) });
    // Whoever was signed in before is gone: forget their cached data.
    context.queryClient.clear();
  },
  component: SignInPage,
});

function SignInPage() {
  const { redirect: returnTo } = Route.useSearch();
  const reason = useSession((state) => state.reason);
  const navigate = useNavigate();
  useDocumentTitle('Sign in');
  return (
    <main className="signin">
      <div className="signin-card card">
        <div className="signin-brand">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <h1>Sign in to Workspace</h1>
        </div>
        <SignInForm reason={reason} onSignedIn={() => void navigate({ to: safeReturnPath(returnTo), replace: true })} />
        <p className="muted" style={{ marginTop: 16, textAlign: 'center' }}>
          New to Workspace? <Link to="/signup">Create an account</Link>
        </p>
      </div>
    </main>
  );
}
