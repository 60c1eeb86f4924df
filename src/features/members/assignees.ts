import type { Member } from '@/api';

/**
 * Who a card may be assigned to: every person, and every agent that is not completed (a completed
 * agent takes no new work). Cards already assigned to a completed agent keep that assignee, so
 * lists that show or filter existing assignments add them back through `keep`.
 */
export function isAssignable(member: Member): boolean {
  return member.kind === 'human' || member.status !== 'completed';
}

/**
 * The one list of assignees that pickers and filters offer: the assignable members, plus the
 * members named in `keep` (the current assignee, or everyone assigned on a board), in the
 * members' order, people before agents.
 */
export function assigneeOptions(members: Member[], keep: Iterable<string | undefined> = []): Member[] {
  const kept = new Set(keep);
  const shown = members.filter((member) => isAssignable(member) || kept.has(member.id));
  return [...shown.filter((member) => member.kind === 'human'), ...shown.filter((member) => member.kind !== 'human')];
}
