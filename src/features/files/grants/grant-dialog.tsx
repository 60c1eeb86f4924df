import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage, type FileGrant, type FileNode, type Member } from '@/api';
import { useMe } from '@/features/auth';
import { memberQueries } from '@/features/members';
import { fold } from '@/lib/fold';
import { Avatar, Button, Dialog, FormError, QueryNotice, TextField } from '@/ui';
import { grantQueries, useGrantFile, useRevokeGrant } from './queries';
import './grants.css';

export type GrantDialogProps = {
  node: Pick<FileNode, 'id' | 'name' | 'type' | 'author'>;
  onClose: () => void;
};

/**
 * Who among the company's agents may read a file or folder: the grants that reach it (on it,
 * revocable here, or on a folder above it, shown as such), and the agents to grant it to, with a
 * filter. Only the node's author and company admins may change grants; the server says so to
 * anyone else (403), and so does this dialog before they try.
 */
export function GrantDialog({ node, onClose }: GrantDialogProps) {
  const isFolder = node.type === 'folder';
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Share “${node.name}” with agents`}
      description={
        isFolder
          ? 'Agents you grant can read this folder and everything in it, now and later.'
          : 'Agents you grant can read this file.'
      }
      size="wide"
    >
      <GrantDialogBody node={node} />
      <div className="dialog-actions">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}

function GrantDialogBody({ node }: { node: GrantDialogProps['node'] }) {
  const me = useMe();
  const grants = useQuery(grantQueries.forNode(node.id));
  const members = useQuery(memberQueries.list());
  const grant = useGrantFile(node.id);
  const revoke = useRevokeGrant(node.id);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const body = useRef<HTMLDivElement>(null);
  const accessId = useId();
  const agentsId = useId();
  // Back to the filter after a change: the button that was pressed has moved to the other list.
  const focusSearch = () => body.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  const canChange = node.author.userId === me.user.id || me.permissions.manageCompanyFiles;

  const handleGrant = (agent: Member) => {
    if (grant.isPending) return;
    setError(undefined);
    grant.mutate(agent.id, {
      onSuccess: () => {
        setAnnouncement(`${agent.name} can now read “${node.name}”.`);
        focusSearch();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  const handleRevoke = (existing: FileGrant) => {
    if (revoke.isPending) return;
    setError(undefined);
    revoke.mutate(existing, {
      onSuccess: () => {
        setAnnouncement(`${existing.agent.name} can no longer read “${node.name}”.`);
        focusSearch();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  // The dialog focuses its first field when it opens; the filter arrives with the data.
  const loaded = grants.isSuccess && members.isSuccess;
  useEffect(() => {
    if (loaded) focusSearch();
  }, [loaded]);

  if (grants.isPending || members.isPending) return <QueryNotice status="loading" label="Loading agents…" />;
  if (grants.isError || members.isError) {
    const failed = grants.isError ? grants : members;
    return <QueryNotice status="error" message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />;
  }

  const direct = grants.data.filter((existing) => existing.nodeId === node.id);
  const inherited = grants.data.filter((existing) => existing.nodeId !== node.id);
  const directAgents = new Set(direct.map((existing) => existing.agentId));
  const viaFolder = new Map(inherited.map((existing) => [existing.agentId, existing.node.name]));
  const agents = members.data.filter((member) => member.kind === 'agent');
  const needle = fold(query.trim());
  const candidates = agents.filter(
    (agent) => !directAgents.has(agent.id) && (!needle || fold(`${agent.name} ${agent.title}`).includes(needle)),
  );

  return (
    <div ref={body} className="stack grant-dialog">
      {!canChange && (
        <p className="notice" role="note">
          Only the person who {node.type === 'folder' ? 'created' : 'uploaded'} it ({node.author.name}) and company
          admins can change who has access.
        </p>
      )}
      {error && <FormError message={error} />}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <section aria-labelledby={accessId} className="stack grant-section">
        <h3 id={accessId}>Agents with access</h3>
        {grants.data.length === 0 ? (
          <p className="muted">No agent can read it yet.</p>
        ) : (
          <ul className="grant-list" aria-label="Agents with access">
            {direct.map((existing) => (
              <li key={existing.id} className="grant-row">
                <AgentLabel name={existing.agent.name} detail={statusLabel(existing.agent.status)} />
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Revoke access for ${existing.agent.name}`}
                  aria-busy={(revoke.isPending && revoke.variables?.id === existing.id) || undefined}
                  disabled={!canChange}
                  onClick={() => handleRevoke(existing)}
                >
                  Revoke
                </Button>
              </li>
            ))}
            {inherited.map((existing) => (
              <li key={existing.id} className="grant-row">
                <AgentLabel name={existing.agent.name} detail={statusLabel(existing.agent.status)} />
                <span className="muted grant-via">via {existing.node.name}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={agentsId} className="stack grant-section">
        <h3 id={agentsId}>Grant to an agent</h3>
        <TextField
          label="Find an agent"
          type="search"
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        {agents.length === 0 ? (
          <p className="muted">Your company has no agents yet.</p>
        ) : candidates.length === 0 ? (
          <p className="muted" role="status">
            {needle ? `No agents match “${query.trim()}”.` : 'Every agent already has access.'}
          </p>
        ) : (
          <ul className="grant-list grant-candidates" aria-label="Agents">
            {candidates.map((agent) => (
              <CandidateRow
                key={agent.id}
                agent={agent}
                via={viaFolder.get(agent.id)}
                canChange={canChange}
                busy={grant.isPending && grant.variables === agent.id}
                onGrant={() => handleGrant(agent)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const statusLabel = (status: Member['status']) =>
  status === 'completed' ? 'Completed' : status === 'paused' ? 'Paused' : undefined;

function AgentLabel({ name, detail }: { name: string; detail?: string }) {
  return (
    <span className="grant-agent">
      <Avatar name={name} kind="agent" size={28} />
      <span className="grant-agent-text">
        <strong>{name}</strong>
        {detail && <span className="muted">{detail}</span>}
      </span>
    </span>
  );
}

function CandidateRow({
  agent,
  via,
  canChange,
  busy,
  onGrant,
}: {
  agent: Member;
  via: string | undefined;
  canChange: boolean;
  busy: boolean;
  onGrant: () => void;
}) {
  const reasonId = useId();
  const completed = agent.status === 'completed';
  const details = [agent.title, statusLabel(agent.status)].filter(Boolean).join(' · ');
  return (
    <li className="grant-row">
      <AgentLabel name={agent.name} detail={details || undefined} />
      {completed ? (
        <span id={reasonId} className="muted grant-via">
          Completed agents take no more work
        </span>
      ) : via ? (
        <span id={reasonId} className="muted grant-via">
          Has access via {via}
        </span>
      ) : null}
      <Button
        size="small"
        aria-label={`Grant access to ${agent.name}`}
        aria-describedby={completed || via ? reasonId : undefined}
        aria-busy={busy || undefined}
        disabled={completed || !canChange}
        onClick={onGrant}
      >
        Grant
      </Button>
    </li>
  );
}
