import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { getToken } from '@/api';
import { SignUpForm } from '@/features/onboarding';
import { useDocumentTitle } from '@/ui';
import '@/app/signin.css';

/** Sign-up without an invitation: a new account and, in the same step, its company. */
export const Route = createFileRoute('/signup')({
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: '/' });
  },
  component: SignUpPage,
});

function SignUpPage() {
  useDocumentTitle('Create an account');
  return (
    <main className="signin">
      <div className="signin-card card">
        <div className="signin-brand">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <h1>Create your Workspace</h1>
          <p className="muted">
            An account for you and a company for your team. Invited by a colleague? Open the link from their invitation
            instead.
          </p>
        </div>
        <SignUpForm />
        <p className="muted" style={{ marginTop: 16, textAlign: 'center' }}>
          Already have an account? <Link to="/signin">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
