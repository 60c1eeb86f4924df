import { createFileRoute } from '@tanstack/react-router';
import { parseTokenSearch, Unsubscribe } from '@/features/newsletter';
import { useDocumentTitle } from '@/ui';
import '@/app/signin.css';

/**
 * `/newsletter/unsubscribe?token=…`, the link in every newsletter email. Unsubscribes on a click,
 * not on load: mail scanners open links. Open to everyone, signed in or not.
 */
export const Route = createFileRoute('/newsletter/unsubscribe')({
  validateSearch: parseTokenSearch,
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { token } = Route.useSearch();
  useDocumentTitle('Unsubscribe');
  return (
    <main className="signin">
      <div className="signin-card card">
        <div className="signin-brand">
          <img src="/favicon.svg" alt="" width={36} height={36} />
        </div>
        <Unsubscribe token={token ?? null} />
      </div>
    </main>
  );
}
