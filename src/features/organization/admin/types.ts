/** The chart's types (the feature's, see `../types.ts`) and the ones the admin editing adds. */
import type { ChartNode, MemberRef, OrgChart } from '../types';

export type { ChartNode, MemberRef, OrgChart, OrgIssueKind } from '../types';

export type OrgIssue = OrgChart['issues'][number];
export type OrgTeam = OrgChart['teams'][number];
export type OrgAgent = OrgChart['agents'][number];
export type OrgHuman = OrgChart['humans'][number];

/** A manager or team change of one person or agent (a drag, or the keyboard dialogs). */
export type OrgMove = {
  member: MemberRef;
  /** The new manager (a person's manager is always a person); `null` clears it; absent keeps it. */
  manager?: MemberRef | null;
  /** The new team; `null` leaves every team; absent keeps it. */
  teamId?: string | null;
};

export const nodeKey = (kind: ChartNode['kind'], id: string) => `${kind}:${id}`;
