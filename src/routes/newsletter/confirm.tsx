import { createFileRoute } from '@tanstack/react-router';
import { ConfirmSubscription, parseTokenSearch } from '@/features/newsletter';
import { useDocumentTitle } from '@/ui';
import '@/app/signin.css';

/**
 * `/newsletter/confirm?token=…`, the link of a newsletter's confirmation email. Confirms on a
 * click, not on load: mail scanners open links. Open to everyone, signed in or not.
 */
export const Route = createFileRoute('/newsletter/confirm')({
  validateSearch: parseTokenSearch,
  component: ConfirmPage,
});

function ConfirmPage() {
  const { token } = Route.useSearch();
  useDocumentTitle('Confirm your subscription');
  return (
    <main className="signin">
      <div className="signin-card card">
        <div className="signin-brand">
          <img src="/favicon.svg" alt="" width={36} height={36} />
        </div>
        <ConfirmSubscription token={token ?? null} />
      </div>
    </main>
  );
}
