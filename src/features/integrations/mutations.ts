import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  api,
  errorMessage,
  unwrap,
  type CreateIntegrationConnection,
  type CreateIntegrationGrant,
  type IntegrationConnection,
  type IntegrationGrantWithConnection,
  type UpdateIntegrationConnection,
} from '@/api';
import { toast } from '@/ui';
import { integrationQueries } from './queries';

/** Puts the server's version of a connection in the list, kept by display name. */
function applyConnection(queryClient: QueryClient, connection: IntegrationConnection) {
  queryClient.setQueryData(integrationQueries.connections().queryKey, (list) =>
    list
      ? [...list.filter((item) => item.id !== connection.id), connection].sort((a, b) =>
          a.displayName.localeCompare(b.displayName),
        )
      : list,
  );
}

/** After a connection changed: the list, and every agent's grants (their status follows it). */
function refreshConnections(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: integrationQueries.connections().queryKey });
  void queryClient.invalidateQueries({ queryKey: integrationQueries.allGrants() });
}

/** "Connect…": a new connection. Errors stay with the dialog, shown by their fields. */
export function useConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIntegrationConnection) => unwrap(api.POST('/integrations/connections', { body })),
    onSuccess: (connection) => {
      applyConnection(queryClient, connection);
      toast('success', `Connected ${connection.displayName}`);
    },
    onSettled: () => refreshConnections(queryClient),
  });
}

/** Renames a connection, replaces its credentials, marks it in error or active, sets its expiry. */
export function useUpdateConnection(connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateIntegrationConnection) =>
      unwrap(api.PATCH('/integrations/connections/{connectionId}', { params: { path: { connectionId } }, body })),
    onSuccess: (connection) => {
      applyConnection(queryClient, connection);
      toast('success', `Saved ${connection.displayName}`);
    },
    onSettled: () => refreshConnections(queryClient),
  });
}

/** Disconnects: shown revoked at once, as it was again if the server refuses. */
export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connection: IntegrationConnection) =>
      unwrap(
        api.DELETE('/integrations/connections/{connectionId}', {
          params: { path: { connectionId: connection.id } },
        }),
      ),
    onMutate: async (connection) => {
      await queryClient.cancelQueries({ queryKey: integrationQueries.connections().queryKey });
      applyConnection(queryClient, { ...connection, status: 'revoked', revokedAt: new Date().toISOString() });
    },
    onSuccess: (connection) => {
      applyConnection(queryClient, connection);
      toast('success', `Disconnected ${connection.displayName}`, 'Its credentials are erased; no agent can use it.');
    },
    onError: (error, connection) => {
      applyConnection(queryClient, connection);
      toast('error', `Could not disconnect ${connection.displayName}`, errorMessage(error));
    },
    onSettled: () => refreshConnections(queryClient),
  });
}

/** After an agent's grants changed: its list, and the connections' grant counts. */
function refreshGrants(queryClient: QueryClient, agentId: string) {
  void queryClient.invalidateQueries({ queryKey: integrationQueries.grants(agentId).queryKey });
  void queryClient.invalidateQueries({ queryKey: integrationQueries.connections().queryKey });
}

/** "Grant a connection…". Errors stay with the dialog. */
export function useGrantConnection(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIntegrationGrant) =>
      unwrap(api.POST('/agents/{agentId}/integration-grants', { params: { path: { agentId } }, body })),
    onSettled: () => refreshGrants(queryClient, agentId),
  });
}

/** Replaces a grant's constraints; the list keeps the grant's connection. Errors stay with the dialog. */
export function useUpdateGrantConstraints(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      grant,
      constraints,
    }: {
      grant: IntegrationGrantWithConnection;
      constraints: Record<string, unknown>;
    }) =>
      unwrap(
        api.PATCH('/agents/{agentId}/integration-grants/{grantId}', {
          params: { path: { agentId, grantId: grant.id } },
          body: { constraints },
        }),
      ),
    onSuccess: (updated, { grant }) => {
      queryClient.setQueryData(integrationQueries.grants(agentId).queryKey, (grants) =>
        grants?.map((item) => (item.id === updated.id ? { ...updated, connection: grant.connection } : item)),
      );
      toast('success', `Saved the constraints of ${grant.connection.displayName}`);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: integrationQueries.grants(agentId).queryKey }),
  });
}

/** Revokes a grant: gone from the list at once, back if the server refuses. */
export function useRevokeGrant(agentId: string) {
  const queryClient = useQueryClient();
  const listKey = integrationQueries.grants(agentId).queryKey;
  return useMutation({
    mutationFn: (grant: IntegrationGrantWithConnection) =>
      unwrap(
        api.DELETE('/agents/{agentId}/integration-grants/{grantId}', {
          params: { path: { agentId, grantId: grant.id } },
        }),
      ),
    onMutate: async (grant) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData(listKey);
      queryClient.setQueryData(listKey, (grants) => grants?.filter((item) => item.id !== grant.id));
      return { before };
    },
    onSuccess: (_result, grant) =>
      toast('success', `Revoked ${grant.connection.displayName}`, 'The agent can no longer use it.'),
    onError: (error, grant, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
      toast('error', `Could not revoke ${grant.connection.displayName}`, errorMessage(error));
    },
    onSettled: () => refreshGrants(queryClient, agentId),
  });
}
