import { chartIndex, managerOf, memberName, teamName } from './model';
import type { MemberRef, OrgChart, OrgIssue } from './types';

/** The member a `manager-loop` issue names (its id is a person's or an agent's). */
export function loopMember(chart: OrgChart, id: string): MemberRef {
  return chartIndex(chart).agents.has(id) ? { kind: 'agent', id } : { kind: 'human', id };
}

/** The node an issue is about (`kind:id`), or null when it is about the company (`no-admin`). */
export function issueKey(chart: OrgChart, issue: OrgIssue): string | null {
  switch (issue.kind) {
    case 'team-lead':
    case 'team-lead-missing':
    case 'team-empty':
      return `team:${issue.id}`;
    case 'agent-no-human':
      return `agent:${issue.id}`;
    case 'manager-outside-team':
      return `human:${issue.id}`;
    case 'manager-loop': {
      const member = loopMember(chart, issue.id);
      return `${member.kind}:${member.id}`;
    }
    case 'no-admin':
      return null;
  }
}

/** One issue in words: "Design has no lead", "Cafébot: nobody is responsible". */
export function describeIssue(chart: OrgChart, issue: OrgIssue): string {
  const index = chartIndex(chart);
  switch (issue.kind) {
    case 'team-lead':
      return `${teamName(chart, issue.id)} has no lead`;
    case 'team-lead-missing':
      return `${teamName(chart, issue.id)}: its lead has left the company`;
    case 'team-empty':
      return `${teamName(chart, issue.id)} has no people or agents`;
    case 'agent-no-human':
      return `${memberName(chart, { kind: 'agent', id: issue.id })}: nobody is responsible`;
    case 'manager-outside-team': {
      const human = index.humans.get(issue.id);
      const team = human?.teamId ? index.teams.get(human.teamId) : undefined;
      const manager = human?.managerUserId ? memberName(chart, { kind: 'human', id: human.managerUserId }) : 'nobody';
      if (!human || !team) return `${human?.name ?? 'Someone'} reports outside their team`;
      return `${human.name} reports to ${manager}, not to ${team.name}'s lead ${memberName(chart, team.lead)}`;
    }
    case 'manager-loop': {
      const member = loopMember(chart, issue.id);
      const chain = managerChainBack(chart, member);
      const name = memberName(chart, member);
      if (!chain) return `${name} is in a loop of managers and teams`;
      const words = chain.map(
        (step, index) => `${index === 0 ? 'reports to' : 'who reports to'} ${memberName(chart, step)}`,
      );
      return `Reporting loop: ${name} ${words.join(', ')}`;
    }
    case 'no-admin':
      return 'Nobody is an admin of the company';
  }
}

/** The managers from a member back to itself, when its chain of managers loops through it. */
function managerChainBack(chart: OrgChart, member: MemberRef): MemberRef[] | null {
  const chain: MemberRef[] = [];
  let current = managerOf(chart, member);
  while (current && chain.length <= chart.humans.length + chart.agents.length) {
    chain.push(current);
    if (current.kind === member.kind && current.id === member.id) return chain;
    current = managerOf(chart, current);
  }
  return null;
}

/** What fixes an issue: a change made in one click, or a dialog where a choice is made. */
export type IssueFix =
  | { type: 'report-to-lead'; label: string; userId: string; leadId: string }
  | { type: 'delete-team'; label: string; teamId: string }
  | { type: 'clear-manager'; label: string; member: MemberRef }
  | { type: 'clear-lead'; label: string; teamId: string }
  | { type: 'dialog'; label: string; dialog: FixDialog };

export type FixDialog =
  | { kind: 'make-lead'; teamId: string }
  | { kind: 'set-responsible'; agentId: string }
  | { kind: 'change-manager'; member: MemberRef }
  | { kind: 'make-admin' };

/** The fixes an issue offers, the one-click fix first. */
export function issueFixes(chart: OrgChart, issue: OrgIssue): IssueFix[] {
  const index = chartIndex(chart);
  switch (issue.kind) {
    case 'team-lead':
      return [{ type: 'dialog', label: 'Make team lead…', dialog: { kind: 'make-lead', teamId: issue.id } }];
    case 'team-lead-missing':
      return [
        { type: 'dialog', label: 'Make team lead…', dialog: { kind: 'make-lead', teamId: issue.id } },
        { type: 'clear-lead', label: 'Clear lead', teamId: issue.id },
      ];
    case 'team-empty':
      return [{ type: 'delete-team', label: 'Delete team', teamId: issue.id }];
    case 'agent-no-human':
      return [
        { type: 'dialog', label: 'Set responsible person…', dialog: { kind: 'set-responsible', agentId: issue.id } },
      ];
    case 'manager-outside-team': {
      const human = index.humans.get(issue.id);
      const lead = human?.teamId ? index.teams.get(human.teamId)?.lead : null;
      const change: IssueFix = {
        type: 'dialog',
        label: 'Change manager…',
        dialog: { kind: 'change-manager', member: { kind: 'human', id: issue.id } },
      };
      // A person reports to a person: an agent lead cannot be their manager.
      if (!lead || lead.kind !== 'human' || !index.humans.has(lead.id)) return [change];
      return [
        {
          type: 'report-to-lead',
          label: `Report to ${memberName(chart, lead)}`,
          userId: issue.id,
          leadId: lead.id,
        },
        change,
      ];
    }
    case 'manager-loop':
      return [{ type: 'clear-manager', label: 'Clear manager', member: loopMember(chart, issue.id) }];
    case 'no-admin':
      return [{ type: 'dialog', label: 'Make admin…', dialog: { kind: 'make-admin' } }];
  }
}
