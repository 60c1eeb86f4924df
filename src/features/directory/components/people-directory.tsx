import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Member } from '@/api';
import { fold } from '@/lib/fold';
import { memberQueries } from '@/features/members';
import { Avatar, Button, EmptyState, SidePanel, TextField } from '@/ui';
import { teamQueries } from '../queries';
import { MemberLink } from './member-link';
import './directory.css';

type Props = { selected?: string; query: string; onQuery: (query: string) => void; onClose: () => void };

/** Everyone in the company, filterable, with a profile panel: title, team, manager, reports. */
export function PeopleDirectory({ selected, query, onQuery, onClose }: Props) {
  const members = useSuspenseQuery(memberQueries.list()).data;
  const teams = useSuspenseQuery(teamQueries.list()).data;
  const teamName = new Map(teams.map((team) => [team.id, team.name]));
  const people = members.filter((member) => member.kind === 'human');
  const needle = fold(query.trim());
  const shown = people.filter((person) => !needle || fold(`${person.name} ${person.title}`).includes(needle));
  const person = people.find((member) => member.id === selected);

  return (
    <>
      <div className="directory-tools">
        <TextField
          label="Filter people"
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
        />
        <p className="muted" role="status">
          {shown.length} of {people.length} people
        </p>
      </div>
      <ul className="directory-list" aria-label="People">
        {shown.map((member) => (
          <li key={member.id}>
            <Link
              to="/people"
              search={(previous) => ({ ...previous, person: member.id })}
              className="directory-item"
              aria-current={member.id === selected ? 'true' : undefined}
            >
              <Avatar name={member.name} size={36} />
              <span className="directory-item-text">
                <strong>{member.name}</strong>
                <span className="muted">
                  {[member.title, member.teamId && teamName.get(member.teamId)].filter(Boolean).join(' · ') || '—'}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {shown.length === 0 && people.length > 0 && (
        <EmptyState
          title={`No people match “${query.trim()}”`}
          action={
            <Button size="small" onClick={() => onQuery('')}>
              Clear filters
            </Button>
          }
        >
          Names and titles are searched; accents and case are ignored.
        </EmptyState>
      )}
      {person && (
        <SidePanel label={`${person.name}, profile`} onClose={onClose}>
          <PersonProfile person={person} members={members} teamName={teamName} />
        </SidePanel>
      )}
    </>
  );
}

function PersonProfile({
  person,
  members,
  teamName,
}: {
  person: Member;
  members: Member[];
  teamName: Map<string, string>;
}) {
  const byId = new Map(members.map((member) => [member.id, member]));
  const manager = person.manager ? byId.get(person.manager.id) : undefined;
  const reports = members.filter((member) => member.kind === 'human' && member.manager?.id === person.id);
  const agents = members.filter((member) => member.kind === 'agent' && member.manager?.id === person.id);
  return (
    <div className="profile">
      <div className="profile-head">
        <Avatar name={person.name} size={56} />
        <div>
          <h2>{person.name}</h2>
          <p className="muted">{person.title || 'No title'}</p>
        </div>
      </div>
      <dl className="profile-facts">
        <dt>Team</dt>
        <dd>
          {person.teamId ? (
            <Link to="/teams" search={{ team: person.teamId }}>
              {teamName.get(person.teamId)}
            </Link>
          ) : (
            'No team'
          )}
        </dd>
        <dt>Manager</dt>
        <dd>{manager ? <MemberLink member={manager} /> : 'Nobody'}</dd>
      </dl>
      {reports.length > 0 && (
        <section>
          <h3>Reports ({reports.length})</h3>
          <ul className="profile-list">
            {reports.map((member) => (
              <li key={member.id}>
                <MemberLink member={member} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {agents.length > 0 && (
        <section>
          <h3>Responsible for</h3>
          <ul className="profile-list">
            {agents.map((member) => (
              <li key={member.id}>
                <MemberLink member={member} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
