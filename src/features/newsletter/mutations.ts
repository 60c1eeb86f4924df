import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, unwrap } from '@/api';
import { toast } from '@/ui';
import { type NewsletterSubscriber, newsletterQueries } from './queries';

/** Signs an address up (public): the answer is the same whether or not it was subscribed. */
export function useSubscribe() {
  return useMutation({
    mutationFn: (body: { companyId: string; email: string }) => unwrap(api.POST('/newsletter', { body })),
  });
}

/** Confirms a signup with the token of its confirmation link (public). */
export function useConfirmSubscription() {
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/newsletter/confirm', { body: { token } })),
  });
}

/** Leaves the newsletter with the token of an unsubscribe link (public). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/newsletter/unsubscribe', { body: { token } })),
  });
}

type Pages = InfiniteData<NewsletterSubscriber[], number>;
/** Where a removed row was, per list held: to put it back there if the removal fails. */
type Held = { queryKey: readonly unknown[]; page: number; index: number }[];

/**
 * Removes a subscriber (erasure) from every list at once; if the server refuses, puts the row back
 * where it was in each list (unless it is there again already) and shows the server's message.
 */
export function useRemoveSubscriber() {
  const queryClient = useQueryClient();
  const lists = newsletterQueries.subscriberLists();
  return useMutation({
    mutationFn: (subscriber: NewsletterSubscriber) =>
      unwrap(
        api.DELETE('/newsletter-subscribers/{subscriberId}', { params: { path: { subscriberId: subscriber.id } } }),
      ),
    onMutate: async (subscriber): Promise<{ held: Held }> => {
      await queryClient.cancelQueries({ queryKey: lists });
      const held: Held = [];
      for (const [queryKey, data] of queryClient.getQueriesData<Pages>({ queryKey: lists })) {
        if (!data) continue;
        data.pages.forEach((page, pageIndex) => {
          const index = page.findIndex((row) => row.id === subscriber.id);
          if (index >= 0) held.push({ queryKey, page: pageIndex, index });
        });
        queryClient.setQueryData<Pages>(queryKey, {
          ...data,
          pages: data.pages.map((page) => page.filter((row) => row.id !== subscriber.id)),
        });
      }
      return { held };
    },
    onSuccess: (_result, subscriber) => toast('success', `Removed ${subscriber.email}`),
    onError: (error, subscriber, context) => {
      for (const place of context?.held ?? []) {
        queryClient.setQueryData<Pages>(place.queryKey, (data) => {
          if (!data || data.pages.some((page) => page.some((row) => row.id === subscriber.id))) return data;
          return {
            ...data,
            pages: data.pages.map((page, pageIndex) =>
              pageIndex === place.page ? page.toSpliced(place.index, 0, subscriber) : page,
            ),
          };
        });
      }
      toast('error', `Could not remove ${subscriber.email}`, errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: lists }),
  });
}
