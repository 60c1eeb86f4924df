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

/** Removes the key from the list at once; puts it back with the server's message if revoking fails. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const listKey = apiKeyQueries.list().queryKey;
  return useMutation({
    mutationFn: (key: ApiKey) => unwrap(api.DELETE('/users/api-keys/{keyId}', { params: { path: { keyId: key.id } } })),
    onMutate: async (key) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData(listKey);
      queryClient.setQueryData(listKey, (keys) => keys?.filter((item) => item.id !== key.id));
      return { previous };
    },
    onSuccess: (_result, key) => toast('success', `Revoked “${key.name}”`, 'Anything using it can no longer sign in.'),
    onError: (error, key, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      toast('error', `Could not revoke “${key.name}”`, errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyQueries.all }),
  });
}
