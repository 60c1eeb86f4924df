import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { Me } from '@/api';
// Loads after the page (its own chunk): Home's first load stays the same for everyone else.
import { OnboardingActionsLazy as OnboardingActions } from '@/features/onboarding';
import { QueryNotice, useDocumentTitle } from '@/ui';

/**
 * What a signed-in person without a company sees instead of company pages: why, and the two ways
 * on (start a company, or join one with an invitation link). Nothing here is an error.
 */
export function NoCompany({ me, page }: { me: Me; page?: string }) {
  useDocumentTitle(page ?? 'Home');
  const firstName = me.user.name.split(/\s+/)[0] ?? me.user.name;
  return (
    <div className="stack no-company" style={{ gap: 20, maxWidth: 760 }}>
      <header className="stack" style={{ gap: 6 }}>
        <h1>{page ?? `Welcome, ${firstName}`}</h1>
        <p className="muted">
          You are signed in as {me.user.email}, but you are not a member of a company yet. Projects, boards, people,
          agents, teams and API keys all live inside a company: start your own, or join one with an invitation.
        </p>
      </header>
      <Suspense fallback={<QueryNotice status="loading" label="Loading…" />}>
        <OnboardingActions email={me.user.email} />
      </Suspense>
      <p>
        Meanwhile you can <Link to="/account">complete your profile</Link>, so colleagues recognise you when you join.
      </p>
    </div>
  );
}
