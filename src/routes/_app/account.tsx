import { createFileRoute } from '@tanstack/react-router';
import { DeleteAccount, ProfileForm } from '@/features/account';
import { useMe, useSignOut } from '@/features/auth';
import { Button, SignOutIcon, useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/account')({
  component: AccountPage,
});

function AccountPage() {
  const me = useMe();
  const signOut = useSignOut();
  useDocumentTitle('Account');
  return (
    <div className="stack" style={{ gap: 24 }}>
      <header className="page-header">
        <h1>Account</h1>
        <p className="muted">Your profile, your session and your account.</p>
      </header>
      <section className="card">
        <ProfileForm me={me} />
      </section>
      <section className="card stack" aria-labelledby="session-heading">
        <h2 id="session-heading">Session</h2>
        <p className="muted">Signing out ends this session on the server; other devices stay signed in.</p>
        <div>
          <Button busy={signOut.isPending} onClick={() => signOut.mutate()}>
            <SignOutIcon />
            Sign out
          </Button>
        </div>
      </section>
      <section className="card">
        <DeleteAccount me={me} />
      </section>
    </div>
  );
}
