import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import type { Me } from '@/api';
import { teamQueries } from '@/features/directory';
import { formatDate, formatDateTime } from '@/lib/format';
import { Avatar, Button, ConfirmDialog, DataTable, TextField } from '@/ui';
import { useRemoveMember, useSetMemberRole } from '../mutations';
import { membersAdminQueries, type CompanyRole, type OrgPerson } from '../queries';

/** Rows drawn at once; a company of thousands is searched, not scrolled. */
const ROW_LIMIT = 200;

const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

function matches(person: OrgPerson, query: string) {
  return person.name.toLowerCase().includes(query) || person.email.toLowerCase().includes(query);
}

/** Everyone in the company with role (changeable), team, manager and join date; remove with confirmation. */
export function PeopleTable({ me }: { me: Me }) {
  const people = useSuspenseQuery(membersAdminQueries.people()).data;
  const teams = useQuery(teamQueries.list()).data;
  const setRole = useSetMemberRole({ selfId: me.user.id });
  const remove = useRemoveMember();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const [removing, setRemoving] = useState<OrgPerson | null>(null);
  const [demotingSelf, setDemotingSelf] = useState<OrgPerson | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const byId = useMemo(() => new Map(people.map((person) => [person.id, person])), [people]);
  const teamNames = useMemo(() => new Map((teams ?? []).map((team) => [team.id, team.name])), [teams]);
  const sorted = useMemo(() => people.toSorted((a, b) => collator.compare(a.name, b.name)), [people]);
  const shown = deferredQuery ? sorted.filter((person) => matches(person, deferredQuery)) : sorted;
  const admins = people.filter((person) => person.role === 'admin').length;

  function handleRole(person: OrgPerson, role: CompanyRole) {
    if (role === person.role) return;
    if (person.id === me.user.id && role === 'member') setDemotingSelf(person);
    else setRole.mutate({ person, role });
  }

  return (
    <>
      <div className="members-list-header">
        <h2 id="people-list-heading" ref={heading} tabIndex={-1}>
          People <span className="muted">({people.length})</span>
        </h2>
        {people.length > 8 && (
          <div className="members-filter">
            <TextField
              label="Filter people"
              type="search"
              placeholder="Name or email"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        )}
      </div>
      <p className="muted" style={{ marginBottom: 12 }}>
        {admins === 1 ? 'One admin' : `${admins} admins`}. Teams and managers are changed on the{' '}
        <Link to="/organization">organization chart</Link>.
      </p>
      {shown.length === 0 ? (
        <p className="muted">Nobody matches “{query.trim()}”.</p>
      ) : (
        <DataTable className="members-table" aria-labelledby="people-list-heading">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Team</th>
              <th scope="col">Manager</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, ROW_LIMIT).map((person) => {
              const isSelf = person.id === me.user.id;
              const manager = person.managerUserId ? byId.get(person.managerUserId) : undefined;
              return (
                <tr key={person.id}>
                  <td>
                    <div className="members-person">
                      <Avatar name={person.name} />
                      <div>
                        <strong>{person.name}</strong>
                        {isSelf && (
                          <span className="badge" style={{ marginLeft: 6 }}>
                            You
                          </span>
                        )}
                        {person.title && <div className="muted">{person.title}</div>}
                      </div>
                    </div>
                  </td>
                  <td data-label="Email">{person.email}</td>
                  <td data-label="Role">
                    <select
                      className="select members-role"
                      aria-label={`Role of ${person.name}`}
                      value={person.role}
                      onChange={(event) => handleRole(person, event.target.value as CompanyRole)}
                    >
                      <option value="member">Member</option>
                      <option value="admin">Admin</option>
                    </select>
                  </td>
                  <td data-label="Team">
                    {person.teamId ? (teamNames.get(person.teamId) ?? '…') : <span className="muted">No team</span>}
                  </td>
                  <td data-label="Manager">{manager ? manager.name : <span className="muted">—</span>}</td>
                  <td data-label="Joined">
                    <time dateTime={person.joinedAt} title={formatDateTime(person.joinedAt)}>
                      {formatDate(person.joinedAt)}
                    </time>
                  </td>
                  <td className="data-table-actions members-actions">
                    {!isSelf && (
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() => setRemoving(person)}
                        aria-label={`Remove ${person.name} from the company`}
                      >
                        Remove…
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      {shown.length > ROW_LIMIT && (
        <p className="muted" role="status" style={{ marginTop: 12 }}>
          Showing {ROW_LIMIT} of {shown.length.toLocaleString()}. Filter by name or email to find someone.
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''} from ${me.company?.name ?? 'the company'}?`}
        description="They lose access at once and their API keys are revoked. Their cards and comments stay, under their name."
        confirmLabel="Remove from company"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
          requestAnimationFrame(() => heading.current?.focus());
        }}
      >
        <p className="muted">
          People who reported to them lose their manager, teams they led lose their lead, and agents they were
          responsible for need someone new: the organization chart lists what to fix.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={demotingSelf !== null}
        title="Make yourself a member?"
        description="You will no longer be able to manage members, the organization chart or API keys. Another admin can make you an admin again."
        confirmLabel="Make me a member"
        onCancel={() => setDemotingSelf(null)}
        onConfirm={() => {
          if (demotingSelf) setRole.mutate({ person: demotingSelf, role: 'member' });
          setDemotingSelf(null);
        }}
      />
    </>
  );
}
