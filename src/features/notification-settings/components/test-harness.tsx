import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Toaster } from '@/ui';

/** A request the component sent: method, path after `/api`, and its JSON body if any. */
export type Sent = { method: string; path: string; body?: unknown };
type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * Stands in for the server: `answer` decides each response from the request; every request is
 * recorded in order.
 */
export function serve(answer: (request: Sent) => Answer) {
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

/** Renders `ui` inside a router (for its links), a fresh query client and the toasts. */
export async function renderWithApp(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
  return { ...view, queryClient };
}
