import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  api,
  errorMessage,
  unwrap,
  type Agent,
  type AgentToken,
  type CreateAgentRequest,
  type UpdateAgentRequest,
} from '@/api';
import { teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';
import { useRevokeCredential } from '@/features/credentials';
import { toast } from '@/ui';
import { agentQueries } from './queries';

type AgentStatus = Agent['status'];

/** The organization feature's key: its chart shows agents, their teams and who is responsible. */
const ORGANIZATION_KEY = ['organization'] as const;

/** Puts the server's version of an agent in its profile and in the list. */
function applyAgent(queryClient: QueryClient, agent: Agent) {
  queryClient.setQueryData(agentQueries.detail(agent.id).queryKey, agent);
  queryClient.setQueryData(agentQueries.list().queryKey, (list) =>
    list
      ? list.some((item) => item.id === agent.id)
        ? list.map((item) => (item.id === agent.id ? agent : item))
        : [...list, agent].sort((a, b) => a.name.localeCompare(b.name))
      : list,
  );
}

/** After an agent changed: the lists elsewhere that show agents (pickers, directory, chart). */
function refreshAgentViews(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: agentQueries.list().queryKey });
  void queryClient.invalidateQueries({ queryKey: memberQueries.all });
  void queryClient.invalidateQueries({ queryKey: teamQueries.all });
  void queryClient.invalidateQueries({ queryKey: ORGANIZATION_KEY });
}

/** Creates an agent (admins). Errors stay with the caller: the dialog shows them by its fields. */
export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgentRequest) => unwrap(api.POST('/agents', { body })),
    onSuccess: (agent) => {
      applyAgent(queryClient, agent);
      toast('success', `Created ${agent.name}`);
    },
    onSettled: () => refreshAgentViews(queryClient),
  });
}

/** Changes an agent's profile (admins): only the fields given. Errors stay with the dialog. */
export function useUpdateAgent(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAgentRequest) =>
      unwrap(api.PATCH('/agents/{agentId}', { params: { path: { agentId } }, body })),
    onSuccess: (agent) => {
      applyAgent(queryClient, agent);
      toast('success', `Saved ${agent.name}`);
    },
    onSettled: () => refreshAgentViews(queryClient),
  });
}

const statusNews: Record<AgentStatus, (name: string) => [string, string]> = {
  active: (name) => [`${name} is active`, 'It takes new chats and cards again.'],
  paused: (name) => [`Paused ${name}`, 'It takes no new work until it is resumed.'],
  completed: (name) => [`${name} is completed`, 'It takes no more work. Its history stays.'],
};

/**
 * Pauses, resumes or completes an agent (admins). Shown at once; a refusal puts the old status
 * back and says why.
 */
export function useSetAgentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agent, status }: { agent: Agent; status: AgentStatus }) =>
      unwrap(api.PUT('/agents/{agentId}/status', { params: { path: { agentId: agent.id } }, body: { status } })),
    onMutate: async ({ agent, status }) => {
      await queryClient.cancelQueries({ queryKey: agentQueries.agent(agent.id) });
      applyAgent(queryClient, { ...agent, status, archived: status === 'completed' });
    },
    onSuccess: (agent, { status }) => {
      applyAgent(queryClient, agent);
      toast('success', ...statusNews[status](agent.name));
    },
    onError: (error, { agent }) => {
      applyAgent(queryClient, agent);
      toast('error', `Could not change the status of ${agent.name}`, errorMessage(error));
    },
    onSettled: (_agent, _error, { agent }) => {
      void queryClient.invalidateQueries({ queryKey: agentQueries.detail(agent.id).queryKey });
      refreshAgentViews(queryClient);
    },
  });
}

/** Mints a token; the secret comes back in the result only and never enters the cache. */
export function useCreateAgentToken(agentId: string) {
  const queryClient = useQueryClient();
  const listKey = agentQueries.tokens(agentId).queryKey;
  return useMutation({
    mutationFn: (body: { name: string; expiresInDays?: 30 | 90 | 365 }) =>
      unwrap(api.POST('/agents/{agentId}/tokens', { params: { path: { agentId } }, body })),
    onSuccess: ({ secret: _secret, ...token }) => {
      queryClient.setQueryData(listKey, (tokens) => [token, ...(tokens ?? []).filter((item) => item.id !== token.id)]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** Revokes a token: shown revoked at once, as it was again if the server refuses. */
export function useRevokeAgentToken(agentId: string) {
  return useRevokeCredential({
    listKey: agentQueries.tokens(agentId).queryKey,
    revoke: (token: AgentToken) =>
      unwrap(api.DELETE('/agents/{agentId}/tokens/{tokenId}', { params: { path: { agentId, tokenId: token.id } } })),
    revoked: 'mark',
    revokedDetail: 'A runner using it can no longer act as the agent.',
  });
}
