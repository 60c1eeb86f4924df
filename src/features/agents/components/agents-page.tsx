import { useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useMe } from '@/features/auth';
import { AgentsCreditsNotice } from '@/features/credits';
import { Button, PlusIcon, QueryNotice, useDocumentTitle } from '@/ui';
import { useAgentsLive } from '../live';
import { AgentDialog } from './agent-dialog';
import { AgentList } from './agent-list';
import './agents.css';

type AgentsPageProps = {
  query: string;
  showCompleted: boolean;
  onQuery: (query: string) => void;
  onShowCompleted: (value: boolean) => void;
};

/** Agents: the company's agents with their status, team and responsible person; admins add one. */
export function AgentsPage(props: AgentsPageProps) {
  useAgentsLive();
  useDocumentTitle('Agents');
  const me = useMe();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <header className="page-header agents-page-header">
        <div>
          <h1>Agents</h1>
          <p className="muted">The AI agents working in your company, and who is responsible for each.</p>
        </div>
        {me.permissions.manageAgents && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            <PlusIcon /> New agent…
          </Button>
        )}
      </header>
      <AgentsCreditsNotice />
      <Suspense fallback={<QueryNotice status="loading" label="Loading agents…" />}>
        <AgentList {...props} />
      </Suspense>
      {creating && (
        <AgentDialog
          agent={null}
          onClose={() => setCreating(false)}
          onCreated={(agent) => void navigate({ to: '/agents/$agentId', params: { agentId: agent.id } })}
        />
      )}
    </div>
  );
}
