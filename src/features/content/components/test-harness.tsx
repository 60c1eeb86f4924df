import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Toaster } from '@/ui';
import type { ContentItem, ContentKey } from '../queries';

/** A request the component sent: method, path after `/api` with its query, and its JSON body. */
export type Sent = { method: string; path: string; body?: unknown };
type Answer = { status: number; body?: unknown };

/** Stands in for the server: `answer` decides each response; every request is recorded in order. */
export function serve(answer: (request: Sent) => Answer | Promise<Answer>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url, 'http://localhost');
      const text = await request.text();
      const entry: Sent = { method: request.method, path: url.pathname.replace(/^\/api/, '') + url.search };
      if (text) entry.body = JSON.parse(text);
      sent.push(entry);
      const { status, body } = await answer(entry);
      return status === 204 ? new Response(null, { status }) : Response.json(body, { status });
    }),
  );
  return sent;
}

/** Renders `ui` inside a router (links, navigation, the leave guard), a fresh query client and the toasts. */
export async function renderWithApp(ui: ReactNode, queryClient = new QueryClient()) {
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const rootRoute = createRootRoute({
    component: () => (
      <QueryClientProvider client={queryClient}>
        {ui}
        <Toaster />
      </QueryClientProvider>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  const view = render(<RouterProvider router={router} />);
  return { ...view, queryClient, router };
}

const at = '2026-11-20T10:00:00.000Z';

/** A content item with sensible defaults. */
export function testItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    version: 1,
    kind: 'article',
    title: 'Launch week',
    slug: 'launch-week',
    excerpt: 'Everything we shipped.',
    tags: ['news'],
    status: 'draft',
    publishedAt: null,
    authorId: '22222222-2222-4222-8222-222222222222',
    authorName: 'Ada Lovelace',
    createdAt: at,
    updatedAt: at,
    body: 'Hello **world**',
    ...overrides,
  };
}

/** A content key with sensible defaults. */
export function testKey(overrides: Partial<ContentKey> = {}): ContentKey {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Marketing site',
    prefix: 'cak_Ab12Cd',
    createdAt: at,
    createdBy: '22222222-2222-4222-8222-222222222222',
    createdByName: 'Ada Lovelace',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}
