import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { Me } from '@/api';
import { QueryNotice } from '@/ui';
import { useMembersAdminLive } from '../live';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { PeopleTable } from './people-table';
import './members.css';

/**
 * Settings → Members: invite people, follow the invitations, change roles, remove people. Only
 * admins manage members (and only they may read the list with emails): others are told so and
 * where everyone can be found.
 */
export function MembersPanel({ me }: { me: Me }) {
  if (!me.permissions.manageMembers) return <MembersForMembers me={me} />;
  return <MembersAdmin me={me} />;
}

function MembersAdmin({ me }: { me: Me }) {
  useMembersAdminLive();
  return (
    <div className="stack" style={{ gap: 24 }}>
      <p className="muted">
        Invite people to {me.company?.name ?? 'your company'}, choose who is an admin, and remove people who have left.
      </p>
      <section className="card">
        <InviteForm />
      </section>
      <section className="card">
        <Suspense fallback={<QueryNotice status="loading" label="Loading invitations…" />}>
          <InvitationList />
        </Suspense>
      </section>
      <section className="card">
        <Suspense fallback={<QueryNotice status="loading" label="Loading people…" />}>
          <PeopleTable me={me} />
        </Suspense>
      </section>
    </div>
  );
}

function MembersForMembers({ me }: { me: Me }) {
  return (
    <section className="card stack" style={{ gap: 8 }} aria-labelledby="members-admins-only">
      <h2 id="members-admins-only">Only admins manage members</h2>
      <p className="muted">
        Admins of {me.company?.name ?? 'your company'} invite people, change roles and remove members. If someone should
        join, ask an admin to invite them.
      </p>
      <p>
        Everyone in the company is on the <Link to="/people">People</Link> page.
      </p>
    </section>
  );
}
