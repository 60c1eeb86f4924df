import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, unwrap } from '@/api';
import { useRevokeCredential } from '@/features/credentials';
import { toast } from '@/ui';
import { contentQueries, type ContentItem, type ContentKey } from './queries';
import type { ContentKind, ItemDraft } from './rules';

/** What a new item starts with: its kind and title (the server makes the slug from the title). */
export type NewItem = { kind: ContentKind; title: string };

/** Creates a draft; the lists are read again, the new item is cached for its editor. */
export function useCreateContentItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewItem) => unwrap(api.POST('/content-items', { body: input })),
    onSuccess: (item) => queryClient.setQueryData(contentQueries.detail(item.id).queryKey, item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentQueries.lists() }),
  });
}

/**
 * Saves the fields that changed. The editor keeps the draft until the server answers: on an error
 * nothing typed is lost, and the server's item becomes the truth on success.
 */
export function useUpdateContentItem(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<ItemDraft> & { baseVersion?: number }) =>
      unwrap(api.PATCH('/content-items/{itemId}', { params: { path: { itemId } }, body: changes })),
    onSuccess: (item) => queryClient.setQueryData(contentQueries.detail(itemId).queryKey, item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentQueries.lists() }),
  });
}

/**
 * Publishes or unpublishes: the status changes on screen at once and comes back, with the
 * server's message, if the server refuses.
 */
export function useSetPublished(itemId: string) {
  const queryClient = useQueryClient();
  const detailKey = contentQueries.detail(itemId).queryKey;
  return useMutation({
    mutationFn: (publish: boolean) =>
      unwrap(
        publish
          ? api.POST('/content-items/{itemId}/publish', { params: { path: { itemId } } })
          : api.POST('/content-items/{itemId}/unpublish', { params: { path: { itemId } } }),
      ),
    onMutate: async (publish) => {
      await queryClient.cancelQueries({ queryKey: detailKey });
      const before = queryClient.getQueryData(detailKey);
      queryClient.setQueryData(detailKey, (item) =>
        item ? { ...item, status: publish ? ('published' as const) : ('draft' as const) } : item,
      );
      return { before };
    },
    onSuccess: (item, publish) => {
      queryClient.setQueryData(detailKey, item);
      toast(
        'success',
        publish ? `Published “${item.title}”` : `Unpublished “${item.title}”`,
        publish ? 'The content API serves it now.' : 'The content API answers 404 for it now.',
      );
    },
    onError: (error, publish, context) => {
      if (context?.before) queryClient.setQueryData(detailKey, context.before);
      toast('error', publish ? 'Could not publish' : 'Could not unpublish', errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentQueries.lists() }),
  });
}

/** Deletes an item for good. */
export function useDeleteContentItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: ContentItem) =>
      unwrap(api.DELETE('/content-items/{itemId}', { params: { path: { itemId: item.id } } })),
    onSuccess: (_result, item) => {
      queryClient.removeQueries({ queryKey: contentQueries.detail(item.id).queryKey });
      toast('success', `Deleted “${item.title}”`);
    },
    onError: (error, item) => toast('error', `Could not delete “${item.title}”`, errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentQueries.lists() }),
  });
}

/** Creates a content key; the secret comes back in the result only and never enters the cache. */
export function useCreateContentKey() {
  const queryClient = useQueryClient();
  const listKey = contentQueries.keys().queryKey;
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/content-keys', { body: { name } })),
    onSuccess: ({ key }) => queryClient.setQueryData(listKey, (keys) => [key, ...(keys ?? [])]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/**
 * Marks the key revoked at once; if revoking fails, that key (only that one) is live again and the
 * server's message is shown.
 */
export function useRevokeContentKey() {
  return useRevokeCredential({
    listKey: contentQueries.keys().queryKey,
    revoke: (key: ContentKey) => unwrap(api.DELETE('/content-keys/{keyId}', { params: { path: { keyId: key.id } } })),
    revoked: 'mark',
    revokedDetail: 'Sites using it get 401 from the content API now.',
  });
}
