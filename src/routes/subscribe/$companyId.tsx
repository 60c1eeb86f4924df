import { createFileRoute } from '@tanstack/react-router';
import { NewsletterSignup } from '@/features/newsletter';
import { useDocumentTitle } from '@/ui';
import '@/app/signin.css';

/** `/subscribe/<companyId>`: a company's public newsletter signup. Open to everyone, signed in or not. */
export const Route = createFileRoute('/subscribe/$companyId')({
  component: SubscribePage,
});

function SubscribePage() {
  const { companyId } = Route.useParams();
  useDocumentTitle('Newsletter signup');
  return (
    <main className="signin">
      <div className="signin-card card">
        <div className="signin-brand">
          <img src="/favicon.svg" alt="" width={36} height={36} />
        </div>
        <NewsletterSignup companyId={companyId} />
      </div>
    </main>
  );
}
