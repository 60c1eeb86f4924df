import { create } from 'zustand';
import type { MemberRef, OrgMove } from './types';

/** Which admin dialog is open, and about what. */
export type OrgDialogRequest =
  | { kind: 'change-manager'; member: MemberRef }
  | { kind: 'move-to-team'; member: MemberRef }
  | { kind: 'make-lead'; teamId: string }
  | { kind: 'set-responsible'; agentId: string }
  | { kind: 'new-team'; parentId?: string | null }
  | { kind: 'rename-team'; teamId: string }
  | { kind: 'nest-team'; teamId: string }
  | { kind: 'delete-team'; teamId: string }
  | { kind: 'make-admin' }
  /** A drop that carries a subtree, asked before it is made. */
  | { kind: 'confirm-move'; move: OrgMove; label: string; notice: string };

type DialogState = { request: OrgDialogRequest | null };

/** The open admin dialog: one at a time, shown by `<OrgAdminDialogs>`. */
export const useOrgDialog = create<DialogState>(() => ({ request: null }));

/** Opens an admin dialog (from a node's menu, a warning's fix, a shortcut). */
export function openOrgDialog(request: OrgDialogRequest) {
  useOrgDialog.setState({ request });
}

export function closeOrgDialog() {
  useOrgDialog.setState({ request: null });
}
