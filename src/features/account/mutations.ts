import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, endSession, unwrap, type UpdateMeRequest } from '@/api';
import { sessionQueries } from '@/features/auth';

/** Saves name and title; the cached user is replaced by what the server returns. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateMeRequest) => unwrap(api.PATCH('/users/me', { body: changes })),
    onSuccess: (me) => queryClient.setQueryData(sessionQueries.me().queryKey, me),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/users/me')),
    onSuccess: () => endSession('deleted'),
  });
}
