import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '@/api';
import { toast } from '@/ui';
import type { Credential } from './credential-table';

type RevokeOptions<T extends Credential> = {
  /** The query holding the list the credential is in. */
  listKey: QueryKey;
  /** What is refreshed once it settles (the list's feature root, or the list itself). */
  invalidateKey?: QueryKey;
  revoke: (credential: T) => Promise<unknown>;
  /**
   * `remove`: a revoked credential leaves the list (API keys); `mark`: it stays with `revokedAt`
   * set (agent tokens, content keys).
   */
  revoked: 'remove' | 'mark';
  /** The toast's second line once revoked ("Anything using it can no longer sign in."). */
  revokedDetail: string;
};

/**
 * Revokes a credential optimistically: the list shows it revoked (or without it) at once; a
 * refusal puts it back where it was, with a toast that gives the server's message.
 */
export function useRevokeCredential<T extends Credential>({
  listKey,
  invalidateKey = listKey,
  revoke,
  revoked,
  revokedDetail,
}: RevokeOptions<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revoke,
    onMutate: async (credential: T) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const index = queryClient.getQueryData<T[]>(listKey)?.findIndex((item) => item.id === credential.id) ?? -1;
      const revokedAt = new Date().toISOString();
      queryClient.setQueryData<T[]>(listKey, (items) =>
        revoked === 'remove'
          ? items?.filter((item) => item.id !== credential.id)
          : items?.map((item) => (item.id === credential.id ? { ...item, revokedAt } : item)),
      );
      return { index };
    },
    onSuccess: (_result, credential) => toast('success', `Revoked “${credential.name}”`, revokedDetail),
    onError: (error, credential, context) => {
      queryClient.setQueryData<T[]>(listKey, (items = []) => {
        if (items.some((item) => item.id === credential.id))
          return items.map((item) => (item.id === credential.id ? credential : item));
        return context && context.index >= 0 ? items.toSpliced(context.index, 0, credential) : items;
      });
      toast('error', `Could not revoke “${credential.name}”`, errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invalidateKey }),
  });
}
