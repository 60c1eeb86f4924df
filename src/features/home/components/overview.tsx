import { Link } from '@tanstack/react-router';
import type { Me } from '@/api';
import { Avatar } from '@/ui';
import './overview.css';

function greeting(hour: number) {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The signed-in landing page: who you are here, and where to go next. */
export function Overview({ me }: { me: Me }) {
  const firstName = me.user.name.split(/\s+/)[0] ?? me.user.name;
  return (
    <div className="stack" style={{ gap: 24 }}>
      <header className="stack" style={{ gap: 4 }}>
        <h1>
          {greeting(new Date().getHours())}, {firstName}
        </h1>
        <p className="muted">
          {me.company ? `Welcome to the ${me.company.name} workspace.` : 'You are not a member of a company yet.'}
        </p>
      </header>

      <section className="card overview-profile" aria-labelledby="overview-you">
        <Avatar name={me.user.name} size={48} />
        <div className="stack" style={{ gap: 2 }}>
          <h2 id="overview-you">{me.user.name}</h2>
          <p className="muted">{[me.user.title, me.company?.name].filter(Boolean).join(' · ') || me.user.email}</p>
          <p>
            {me.role ? (
              <span className="badge" data-tone={me.role === 'admin' ? 'accent' : undefined}>
                {me.role === 'admin' ? 'Admin' : 'Member'}
              </span>
            ) : null}
          </p>
        </div>
      </section>

      <section aria-labelledby="overview-next">
        <h2 id="overview-next" style={{ marginBottom: 12 }}>
          Next steps
        </h2>
        <ul className="overview-links">
          {me.permissions.manageApiKeys && (
            <li>
              <Link to="/settings/api-keys" className="card overview-link">
                <strong>Connect a script or agent</strong>
                <span className="muted">Create an API key with read or write scope.</span>
              </Link>
            </li>
          )}
          <li>
            <Link to="/account" className="card overview-link">
              <strong>Complete your profile</strong>
              <span className="muted">Your name and title are shown to colleagues and agents.</span>
            </Link>
          </li>
          <li className="card overview-link">
            <strong>Work from the keyboard</strong>
            <span className="muted">
              Press <kbd>?</kbd> at any time to see every shortcut.
            </span>
          </li>
        </ul>
      </section>
    </div>
  );
}
