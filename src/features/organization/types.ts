/**
 * The organization chart payload (`GET /organization/chart`, and the answer of every organization
 * write), from the contract. A node's `key` is `${kind}:${id}`.
 */
import type { OrgIssue } from '@/api';

export type { ChartNode, MemberRef, OrgChart } from '@/api';
export type OrgIssueKind = OrgIssue['kind'];
