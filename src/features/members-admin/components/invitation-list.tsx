import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatDate, formatDateTime, formatRelative } from '@/lib/format';
import { Button, ConfirmDialog, CopyButton, DataTable } from '@/ui';
import { useResendInvitation, useRevokeInvitation } from '../mutations';
import { membersAdminQueries, type Invitation } from '../queries';

const roleLabel = { admin: 'Admin', member: 'Member' } as const;

function Expiry({ invitation }: { invitation: Invitation }) {
  if (invitation.status === 'expired') {
    return (
      <span className="badge" data-tone="danger" title={formatDateTime(invitation.expiresAt)}>
        Expired {formatDate(invitation.expiresAt)}
      </span>
    );
  }
  return (
    <time dateTime={invitation.expiresAt} title={formatDateTime(invitation.expiresAt)}>
      {formatRelative(invitation.expiresAt)}
    </time>
  );
}

/**
 * Invitations still waiting (pending, or expired and worth renewing) with Copy link, Resend and
 * Revoke; accepted and revoked ones folded away below.
 */
export function InvitationList() {
  const invitations = useSuspenseQuery(membersAdminQueries.invitations()).data;
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const open = invitations.filter((item) => item.status === 'pending' || item.status === 'expired');
  const past = invitations.filter((item) => item.status === 'accepted' || item.status === 'revoked');

  return (
    <>
      <h2 id="invitation-list-heading" ref={heading} tabIndex={-1} style={{ marginBottom: 12 }}>
        Pending invitations
      </h2>
      {open.length === 0 ? (
        <p className="muted">No invitations are waiting for an answer.</p>
      ) : (
        <DataTable className="members-table" aria-labelledby="invitation-list-heading">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Invited by</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {open.map((invitation) => (
              <tr key={invitation.id}>
                <td>
                  <strong>{invitation.email}</strong>
                  {invitation.sentAt && (
                    <div className="muted">
                      Emailed{' '}
                      <time dateTime={invitation.sentAt} title={formatDateTime(invitation.sentAt)}>
                        {formatRelative(invitation.sentAt)}
                      </time>
                    </div>
                  )}
                </td>
                <td data-label="Role">{roleLabel[invitation.role]}</td>
                <td data-label="Invited by">
                  {invitation.invitedBy?.name ?? <span className="muted">Someone who left</span>}
                </td>
                <td data-label="Expires">
                  <Expiry invitation={invitation} />
                </td>
                <td data-label="Status">
                  <span className="badge" data-tone={invitation.status === 'pending' ? 'accent' : 'danger'}>
                    {invitation.status === 'pending' ? 'Pending' : 'Expired'}
                  </span>
                </td>
                <td className="data-table-actions members-actions">
                  <div className="row members-action-row">
                    {invitation.link && (
                      <CopyButton
                        size="small"
                        variant="ghost"
                        value={invitation.link}
                        label="Copy link"
                        aria-label={`Copy the invitation link for ${invitation.email}`}
                      />
                    )}
                    <Button
                      size="small"
                      variant="ghost"
                      busy={resend.isPending && resend.variables?.id === invitation.id}
                      onClick={() => resend.mutate(invitation)}
                      aria-label={`Resend the invitation to ${invitation.email}`}
                    >
                      Resend
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      onClick={() => setRevoking(invitation)}
                      aria-label={`Revoke the invitation for ${invitation.email}`}
                    >
                      Revoke
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {past.length > 0 && (
        <details className="members-past">
          <summary>Accepted and revoked ({past.length})</summary>
          <ul className="members-past-list">
            {past.map((invitation) => (
              <li key={invitation.id}>
                <span>{invitation.email}</span>{' '}
                <span className="muted">
                  {invitation.status === 'accepted' && invitation.acceptedAt
                    ? `joined ${formatDate(invitation.acceptedAt)}`
                    : invitation.status === 'accepted'
                      ? 'joined'
                      : 'revoked'}
                  {invitation.invitedBy ? ` · invited by ${invitation.invitedBy.name}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the invitation for ${revoking?.email ?? ''}?`}
        description="Its link stops working at once. You can invite them again at any time."
        confirmLabel="Revoke invitation"
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
          setRevoking(null);
          // The row's own buttons are about to go: focus the list instead.
          requestAnimationFrame(() => heading.current?.focus());
        }}
      />
    </>
  );
}
