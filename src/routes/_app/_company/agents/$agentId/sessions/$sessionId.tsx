import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api';
import { agentChatQueries, Conversation } from '@/features/agent-chat';

/** One conversation with an agent. */
export const Route = createFileRoute('/_app/_company/agents/$agentId/sessions/$sessionId')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    const { agentId, sessionId } = params;
    try {
      await Promise.all([
        queryClient.ensureQueryData(agentChatQueries.agent(agentId)),
        queryClient.ensureQueryData(agentChatQueries.session(agentId, sessionId)),
        queryClient.ensureQueryData(agentChatQueries.messages(agentId, sessionId)),
      ]);
    } catch (error) {
      // Someone else's conversation answers 404, exactly like one that does not exist.
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  component: ConversationRoute,
});

function ConversationRoute() {
  const { agentId, sessionId } = Route.useParams();
  return <Conversation key={sessionId} agentId={agentId} sessionId={sessionId} />;
}
