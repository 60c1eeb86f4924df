import {
  chartIndex,
  managerOf,
  memberName,
  reachesHuman,
  reportsBelow,
  sameRef,
  subtreeNotice,
  teamAndDescendants,
  teamOf,
} from './model';
import type { MemberRef, OrgChart, OrgMove } from './types';

/** What dropping one node on another does, in words for the drop preview. */
export type DropPlan =
  | { ok: true; type: 'move'; label: string; move: OrgMove; subtree: string | null }
  | { ok: true; type: 'nest'; label: string; teamId: string; parentId: string }
  | { ok: true; type: 'lead'; label: string; teamId: string; lead: MemberRef }
  | { ok: false; reason: string };

function parseKey(key: string): { kind: 'human' | 'agent' | 'team'; id: string } | null {
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  if (at < 0 || (kind !== 'human' && kind !== 'agent' && kind !== 'team')) return null;
  return { kind, id: key.slice(at + 1) };
}

/**
 * What a drop of `draggedKey` on `targetKey` would do: a member on a person (or an agent on an
 * agent) changes its manager, a member on a team moves it into the team, a team on a team nests
 * it, a team on a member makes them its lead. Refused drops say why (a loop, a person under an
 * agent, no change).
 */
export function planDrop(chart: OrgChart, draggedKey: string, targetKey: string): DropPlan {
  const dragged = parseKey(draggedKey);
  const target = parseKey(targetKey);
  if (!dragged || !target) return { ok: false, reason: 'That is not on the chart.' };
  if (draggedKey === targetKey) return { ok: false, reason: 'Drop it on another node.' };
  const index = chartIndex(chart);

  if (dragged.kind === 'team') {
    const team = index.teams.get(dragged.id);
    if (!team) return { ok: false, reason: 'That team no longer exists.' };
    if (target.kind === 'team') {
      const parent = index.teams.get(target.id);
      if (!parent) return { ok: false, reason: 'That team no longer exists.' };
      if (team.parentId === parent.id) return { ok: false, reason: `${team.name} is already inside ${parent.name}.` };
      if (teamAndDescendants(chart, team.id).has(parent.id))
        return { ok: false, reason: `${parent.name} is inside ${team.name}: that would make a loop.` };
      return {
        ok: true,
        type: 'nest',
        label: `Nest ${team.name} under ${parent.name}`,
        teamId: team.id,
        parentId: parent.id,
      };
    }
    const lead = { kind: target.kind, id: target.id } as MemberRef;
    if (sameRef(team.lead, lead))
      return { ok: false, reason: `${memberName(chart, lead)} already leads ${team.name}.` };
    if (lead.kind === 'agent' && !reachesHuman(chart, lead.id))
      return {
        ok: false,
        reason: `Nobody is responsible for ${memberName(chart, lead)}: set a responsible person first.`,
      };
    return {
      ok: true,
      type: 'lead',
      label: `Make ${memberName(chart, lead)} lead of ${team.name}`,
      teamId: team.id,
      lead,
    };
  }

  const member = { kind: dragged.kind, id: dragged.id } as MemberRef;
  const name = memberName(chart, member);
  const subtree = subtreeNotice(chart, member);
  if (target.kind === 'team') {
    const team = index.teams.get(target.id);
    if (!team) return { ok: false, reason: 'That team no longer exists.' };
    if (teamOf(chart, member) === team.id) return { ok: false, reason: `${name} is already in ${team.name}.` };
    return {
      ok: true,
      type: 'move',
      label: `Move ${name} to ${team.name}`,
      move: { member, teamId: team.id },
      subtree,
    };
  }

  const manager = { kind: target.kind, id: target.id } as MemberRef;
  const managerName = memberName(chart, manager);
  if (member.kind === 'human' && manager.kind === 'agent')
    return { ok: false, reason: `A person reports to a person: ${name} cannot report to ${managerName}.` };
  if (sameRef(managerOf(chart, member), manager))
    return {
      ok: false,
      reason: `${name} already ${member.kind === 'human' ? 'reports to' : 'is the responsibility of'} ${managerName}.`,
    };
  if (reportsBelow(chart, member).has(targetKey))
    return { ok: false, reason: `${managerName} is under ${name}: that would make a loop.` };
  if (manager.kind === 'agent' && !reachesHuman(chart, manager.id))
    return { ok: false, reason: `Nobody is responsible for ${managerName}: set a responsible person first.` };
  return {
    ok: true,
    type: 'move',
    label:
      member.kind === 'human' ? `Make ${name} report to ${managerName}` : `Make ${managerName} responsible for ${name}`,
    move: { member, manager },
    subtree,
  };
}
