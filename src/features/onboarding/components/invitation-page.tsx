import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSession, publicErrorMessage } from '@/api';
import { SignInForm, sessionQueries, useSignOut } from '@/features/auth';
import { formatDate, formatDateTime } from '@/lib/format';
import { Button, FormError, QueryNotice } from '@/ui';
import { INVITATION_GONE_TEXT, isInvitationGone } from '../errors';
import { useAcceptInvitation } from '../mutations';
import { onboardingQueries } from '../queries';
import { SignUpForm } from './sign-up-form';
import './onboarding.css';

type Preview = {
  companyName: string;
  inviterName: string | null;
  email: string;
  role: 'admin' | 'member';
  expiresAt: string;
};

/**
 * `/invite#<token>`: what the invitation is for, then a new account or an existing one, then the
 * workspace. A link that cannot be used (unknown, used, revoked, expired) gets one message.
 */
export function InvitationPage({ token }: { token: string | null }) {
  if (!token) {
    return (
      <InvitationProblem
        title="This invitation link is incomplete"
        text="Open the link from your invitation again, or copy all of it into the address bar. If it still does not work, ask the person who invited you for a new link."
      />
    );
  }
  return <InvitationWithToken token={token} />;
}

function InvitationWithToken({ token }: { token: string }) {
  const preview = useQuery(onboardingQueries.invitation(token));
  if (preview.isPending) return <QueryNotice status="loading" label="Opening your invitation…" />;
  if (preview.isError) {
    if (isInvitationGone(preview.error))
      return <InvitationProblem title="This invitation cannot be used" text={INVITATION_GONE_TEXT} />;
    return (
      <div className="stack">
        <h1>Your invitation</h1>
        <QueryNotice
          status="error"
          message={publicErrorMessage(preview.error)}
          onRetry={() => void preview.refetch()}
        />
      </div>
    );
  }
  return <InvitationDetails token={token} invitation={preview.data} />;
}

function InvitationProblem({ title, text }: { title: string; text: string }) {
  return (
    <div className="stack">
      <h1>{title}</h1>
      <p className="notice" data-tone="warning">
        {text}
      </p>
      <p className="muted">
        Already a member? <Link to="/signin">Sign in</Link>. Starting out on your own?{' '}
        <Link to="/signup">Create an account</Link>.
      </p>
    </div>
  );
}

function InvitationDetails({ token, invitation }: { token: string; invitation: Preview }) {
  const sessionToken = useSession((state) => state.token);
  // Signed in when the page opened: offer to join with that account. Signed in here: join at once.
  const [signedInAtStart] = useState(() => sessionToken !== null);
  const [mode, setMode] = useState<'sign-up' | 'sign-in'>('sign-up');
  const accept = useAcceptInvitation();

  let body: ReactNode;
  if (sessionToken && (signedInAtStart || mode === 'sign-in')) {
    body = (
      <JoinAsSignedIn
        invitation={invitation}
        joinAtOnce={!signedInAtStart}
        accept={() => accept.mutate(token)}
        busy={accept.isPending || accept.isSuccess}
        error={accept.error}
      />
    );
  } else if (sessionToken) {
    // Just signed up: the workspace is on its way.
    body = <QueryNotice status="loading" label={`Opening ${invitation.companyName}…`} />;
  } else if (mode === 'sign-up') {
    body = (
      <section className="stack" aria-labelledby="invite-sign-up">
        <h2 id="invite-sign-up">Create your account</h2>
        <SignUpForm
          invitation={{ token, email: invitation.email, companyName: invitation.companyName }}
          onSignInInstead={() => setMode('sign-in')}
        />
        <p className="public-switch">
          <button type="button" className="link-button" onClick={() => setMode('sign-in')}>
            I already have an account
          </button>
        </p>
      </section>
    );
  } else {
    body = (
      <section className="stack" aria-labelledby="invite-sign-in">
        <h2 id="invite-sign-in">Sign in to join</h2>
        {/* Signing in sets the session; the branch above then joins with it. */}
        <SignInForm reason={null} defaultEmail={invitation.email} />
        <p className="public-switch">
          New to Workspace?{' '}
          <button type="button" className="link-button" onClick={() => setMode('sign-up')}>
            Create your account
          </button>
        </p>
      </section>
    );
  }

  return (
    <div className="stack" style={{ gap: 20 }}>
      <header className="stack" style={{ gap: 8 }}>
        <h1>Join {invitation.companyName}</h1>
        <div className="invitation-summary">
          <p>
            {invitation.inviterName ? <strong>{invitation.inviterName}</strong> : 'An admin'} invited you to join{' '}
            <strong>{invitation.companyName}</strong> as {invitation.role === 'admin' ? 'an admin' : 'a member'}.
          </p>
          <p className="muted">
            This invitation expires on{' '}
            <time dateTime={invitation.expiresAt} title={formatDateTime(invitation.expiresAt)}>
              {formatDate(invitation.expiresAt)}
            </time>
            .
          </p>
        </div>
      </header>
      {body}
    </div>
  );
}

/**
 * Signed in: join with this account (at once when the person just signed in for it), or say why
 * it cannot (it belongs to a company already).
 */
function JoinAsSignedIn({
  invitation,
  joinAtOnce,
  accept,
  busy,
  error,
}: {
  invitation: Preview;
  joinAtOnce: boolean;
  accept: () => void;
  busy: boolean;
  error: Error | null;
}) {
  const me = useQuery(sessionQueries.me());
  const signOut = useSignOut();
  const joined = useRef(false);
  useEffect(() => {
    if (!joinAtOnce || joined.current) return;
    joined.current = true;
    accept();
  }, [joinAtOnce, accept]);

  if (me.isPending) return <QueryNotice status="loading" label="Checking your account…" />;
  if (me.isError)
    return <QueryNotice status="error" message={publicErrorMessage(me.error)} onRetry={() => void me.refetch()} />;
  const { user, company } = me.data;
  const signOutButton = (
    <Button variant={company ? 'primary' : 'ghost'} busy={signOut.isPending} onClick={() => signOut.mutate()}>
      {company ? 'Sign out to use another account' : 'Use another account'}
    </Button>
  );
  if (company) {
    return (
      <section className="stack" aria-labelledby="invite-signed-in">
        <h2 id="invite-signed-in">You are signed in as {user.email}</h2>
        <p className="notice" data-tone="warning">
          This account already belongs to {company.name}, and an account is a member of one company only. To join{' '}
          {invitation.companyName}, sign out and create an account with another email, or sign in with one.
        </p>
        <div className="row">
          {signOutButton}
          <Link to="/">Back to {company.name}</Link>
        </div>
      </section>
    );
  }
  return (
    <section className="stack" aria-labelledby="invite-signed-in">
      <h2 id="invite-signed-in">You are signed in as {user.email}</h2>
      {error && <FormError message={isInvitationGone(error) ? INVITATION_GONE_TEXT : publicErrorMessage(error)} />}
      <div className="row">
        <Button variant="primary" busy={busy} onClick={accept}>
          Join {invitation.companyName}
        </Button>
        {signOutButton}
      </div>
    </section>
  );
}
