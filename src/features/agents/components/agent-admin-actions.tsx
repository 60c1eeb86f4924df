import { useState } from 'react';
import { Button, ConfirmDialog } from '@/ui';
import { useSetAgentStatus } from '../mutations';
import type { Agent } from '@/api';
import { AgentDialog } from './agent-dialog';

/** Edit, Pause / Resume and Mark completed (asked first): for admins only. */
export function AgentAdminActions({ agent }: { agent: Agent }) {
  const [editing, setEditing] = useState(false);
  const [completing, setCompleting] = useState(false);
  const setStatus = useSetAgentStatus();
  const busy = setStatus.isPending;
  return (
    <div className="row agent-admin-actions">
      <Button onClick={() => setEditing(true)}>Edit…</Button>
      {agent.status === 'active' && (
        <Button busy={busy} onClick={() => setStatus.mutate({ agent, status: 'paused' })}>
          Pause
        </Button>
      )}
      {agent.status === 'paused' && (
        <Button busy={busy} onClick={() => setStatus.mutate({ agent, status: 'active' })}>
          Resume
        </Button>
      )}
      {agent.status === 'completed' ? (
        <Button busy={busy} onClick={() => setStatus.mutate({ agent, status: 'active' })}>
          Reactivate
        </Button>
      ) : (
        <Button onClick={() => setCompleting(true)}>Mark completed…</Button>
      )}
      {editing && <AgentDialog agent={agent} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={completing}
        title={`Mark ${agent.name} completed?`}
        description={`${agent.name} takes no more chats or cards, and leaves the list of agents (it stays under “Show completed”). Its conversations and history stay. An admin can reactivate it.`}
        confirmLabel="Mark completed"
        tone="primary"
        onCancel={() => setCompleting(false)}
        onConfirm={() => {
          setCompleting(false);
          setStatus.mutate({ agent, status: 'completed' });
        }}
      />
    </div>
  );
}
