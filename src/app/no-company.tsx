import { Link } from '@tanstack/react-router';
import type { Me } from '@/api';
import { useDocumentTitle } from '@/ui';

/**
 * What a signed-in person without a company sees instead of company pages: why, and what to do.
 * Nothing here is an error, so nothing offers to try again.
 */
export function NoCompany({ me, page }: { me: Me; page?: string }) {
  useDocumentTitle(page ?? 'Home');
  const firstName = me.user.name.split(/\s+/)[0] ?? me.user.name;
  return (
    <div className="stack no-company" style={{ gap: 20, maxWidth: 640 }}>
      <header className="stack" style={{ gap: 6 }}>
        <h1>{page ?? `Welcome, ${firstName}`}</h1>
        <p className="muted">
          You are signed in as {me.user.email}, but you are not a member of a company yet. Projects, boards, people,
          agents, teams and API keys all live inside a company.
        </p>
      </header>
      <section className="card stack" style={{ gap: 10 }} aria-labelledby="no-company-next">
        <h2 id="no-company-next">How to join one</h2>
        <ol className="no-company-steps">
          <li>Ask an admin of your company to invite {me.user.email} to its workspace.</li>
          <li>Once they have added you, reload this page: your company’s projects and people appear here.</li>
        </ol>
        <p className="muted">Creating a company of your own is not available in this workspace yet.</p>
      </section>
      <p>
        Meanwhile you can <Link to="/account">complete your profile</Link>, so colleagues recognise you when you join.
      </p>
    </div>
  );
}
