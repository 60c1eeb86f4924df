import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@/api';
import type { CommentTarget, NewComment } from './target';

export type CommentChange = { type: 'created' | 'updated' | 'deleted'; comment: Comment };

/** Thread writes; each settles by refetching the thread, and reports what changed. */
export function useCommentMutations(target: CommentTarget, onChange?: (change: CommentChange) => void) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: target.key });
  const create = useMutation({
    mutationFn: (input: NewComment) => target.create(input),
    onSuccess: (comment) => {
      // A read of the thread (a live event's) may have brought the new comment in first: once.
      queryClient.setQueryData<Comment[]>(target.key, (comments) =>
        comments?.some((item) => item.id === comment.id)
          ? comments.map((item) => (item.id === comment.id ? comment : item))
          : comments && [...comments, comment],
      );
      onChange?.({ type: 'created', comment });
    },
    onSettled: refresh,
  });
  const update = useMutation({
    mutationFn: ({ comment, changes }: { comment: Comment; changes: { text?: string; resolved?: boolean } }) =>
      target.update(comment.id, changes),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(target.key, (comments) =>
        comments?.map((item) => (item.id === comment.id ? comment : item)),
      );
      onChange?.({ type: 'updated', comment });
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (comment: Comment) => target.remove(comment.id),
    onSuccess: (_result, comment) => {
      queryClient.setQueryData<Comment[]>(target.key, (comments) =>
        comments?.filter((item) => item.id !== comment.id && item.parentId !== comment.id),
      );
      onChange?.({ type: 'deleted', comment });
    },
    onSettled: refresh,
  });
  return { create, update, remove };
}
