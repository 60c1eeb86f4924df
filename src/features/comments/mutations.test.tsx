import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '@/api';
import { useCommentMutations } from './mutations';
import type { CommentTarget } from './target';

const comment = (id: string, text: string): Comment => ({
  id,
  parentId: null,
  author: 'Ada',
  authorUserId: 'user-1',
  text,
  anchor: null,
  quote: null,
  resolvedAt: null,
  detachedAt: null,
  at: '2026-12-04T10:00:00.000Z',
});

describe('useCommentMutations', () => {
  it('adds a created comment once, even when a read of the thread brought it in before the answer', async () => {
    const created = comment('c2', 'Is this date realistic?');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['comments', 't1'];
    client.setQueryData<Comment[]>(key, [comment('c1', 'First')]);
    const target: CommentTarget = {
      key,
      id: 't1',
      events: [],
      list: () => new Promise(() => undefined),
      create: async () => {
        // A live event's refetch lands while the answer is on its way.
        client.setQueryData<Comment[]>(key, (comments) => [...(comments ?? []), created]);
        return created;
      },
      update: vi.fn(),
      remove: vi.fn(),
      matches: () => true,
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCommentMutations(target), { wrapper });
    await act(() => result.current.create.mutateAsync({ text: created.text } as never));
    expect(client.getQueryData<Comment[]>(key)?.map((item) => item.id)).toEqual(['c1', 'c2']);
  });
});
