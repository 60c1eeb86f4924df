import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memberQueries } from '@/features/members';
import { SidePanel } from '@/ui';
import { teamQueries } from '../queries';
import { MemberLink } from './member-link';
import './directory.css';

/** The company's teams: lead and size, with the members in a panel. */
export function TeamDirectory({ selected, onClose }: { selected?: string; onClose: () => void }) {
  const teams = useSuspenseQuery(teamQueries.list()).data;
  const members = useSuspenseQuery(memberQueries.list()).data;
  const byId = new Map(members.map((member) => [member.id, member]));
  const team = teams.find((item) => item.id === selected);
  const teamMembers = members.filter((member) => member.teamId === selected);

  return (
    <>
      {teams.length === 0 && <p className="muted">No teams yet.</p>}
      <ul className="directory-list" aria-label="Teams">
        {teams.map((item) => {
          const lead = item.lead ? byId.get(item.lead.id) : undefined;
          return (
            <li key={item.id}>
              <Link
                to="/teams"
                search={{ team: item.id }}
                className="directory-item"
                aria-current={item.id === selected ? 'true' : undefined}
              >
                <span className="directory-item-text">
                  <strong>{item.name}</strong>
                  <span className="muted">
                    {item.memberCount} member{item.memberCount === 1 ? '' : 's'} ·{' '}
                    {lead ? `led by ${lead.name}` : 'no lead'}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {team && (
        <SidePanel label={`${team.name} team`} onClose={onClose}>
          <div className="profile">
            <h2>{team.name}</h2>
            <dl className="profile-facts">
              <dt>Lead</dt>
              <dd>
                {team.lead && byId.get(team.lead.id) ? (
                  <MemberLink member={byId.get(team.lead.id)!} />
                ) : (
                  'No designated lead'
                )}
              </dd>
              <dt>Members</dt>
              <dd>{team.memberCount}</dd>
            </dl>
            <section>
              <h3>Members</h3>
              {teamMembers.length === 0 ? (
                <p className="muted">Nobody is in this team.</p>
              ) : (
                <ul className="profile-list">
                  {teamMembers.map((member) => (
                    <li key={member.id}>
                      <MemberLink member={member} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </SidePanel>
      )}
    </>
  );
}
