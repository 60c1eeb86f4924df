import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api';
import { planDrop } from './drop';
import { describeIssue, issueFixes, issueKey } from './issues';
import { subtreeNotice } from './model';
import { managerOptions } from './options';
import { describeLoop, refusalMessage } from './refusal';
import { testChart } from './test-chart';
import type { OrgChart, OrgIssue } from './types';

/** The test chart with the issues the server would report for `changes`. */
function withIssues(issues: OrgIssue[], change: (chart: OrgChart) => void = () => {}) {
  const chart = testChart();
  chart.issues = issues;
  change(chart);
  return chart;
}

describe('structure warnings in words', () => {
  it('says every kind of issue', () => {
    const chart = withIssues([], (chart) => {
      chart.humans.find((human) => human.id === 'max')!.managerUserId = 'priya';
    });
    const said = (issue: OrgIssue) => describeIssue(chart, issue);
    expect(said({ kind: 'team-lead', id: 'design' })).toBe('Design has no lead');
    expect(said({ kind: 'team-lead-missing', id: 'design' })).toBe('Design: its lead has left the company');
    expect(said({ kind: 'team-empty', id: 'design' })).toBe('Design has no people or agents');
    expect(said({ kind: 'agent-no-human', id: 'stray' })).toBe('Stray: nobody is responsible');
    expect(said({ kind: 'manager-outside-team', id: 'max' })).toBe(
      "Max Mustermann reports to Priya Raman, not to Platform's lead Linus Berg",
    );
    expect(said({ kind: 'manager-loop', id: 'max' })).toBe('Max Mustermann is in a loop of managers and teams');
    chart.humans.find((human) => human.id === 'priya')!.managerUserId = 'max';
    expect(describeIssue(chart, { kind: 'manager-loop', id: 'max' })).toBe(
      'Reporting loop: Max Mustermann reports to Priya Raman, who reports to Max Mustermann',
    );
    expect(said({ kind: 'no-admin', id: 'company' })).toBe('Nobody is an admin of the company');
  });

  it('points at the node of each issue', () => {
    const chart = testChart();
    expect(issueKey(chart, { kind: 'team-lead', id: 'design' })).toBe('team:design');
    expect(issueKey(chart, { kind: 'agent-no-human', id: 'stray' })).toBe('agent:stray');
    expect(issueKey(chart, { kind: 'manager-loop', id: 'triage' })).toBe('agent:triage');
    expect(issueKey(chart, { kind: 'manager-loop', id: 'max' })).toBe('human:max');
    expect(issueKey(chart, { kind: 'no-admin', id: 'company' })).toBeNull();
  });

  it('offers a one-click fix where no choice is needed, a dialog where one is', () => {
    const chart = withIssues([], (chart) => {
      chart.humans.find((human) => human.id === 'max')!.managerUserId = 'priya';
    });
    const first = (issue: OrgIssue) => issueFixes(chart, issue)[0];
    expect(first({ kind: 'manager-outside-team', id: 'max' })).toEqual({
      type: 'report-to-lead',
      label: 'Report to Linus Berg',
      userId: 'max',
      leadId: 'linus',
    });
    expect(first({ kind: 'team-empty', id: 'design' })).toMatchObject({ type: 'delete-team', label: 'Delete team' });
    expect(first({ kind: 'manager-loop', id: 'max' })).toMatchObject({
      type: 'clear-manager',
      member: { kind: 'human', id: 'max' },
    });
    expect(first({ kind: 'team-lead', id: 'design' })).toMatchObject({
      label: 'Make team lead…',
      dialog: { kind: 'make-lead', teamId: 'design' },
    });
    expect(first({ kind: 'agent-no-human', id: 'stray' })).toMatchObject({
      label: 'Set responsible person…',
      dialog: { kind: 'set-responsible', agentId: 'stray' },
    });
    expect(issueFixes(chart, { kind: 'team-lead-missing', id: 'design' }).map((fix) => fix.label)).toEqual([
      'Make team lead…',
      'Clear lead',
    ]);
  });

  it('asks to change the manager when the lead of the team is an agent', () => {
    const chart = withIssues([], (chart) => {
      chart.teams.find((team) => team.id === 'platform')!.lead = { kind: 'agent', id: 'triage' };
    });
    expect(issueFixes(chart, { kind: 'manager-outside-team', id: 'max' })[0]).toMatchObject({
      type: 'dialog',
      label: 'Change manager…',
    });
  });
});

