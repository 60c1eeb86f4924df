import { Link } from '@tanstack/react-router';
import type { Member } from '@/api';
import { Avatar } from '@/ui';

/** A link to a person's or an agent's profile. */
export function MemberLink({ member }: { member: Member }) {
  return member.kind === 'human' ? (
    <Link to="/people" search={{ person: member.id }}>
      <Avatar name={member.name} size={22} />
      {member.name}
    </Link>
  ) : (
    <Link to="/agents/$agentId" params={{ agentId: member.id }}>
      <Avatar name={member.name} kind="agent" size={22} />
      {member.name} <span className="muted">(agent)</span>
    </Link>
  );
}
