import { ConfirmDialog } from '@/ui';
import { closeOrgDialog, openOrgDialog, useOrgDialog } from './dialog-store';
import type { DropPlan } from './drop';
import { chartIndex } from './model';
import {
  ChangeManagerDialog,
  MakeAdminDialog,
  MakeLeadDialog,
  MoveToTeamDialog,
  SetResponsibleDialog,
} from './member-dialogs';
import { useMoveMember, useSetTeamLead, useUpdateTeam } from './mutations';
import { DeleteTeamDialog, NestTeamDialog, NewTeamDialog, RenameTeamDialog } from './team-dialogs';
import type { OrgChart } from './types';
import './admin.css';

/**
 * The admin dialogs of the organization page: renders the one `openOrgDialog` asked for. Mount it
 * once beside the chart, for admins (`chart.canEdit`).
 */
export function OrgAdminDialogs({ chart }: { chart: OrgChart }) {
  const request = useOrgDialog((state) => state.request);
  const { move } = useMoveMember();
  if (!request || !chart.canEdit) return null;
  const props = { chart, onClose: closeOrgDialog };
  switch (request.kind) {
    case 'change-manager':
      return <ChangeManagerDialog {...props} member={request.member} />;
    case 'move-to-team':
      return <MoveToTeamDialog {...props} member={request.member} />;
    case 'set-responsible':
      return <SetResponsibleDialog {...props} agentId={request.agentId} />;
    case 'make-lead':
      return <MakeLeadDialog {...props} teamId={request.teamId} />;
    case 'make-admin':
      return <MakeAdminDialog {...props} />;
    case 'new-team':
      return <NewTeamDialog {...props} parentId={request.parentId} />;
    case 'rename-team':
      return <RenameTeamDialog {...props} teamId={request.teamId} />;
    case 'nest-team':
      return <NestTeamDialog {...props} teamId={request.teamId} />;
    case 'delete-team':
      return <DeleteTeamDialog {...props} teamId={request.teamId} />;
    case 'confirm-move':
      return (
        <ConfirmDialog
          open
          title={`${request.label}?`}
          description={request.notice}
          confirmLabel={request.label}
          tone="primary"
          onCancel={closeOrgDialog}
          onConfirm={() => {
            closeOrgDialog();
            move(request.move);
          }}
        />
      );
  }
}

/**
 * Applies what a drop planned (see `planDrop`): a move that carries people or agents along asks
 * first; the rest happens at once (moves show before the server answers).
 */
export function useApplyDrop() {
  const { move } = useMoveMember();
  const nest = useUpdateTeam();
  const lead = useSetTeamLead();
  return (plan: DropPlan) => {
    if (!plan.ok) return;
    if (plan.type === 'move') {
      if (plan.subtree)
        openOrgDialog({ kind: 'confirm-move', move: plan.move, label: plan.label, notice: plan.subtree });
      else move(plan.move);
    } else if (plan.type === 'nest') nest.mutate({ teamId: plan.teamId, parentId: plan.parentId });
    else lead.mutate({ teamId: plan.teamId, lead: plan.lead });
  };
}

/** One item of a node's admin menu. */
export type NodeAdminAction = { id: string; label: string; run: () => void };

/**
 * The admin actions of a chart node (`kind:id`) for its menu: each opens the dialog that does it.
 * Empty for someone who cannot edit.
 */
export function nodeAdminActions(chart: OrgChart, key: string): NodeAdminAction[] {
  if (!chart.canEdit) return [];
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  const id = key.slice(at + 1);
  const index = chartIndex(chart);
  if (kind === 'team' && index.teams.has(id))
    return [
      { id: 'make-lead', label: 'Make team lead…', run: () => openOrgDialog({ kind: 'make-lead', teamId: id }) },
      { id: 'rename-team', label: 'Rename team…', run: () => openOrgDialog({ kind: 'rename-team', teamId: id }) },
      { id: 'nest-team', label: 'Nest under…', run: () => openOrgDialog({ kind: 'nest-team', teamId: id }) },
      { id: 'new-team', label: 'New team inside…', run: () => openOrgDialog({ kind: 'new-team', parentId: id }) },
      { id: 'delete-team', label: 'Delete team…', run: () => openOrgDialog({ kind: 'delete-team', teamId: id }) },
    ];
  if (kind !== 'human' && kind !== 'agent') return [];
  if (kind === 'human' ? !index.humans.has(id) : !index.agents.has(id)) return [];
  const member = { kind, id } as const;
  const actions: NodeAdminAction[] = [
    {
      id: 'change-manager',
      label: kind === 'human' ? 'Change manager…' : 'Change responsible member…',
      run: () => openOrgDialog({ kind: 'change-manager', member }),
    },
    { id: 'move-to-team', label: 'Move to team…', run: () => openOrgDialog({ kind: 'move-to-team', member }) },
  ];
  if (kind === 'agent')
    actions.push({
      id: 'set-responsible',
      label: 'Set responsible person…',
      run: () => openOrgDialog({ kind: 'set-responsible', agentId: id }),
    });
  return actions;
}
