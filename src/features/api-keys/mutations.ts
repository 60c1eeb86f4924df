import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ApiKey, type CreateApiKeyRequest } from '@/api';
import { useRevokeCredential } from '@/features/credentials';
import { apiKeyQueries } from './queries';

/** Creates a key; the secret comes back in the result only and never enters the cache. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyRequest) => unwrap(api.POST('/users/api-keys', { body: input })),
    onSuccess: ({ secret: _secret, ...key }) => {
      queryClient.setQueryData(apiKeyQueries.list().queryKey, (keys) => [key, ...(keys ?? [])]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyQueries.all }),
  });
}

/**
 * Removes the key from the list at once; if revoking fails, puts that key back where it was
 * (only that one: another revoke may have finished meanwhile) and shows the server's message.
 */
export function useRevokeApiKey() {
  return useRevokeCredential({
    listKey: apiKeyQueries.list().queryKey,
    invalidateKey: apiKeyQueries.all,
    revoke: (key: ApiKey) => unwrap(api.DELETE('/users/api-keys/{keyId}', { params: { path: { keyId: key.id } } })),
    revoked: 'remove',
    revokedDetail: 'Anything using it can no longer sign in.',
  });
}
