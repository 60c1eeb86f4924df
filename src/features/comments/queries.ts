import { queryOptions } from '@tanstack/react-query';
import type { Comment } from '@/api';
import type { CommentTarget } from './target';

const PAGE = 200;

export const commentQueries = {
  /** The whole thread, oldest first: pages of 200 until a page comes back short. */
  thread: (target: CommentTarget) =>
    queryOptions({
      queryKey: target.key,
      queryFn: async ({ signal }) => {
        const comments: Comment[] = [];
        for (let offset = 0; ; offset += PAGE) {
          const page = await target.list({ limit: PAGE, offset }, signal);
          comments.push(...page.comments);
          if (page.comments.length < PAGE) return comments;
        }
      },
    }),
};
