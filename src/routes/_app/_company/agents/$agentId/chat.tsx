import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api';
import { agentChatQueries, NewConversation } from '@/features/agent-chat';

/** A new conversation with an agent: the composer; the first message opens the session. */
export const Route = createFileRoute('/_app/_company/agents/$agentId/chat')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(agentChatQueries.agent(params.agentId));
    } catch (error) {
      // An agent that does not exist or is another company's (a malformed id answers 400).
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  component: NewChatRoute,
});

function NewChatRoute() {
  const { agentId } = Route.useParams();
  return <NewConversation key={agentId} agentId={agentId} />;
}
