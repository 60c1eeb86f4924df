import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage } from '@/api';
import { ChatCreditsNotice } from '@/features/credits';
import { QueryNotice, useDocumentTitle } from '@/ui';
import { newChatDraftKey } from '../drafts';
import { useCreateSession } from '../mutations';
import { agentChatQueries } from '../queries';
import { unavailableReason } from '../status';
import { ChatComposer } from './chat-composer';
import './agent-chat.css';

/**
 * A conversation not started yet: only the composer. The first message opens the session and
 * the page becomes that conversation (replacing this one in the history, so Back does not return
 * to an empty composer).
 */
export function NewConversation({ agentId }: { agentId: string }) {
  const agentQuery = useQuery(agentChatQueries.agent(agentId));
  const create = useCreateSession(agentId);
  const navigate = useNavigate();
  const agent = agentQuery.data;
  useDocumentTitle(agent ? `New conversation · ${agent.name}` : 'New conversation');

  if (!agent) {
    return agentQuery.error ? (
      <QueryNotice status="error" message={errorMessage(agentQuery.error)} onRetry={() => void agentQuery.refetch()} />
    ) : (
      <QueryNotice status="loading" label="Loading agent…" />
    );
  }

  return (
    <div className="agent-chat">
      <header className="agent-chat-header">
        <p className="agent-chat-context muted">
          <Link to="/agents/$agentId" params={{ agentId }}>
            {agent.name}
          </Link>
          {agent.role && <> · {agent.role}</>}
        </p>
        <h1>New conversation with {agent.name}</h1>
        {agent.description && <p className="muted">{agent.description}</p>}
      </header>
      <ChatCreditsNotice agentName={agent.name} />
      <div className="agent-chat-composer">
        <ChatComposer
          draftKey={newChatDraftKey(agentId)}
          label={`Message ${agent.name}`}
          pending={create.isPending}
          error={create.error}
          disabledReason={unavailableReason(agent)}
          autoFocus
          onSend={(text, sent) =>
            create.mutate(text, {
              onSuccess: ({ session }) => {
                sent();
                void navigate({
                  to: '/agents/$agentId/sessions/$sessionId',
                  params: { agentId, sessionId: session.id },
                  replace: true,
                });
              },
            })
          }
        />
      </div>
    </div>
  );
}
