export { OrganizationPage } from './organization-page';
export { orgQueries } from './queries';
export type { ChartNode, MemberRef, OrgChart, OrgIssueKind } from './types';
