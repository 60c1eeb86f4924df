/** Admin editing of the organization: write hooks, dialogs, drops and the structure warnings. */
export {
  findNewTeam,
  useCreateTeam,
  useDeleteTeam,
  useMoveMember,
  useRemoveMember,
  useSetMemberRole,
  useSetTeamLead,
  useUpdateOrgAgent,
  useUpdateOrgHuman,
  useUpdateTeam,
  type CreateTeamInput,
  type OrgWriteHookOptions,
  type UpdateOrgAgentInput,
  type UpdateOrgHumanInput,
  type UpdateTeamInput,
} from './mutations';
export { closeOrgDialog, openOrgDialog, useOrgDialog, type OrgDialogRequest } from './dialog-store';
export { OrgAdminDialogs, nodeAdminActions, useApplyDrop, type NodeAdminAction } from './org-admin-dialogs';
export { planDrop, type DropPlan } from './drop';
export { applyMove } from './optimistic';
export { describeIssue, issueFixes, issueKey, type IssueFix } from './issues';
export { describeLoop, refusalMessage } from './refusal';
export { StructureWarnings } from './warnings-panel';
export type { OrgMove } from './types';