describe('refusals in words', () => {
  it('puts a loop of people into a sentence', () => {
    expect(
      describeLoop([
        { kind: 'human', id: 'linus', name: 'Linus Berg' },
        { kind: 'human', id: 'max', name: 'Max Mustermann' },
      ]),
    ).toBe('That would make a loop: Linus Berg would report to Max Mustermann, who reports to Linus Berg.');
    expect(
      describeLoop([
        { kind: 'human', id: 'linus', name: 'Linus Berg' },
        { kind: 'team', id: 'platform', name: 'Platform' },
        { kind: 'human', id: 'max', name: 'Max Mustermann' },
      ]),
    ).toBe(
      'That would make a loop: Linus Berg would be in Platform, which is led by Max Mustermann, who reports to Linus Berg.',
    );
  });

  it('puts a loop of teams into a sentence, the team being nested first', () => {
    // The server's path for nesting Design under Platform: from the new parent up to Design.
    expect(
      describeLoop([
        { kind: 'team', id: 'platform', name: 'Platform' },
        { kind: 'team', id: 'design', name: 'Design' },
      ]),
    ).toBe('That would make a loop: Design would be inside Platform, which is inside Design.');
  });

  it('names the agent nobody is responsible for', () => {
    const error = new ApiError(409, 'Nobody is responsible for Stray: …', 'ORG_NO_HUMAN_MANAGER');
    expect(refusalMessage(error, { agentName: 'Stray' })).toBe(
      'Nobody is responsible for Stray: set a responsible person first.',
    );
    expect(refusalMessage(error)).toBe('Nobody is responsible for Stray: …');
    const loop = new ApiError(400, 'This change would make a loop: A → B → A', 'ORG_LOOP', [], undefined, {
      path: [
        { kind: 'human', id: 'a', name: 'A' },
        { kind: 'human', id: 'b', name: 'B' },
      ],
    });
    expect(refusalMessage(loop)).toBe('That would make a loop: A would report to B, who reports to A.');
    expect(refusalMessage(new ApiError(409, 'Grace is the last admin', 'ORG_LAST_ADMIN'))).toBe(
      'Grace is the last admin',
    );
  });
});

describe('drops and pickers', () => {
  it('plans each kind of drop, and refuses the ones that cannot be', () => {
    const chart = testChart();
    expect(planDrop(chart, 'human:max', 'human:priya')).toMatchObject({
      ok: true,
      label: 'Make Max Mustermann report to Priya Raman',
      move: { member: { kind: 'human', id: 'max' }, manager: { kind: 'human', id: 'priya' } },
      subtree: null,
    });
    expect(planDrop(chart, 'human:max', 'team:operations')).toMatchObject({
      ok: true,
      label: 'Move Max Mustermann to Operations',
      move: { teamId: 'operations' },
    });
    expect(planDrop(chart, 'team:design', 'team:platform')).toMatchObject({
      ok: true,
      type: 'nest',
      label: 'Nest Design under Platform',
    });
    expect(planDrop(chart, 'team:design', 'agent:stray')).toEqual({
      ok: false,
      reason: 'Nobody is responsible for Stray: set a responsible person first.',
    });
    expect(planDrop(chart, 'team:design', 'agent:cafebot')).toMatchObject({
      ok: true,
      type: 'lead',
      label: 'Make Cafébot lead of Design',
    });
    expect(planDrop(chart, 'agent:cafebot', 'agent:triage')).toMatchObject({
      ok: true,
      label: 'Make Triage responsible for Cafébot',
    });
    expect(planDrop(chart, 'human:max', 'agent:triage')).toMatchObject({ ok: false });
    expect(planDrop(chart, 'human:grace', 'human:max')).toEqual({
      ok: false,
      reason: 'Max Mustermann is under Grace Hopper: that would make a loop.',
    });
    expect(planDrop(chart, 'human:max', 'human:linus')).toMatchObject({ ok: false });
    expect(planDrop(chart, 'agent:cafebot', 'agent:stray')).toEqual({
      ok: false,
      reason: 'Nobody is responsible for Stray: set a responsible person first.',
    });
  });

  it('asks before a move that carries people along', () => {
    const chart = testChart();
    const plan = planDrop(chart, 'human:linus', 'human:zoe');
    expect(plan).toMatchObject({
      ok: true,
      subtree: 'Moving Linus Berg also moves the 2 people and 1 agent under them.',
    });
    expect(subtreeNotice(chart, { kind: 'human', id: 'max' })).toBeNull();
  });

  it('lists those under a member as managers that would make a loop', () => {
    const options = managerOptions(testChart(), { kind: 'human', id: 'grace' });
    expect(options[0]).toMatchObject({ value: 'none', label: 'No manager' });
    expect(options.find((option) => option.value === 'human:max')).toMatchObject({ disabled: true });
    expect(options.find((option) => option.value === 'human:ada')).toMatchObject({ current: true });
    expect(options.some((option) => option.value === 'human:grace')).toBe(false);
    expect(options.some((option) => option.value.startsWith('agent:'))).toBe(false);
  });
});
