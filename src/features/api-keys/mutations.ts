import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, unwrap, type ApiKey, type CreateApiKeyRequest } from '@/api';
import { toast } from '@/ui';
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
  const queryClient = useQueryClient();
  const listKey = apiKeyQueries.list().queryKey;
  return useMutation({
    mutationFn: (key: ApiKey) => unwrap(api.DELETE('/users/api-keys/{keyId}', { params: { path: { keyId: key.id } } })),
    onMutate: async (key) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const index = queryClient.getQueryData(listKey)?.findIndex((item) => item.id === key.id) ?? -1;
      queryClient.setQueryData(listKey, (keys) => keys?.filter((item) => item.id !== key.id));
      return { index };
    },
    onSuccess: (_result, key) => toast('success', `Revoked “${key.name}”`, 'Anything using it can no longer sign in.'),
    onError: (error, key, context) => {
      if (context && context.index >= 0) {
        queryClient.setQueryData(listKey, (keys = []) =>
          keys.some((item) => item.id === key.id) ? keys : keys.toSpliced(context.index, 0, key),
        );
      }
      toast('error', `Could not revoke “${key.name}”`, errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyQueries.all }),
  });
}
