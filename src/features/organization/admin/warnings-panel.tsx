import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/ui';
import { openOrgDialog } from './dialog-store';
import { describeIssue, type IssueFix, issueFixes, issueKey } from './issues';
import { useDeleteTeam, useMoveMember, useSetTeamLead, useUpdateOrgHuman } from './mutations';
import type { OrgChart, OrgIssue } from './types';
import './admin.css';

const issueId = (issue: OrgIssue) => `${issue.kind}:${issue.id}`;

/**
 * "Structure warnings": every issue of the chart in words, a button that shows its node on the
 * chart (`onShowNode(key)`, key `kind:id`), and its fix one click away — made at once when it needs
 * no choice ("Report to Linus Berg", "Delete team", "Clear manager"), else the dialog where the
 * choice is made. Fixes are offered to those who may edit (`chart.canEdit`).
 */
export function StructureWarnings({ chart, onShowNode }: { chart: OrgChart; onShowNode: (key: string) => void }) {
  const headingId = useId();
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const human = useUpdateOrgHuman();
  const deleteTeam = useDeleteTeam();
  const setLead = useSetTeamLead();
  const { move, isPending: moving } = useMoveMember();
  const [pending, setPending] = useState<{ id: string; index: number } | null>(null);
  /** The fix whose warning has gone and focus has moved on from. */
  const refocused = useRef<typeof pending>(null);

  // A fixed warning leaves the list: focus goes to the one that took its place (or the heading),
  // not to the page's body.
  const ids = chart.issues.map(issueId).join('|');
  useEffect(() => {
    if (!pending || refocused.current === pending || chart.issues.some((issue) => issueId(issue) === pending.id))
      return;
    refocused.current = pending;
    const rows = list.current?.querySelectorAll<HTMLElement>('[data-issue]') ?? [];
    const next = rows[Math.min(pending.index, rows.length - 1)];
    (next?.querySelector<HTMLElement>('button') ?? heading.current)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the set of issues changes
  }, [ids]);

  function runFix(fix: IssueFix, issue: OrgIssue, index: number) {
    if (fix.type === 'dialog') {
      openOrgDialog(fix.dialog);
      return;
    }
    setPending({ id: issueId(issue), index });
    // A refused fix leaves the warning where it is (the toast says why): nothing to refocus.
    const done = { onError: () => setPending(null) };
    switch (fix.type) {
      case 'report-to-lead':
        human.mutate({ userId: fix.userId, managerUserId: fix.leadId }, done);
        return;
      case 'delete-team':
        deleteTeam.mutate({ teamId: fix.teamId }, done);
        return;
      case 'clear-lead':
        setLead.mutate({ teamId: fix.teamId, lead: null }, done);
        return;
      case 'clear-manager':
        move({ member: fix.member, manager: null }, done);
        return;
    }
  }

  const busy = human.isPending || deleteTeam.isPending || setLead.isPending || moving;

  return (
    <section className="org-warnings" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="org-warnings-title">
        Structure warnings
        {chart.issues.length > 0 && <span className="org-warnings-count"> ({chart.issues.length})</span>}
      </h2>
      {chart.issues.length === 0 ? (
        <p className="muted">No warnings: every team has a lead and everyone has a place.</p>
      ) : (
        <ul ref={list} className="org-warnings-list">
          {chart.issues.map((issue, index) => {
            const textId = `${headingId}-${index}`;
            const key = issueKey(chart, issue);
            const fixes = chart.canEdit ? issueFixes(chart, issue) : [];
            return (
              <li key={issueId(issue)} data-issue={issue.kind} className="org-warning">
                <span id={textId} className="org-warning-text">
                  {describeIssue(chart, issue)}
                </span>
                <span className="org-warning-actions">
                  {key && (
                    <Button size="small" variant="ghost" aria-describedby={textId} onClick={() => onShowNode(key)}>
                      Show on chart
                    </Button>
                  )}
                  {fixes.map((fix) => (
                    <Button
                      key={fix.label}
                      size="small"
                      variant={fix === fixes[0] ? 'primary' : 'secondary'}
                      aria-describedby={textId}
                      busy={busy && pending?.id === issueId(issue) && fix.type !== 'dialog'}
                      onClick={() => runFix(fix, issue, index)}
                    >
                      {fix.label}
                    </Button>
                  ))}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
