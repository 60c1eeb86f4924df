import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type FileGrant, unwrap } from '@/api';

export const grantQueries = {
  /** Every node's grants: a folder's grant reaches everything below it. */
  all: ['files', 'grants'] as const,
  /** The grants that reach a node: on it, and on the folders above it. */
  forNode: (nodeId: string) =>
    queryOptions({
      queryKey: [...grantQueries.all, nodeId] as const,
      queryFn: async ({ signal }) =>
        (await unwrap(api.GET('/client/files/{nodeId}/grants', { params: { path: { nodeId } }, signal }))).grants,
      staleTime: 30_000,
    }),
};

/**
 * Grants a node to an agent. The answer is put at the top of the node's list at once; the grants
 * of other nodes (the files below a folder) are refetched when next shown.
 */
export function useGrantFile(nodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: string) =>
      unwrap(api.POST('/agents/{agentId}/file-grants', { params: { path: { agentId } }, body: { nodeId } })),
    onSuccess: (grant) => {
      queryClient.setQueryData(grantQueries.forNode(nodeId).queryKey, (grants: FileGrant[] | undefined) =>
        grants ? [grant, ...grants.filter((existing) => existing.id !== grant.id)] : [grant],
      );
      void queryClient.invalidateQueries({ queryKey: grantQueries.all, refetchType: 'none' });
    },
  });
}

/** Revokes a grant; taken off the node's list at once. */
export function useRevokeGrant(nodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grant: Pick<FileGrant, 'id' | 'agentId'>) =>
      unwrap(
        api.DELETE('/agents/{agentId}/file-grants/{grantId}', {
          params: { path: { agentId: grant.agentId, grantId: grant.id } },
        }),
      ),
    onSuccess: (_, grant) => {
      queryClient.setQueryData(grantQueries.forNode(nodeId).queryKey, (grants: FileGrant[] | undefined) =>
        grants?.filter((existing) => existing.id !== grant.id),
      );
      void queryClient.invalidateQueries({ queryKey: grantQueries.all, refetchType: 'none' });
    },
  });
}
