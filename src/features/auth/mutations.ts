import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, endSession, setToken, unwrap, type LoginRequest } from '@/api';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => unwrap(api.POST('/auth/login', { body: credentials })),
    onSuccess: ({ token }) => {
      queryClient.clear();
      setToken(token);
    },
  });
}

/**
 * Revokes the session on the server; the local session ends even if the server is unreachable.
 * The sign-in page then drops the cached data of the account that left.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/auth/logout')),
    onSettled: () => endSession('signed-out'),
  });
}
