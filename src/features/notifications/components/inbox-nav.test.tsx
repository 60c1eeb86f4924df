import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDocumentTitle } from '@/ui';
import { notificationQueries } from '../queries';
import { testNotification } from '../test-notification';
import { badgeText, InboxNavEntry, NotificationsHost } from './inbox-nav';

function Page() {
  useDocumentTitle('Board');
  return (
    <>
      <NotificationsHost />
      <nav>
        <InboxNavEntry className="link" />
      </nav>
    </>
  );
}

const unread = testNotification({ snippet: 'Look at this' });

async function renderNav(count: number, { cached = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(notificationQueries.count().queryKey, count);
  if (cached)
    queryClient.setQueryData(notificationQueries.list('unread').queryKey, { pages: [[unread]], pageParams: [0] });
  const router = createRouter({
    routeTree: createRootRoute({ component: Page }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('link', { name: 'Inbox' });
  return queryClient;
}

describe('the inbox badge', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(badgeText(3)).toBe('3');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('names the count, follows it live, puts it before the title, and goes at zero', async () => {
    const queryClient = await renderNav(3);
    expect(screen.getByRole('button', { name: 'Inbox, 3 unread' }).textContent).toBe('3');
    await waitFor(() => expect(document.title).toBe('(3) Board · Workspace'));
    act(() => queryClient.setQueryData(notificationQueries.count().queryKey, 120));
    expect((await screen.findByRole('button', { name: 'Inbox, 120 unread' })).textContent).toBe('99+');
    await waitFor(() => expect(document.title).toBe('(120) Board · Workspace'));
    act(() => queryClient.setQueryData(notificationQueries.count().queryKey, 0));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Inbox,/ })).toBeNull());
    await waitFor(() => expect(document.title).toBe('Board · Workspace'));
  });

  it('opens the newest unread in a popover; Escape closes it and focus goes back to the badge', async () => {
    await renderNav(1);
    const badge = screen.getByRole('button', { name: 'Inbox, 1 unread' });
    fireEvent.click(badge);
    const popover = await screen.findByRole('dialog', { name: 'Newest unread' });
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    const item = within(popover).getByRole('link', { name: /Ada Lovelace mentioned you/ });
    await waitFor(() => expect(document.activeElement).toBe(item));
    expect(within(popover).getByRole('link', { name: 'Open inbox' }).getAttribute('href')).toBe('/inbox');
    fireEvent.keyDown(item, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(popover).getByRole('link', { name: 'Open inbox' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves focus to the newest one once they have loaded', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify([unread]), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await renderNav(1, { cached: false });
    fireEvent.click(screen.getByRole('button', { name: 'Inbox, 1 unread' }));
    const popover = await screen.findByRole('dialog', { name: 'Newest unread' });
    const item = await within(popover).findByRole('link', { name: /Ada Lovelace mentioned you/ });
    await waitFor(() => expect(document.activeElement).toBe(item));
    vi.unstubAllGlobals();
  });
});
