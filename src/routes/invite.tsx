import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { InvitationPage, invitationTokenFrom } from '@/features/onboarding';
import { useDocumentTitle } from '@/ui';
import '@/app/signin.css';

/**
 * `/invite#<token>`: the token travels in the fragment, which browsers never send to a server,
 * so it stays out of logs. Open to everyone, signed in or not.
 */
export const Route = createFileRoute('/invite')({
  component: InvitePage,
});

function InvitePage() {
  const hash = useRouterState({ select: (state) => state.location.hash });
  useDocumentTitle('Invitation');
  return (
    <main className="signin">
      <div className="signin-card card invite-card">
        <div className="signin-brand">
          <img src="/favicon.svg" alt="" width={36} height={36} />
        </div>
        <InvitationPage token={hash ? invitationTokenFrom(`#${hash}`) : null} />
      </div>
    </main>
  );
}
