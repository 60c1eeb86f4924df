import type { PickerOption } from './member-picker';
import { chartIndex, managerOf, reachesHuman, reportsBelow, sameRef, teamAndDescendants, teamOf } from './model';
import type { MemberRef, OrgChart } from './types';

/** The value of a member option: its node key. */
export const memberValue = (ref: MemberRef) => `${ref.kind}:${ref.id}`;

export function parseMemberValue(value: string): MemberRef | null {
  const [kind, id] = value.split(':');
  return (kind === 'human' || kind === 'agent') && id ? { kind, id } : null;
}

export const NONE = 'none';

const NO_RESPONSIBLE = 'Nobody is responsible for this agent yet';

/** "Engineering Manager · Platform". */
function detail(chart: OrgChart, role: string, teamId: string | null) {
  const team = teamId ? chartIndex(chart).teams.get(teamId)?.name : undefined;
  return [role, team].filter(Boolean).join(' · ');
}

function humanOptions(chart: OrgChart): PickerOption[] {
  return chart.humans.map((human) => ({
    value: memberValue({ kind: 'human', id: human.id }),
    label: human.name,
    kind: 'human',
    detail: detail(chart, human.title, human.teamId),
  }));
}

function agentOptions(chart: OrgChart): PickerOption[] {
  return chart.agents.map((agent) => ({
    value: memberValue({ kind: 'agent', id: agent.id }),
    label: agent.name,
    kind: 'agent',
    detail: detail(chart, agent.role, agent.teamId),
    ...(!reachesHuman(chart, agent.id) && { note: NO_RESPONSIBLE }),
  }));
}

/**
 * Who can be a member's manager: people (and, for an agent, other agents), without the member
 * itself; those under it are listed but cannot be chosen (a loop).
 */
export function managerOptions(chart: OrgChart, member: MemberRef): PickerOption[] {
  const below = reportsBelow(chart, member);
  const current = managerOf(chart, member);
  const self = memberValue(member);
  const candidates = member.kind === 'human' ? humanOptions(chart) : [...humanOptions(chart), ...agentOptions(chart)];
  return [
    { value: NONE, label: member.kind === 'human' ? 'No manager' : 'Nobody', kind: 'none' as const, current: !current },
    ...candidates
      .filter((option) => option.value !== self)
      .map((option) =>
        below.has(option.value)
          ? { ...option, disabled: true, note: 'Is under them: that would make a loop' }
          : { ...option, current: sameRef(parseMemberValue(option.value), current) },
      ),
  ];
}

/** Everyone in the company (to make one of them an admin, say). */
export const peopleOptions = (chart: OrgChart): PickerOption[] => humanOptions(chart);

/** The people who can be responsible for an agent. */
export function responsibleOptions(chart: OrgChart, agentId: string): PickerOption[] {
  const current = managerOf(chart, { kind: 'agent', id: agentId });
  return humanOptions(chart).map((option) => ({
    ...option,
    current: sameRef(parseMemberValue(option.value), current),
  }));
}

/**
 * Who can lead a team: people and agents. An agent nobody is responsible for is listed with the
 * reason (the server refuses it; choosing it shows that refusal).
 */
export function leadOptions(chart: OrgChart, teamId: string): PickerOption[] {
  const lead = chartIndex(chart).teams.get(teamId)?.lead ?? null;
  return [...humanOptions(chart), ...agentOptions(chart)].map((option) => ({
    ...option,
    current: sameRef(parseMemberValue(option.value), lead),
  }));
}

/** The teams a member can move to, and "No team". */
export function teamOptions(chart: OrgChart, member: MemberRef): PickerOption[] {
  const current = teamOf(chart, member);
  return [
    { value: NONE, label: 'No team', kind: 'none' as const, current: current === null },
    ...[...chart.teams]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((team) => ({
        value: team.id,
        label: team.name,
        kind: 'team' as const,
        ...(team.parentId && {
          detail: `Inside ${chartIndex(chart).teams.get(team.parentId)?.name ?? 'another team'}`,
        }),
        current: team.id === current,
      })),
  ];
}

/** The teams a team can be nested under (not itself or a team inside it), and the top level. */
export function parentTeamOptions(chart: OrgChart, teamId: string | null): PickerOption[] {
  const inside = teamId ? teamAndDescendants(chart, teamId) : new Set<string>();
  const parentId = teamId ? (chartIndex(chart).teams.get(teamId)?.parentId ?? null) : null;
  return [
    {
      value: NONE,
      label: 'Top level (no parent team)',
      kind: 'none' as const,
      current: teamId !== null && parentId === null,
    },
    ...[...chart.teams]
      .sort((a, b) => a.name.localeCompare(b.name))
      .filter((team) => team.id !== teamId)
      .map((team) => ({
        value: team.id,
        label: team.name,
        kind: 'team' as const,
        current: team.id === parentId,
        ...(inside.has(team.id) && { disabled: true, note: 'Is inside it: that would make a loop' }),
      })),
  ];
}
