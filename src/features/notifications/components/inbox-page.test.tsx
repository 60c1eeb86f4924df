import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationQueries } from '../queries';
import { at, testNotification } from '../test-notification';
import type { Notification } from '../types';
import { InboxPage } from './inbox-page';

const CARD = '00000000-0000-4000-8000-0000000000c1';
const PAGE = '00000000-0000-4000-8000-0000000000fa';

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
/** What the stand-in server has muted (`GET /notifications/mutes` answers it). */
let mutes: { thingKind: string; thingId: string; title: string; createdAt: string; link: object }[];
/** How the stand-in server answers a write (200 with its body, or a refusal). */
let answer: (call: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  mutes = [];
  answer = () => ({ status: 200, body: { updated: 1, unreadCount: 1 } });
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' ? '' : await request.text();
    const call = { method: request.method, path: url.pathname, body: text ? JSON.parse(text) : null };
    if (request.method === 'GET') {
      const body = url.pathname.endsWith('/mutes') ? mutes : url.pathname.endsWith('/unread-count') ? { count: 2 } : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    calls.push(call);
    const muteOf = /\/mutes\/([a-z_]+)\/([0-9a-f-]+)$/.exec(url.pathname);
    if (muteOf && request.method === 'PUT')
      mutes = [{ thingKind: muteOf[1]!, thingId: muteOf[2]!, title: 'Book caterer', createdAt: at(40), link: {} }];
    if (muteOf && request.method === 'DELETE') mutes = [];
    const { status, body } = answer(call);
    return status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The inbox on All with these notifications cached (as the route's loader leaves them). */
async function renderInbox(notifications: Notification[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(notificationQueries.list('all').queryKey, { pages: [notifications], pageParams: [0] });
  queryClient.setQueryData(notificationQueries.count().queryKey, 2);
  queryClient.setQueryData(notificationQueries.mutes().queryKey, []);
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <InboxPage filter="all" /> }),
    history: createMemoryHistory({ initialEntries: ['/inbox'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Inbox', level: 1 });
  return { queryClient, router };
}

const rowOf = (link: HTMLElement) => link.closest('li')!;

describe('the inbox', () => {
  const newest = testNotification({ createdAt: at(30), snippet: 'Newest on the card' });
  const onPage = testNotification({
    createdAt: at(20),
    type: 'reply',
    snippet: 'A reply on the page',
    thing: { kind: 'wiki_page', id: PAGE, title: 'Launch plan' },
    link: { projectId: CARD, pageId: PAGE, commentId: CARD, threadId: CARD },
  });
  const older = testNotification({ createdAt: at(10), snippet: 'Older on the card', readAt: at(11) });

  it('groups by thing, newest group first, and says which are unread', async () => {
    await renderInbox([newest, onPage, older]);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['CardBook caterer', 'Wiki pageLaunch plan']);
    const cardGroup = screen.getByRole('region', { name: /Book caterer/ });
    const links = within(cardGroup).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      // "AL": the avatar's initials (hidden from assistive technology).
      expect.stringMatching(/^Unread: ALAda Lovelace mentioned youNewest on the card/),
      expect.stringMatching(/^ALAda Lovelace mentioned youOlder on the card/),
    ]);
    expect(links[0]!.getAttribute('href')).toBe(
      `/projects/${newest.link.projectId}?card=${CARD}&comment=${newest.link.commentId}`,
    );
  });

  it('moves with j/k and arrows across groups, with one row in the tab order', async () => {
    await renderInbox([newest, onPage, older]);
    const link = (snippet: string) => screen.getByRole('link', { name: new RegExp(snippet) });
    expect(link('Newest').tabIndex).toBe(0);
    expect(link('Older').tabIndex).toBe(-1);
    act(() => link('Newest').focus());
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(document.activeElement).toBe(link('Older'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(link('A reply'));
    expect(link('A reply').tabIndex).toBe(0);
    expect(link('Newest').tabIndex).toBe(-1);
    fireEvent.keyDown(document.activeElement!, { key: 'k' });
    expect(document.activeElement).toBe(link('Older'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(link('Newest'));
  });

  it('e marks the focused one read (and again unread), with the server’s count', async () => {
    const { queryClient } = await renderInbox([newest, onPage, older]);
    const link = screen.getByRole('link', { name: /Newest/ });
    act(() => link.focus());
    answer = () => ({ status: 200, body: { updated: 1, unreadCount: 1 } });
    fireEvent.keyDown(link, { key: 'e' });
    await waitFor(() => expect(link.textContent).not.toMatch(/^Unread/));
    expect(calls).toEqual([
      { method: 'POST', path: '/api/notifications/read', body: { ids: [newest.id], read: true } },
    ]);
    await waitFor(() => expect(queryClient.getQueryData(notificationQueries.count().queryKey)).toBe(1));
    fireEvent.keyDown(link, { key: 'e' });
    await waitFor(() => expect(link.textContent).toMatch(/^Unread/));
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/api/notifications/read',
      body: { ids: [newest.id], read: false },
    });
  });

  it('puts it back when the server refuses', async () => {
    await renderInbox([newest, onPage, older]);
    const link = screen.getByRole('link', { name: /Newest/ });
    act(() => link.focus());
    answer = () => ({ status: 404, body: { error: 'Notification not found', code: 'NOT_FOUND' } });
    fireEvent.keyDown(link, { key: 'e' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(link.textContent).toMatch(/^Unread/));
  });

  it('m mutes what it is about (and again unmutes)', async () => {
    await renderInbox([newest, onPage, older]);
    const link = screen.getByRole('link', { name: /Newest/ });
    act(() => link.focus());
    answer = (call) => ({ status: call.method === 'DELETE' ? 204 : 200, body: {} });
    fireEvent.keyDown(link, { key: 'm' });
    const group = screen.getByRole('region', { name: /Book caterer/ });
    await waitFor(() => expect(within(group).getByText('Muted')).toBeTruthy());
    expect(calls[0]).toMatchObject({ method: 'PUT', path: `/api/notifications/mutes/card/${CARD}` });
    expect(within(rowOf(link)).getByRole('button', { name: 'Unmute this card' })).toBeTruthy();
    fireEvent.keyDown(link, { key: 'm' });
    await waitFor(() => expect(within(group).queryByText('Muted')).toBeNull());
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: `/api/notifications/mutes/card/${CARD}` });
  });

  it('s opens the snooze menu; a choice snoozes it and focus goes to the next row', async () => {
    await renderInbox([newest, onPage, older]);
    const link = screen.getByRole('link', { name: /Newest/ });
    act(() => link.focus());
    answer = () => ({ status: 200, body: { ...newest, snoozedUntil: at(24 * 60) } });
    fireEvent.keyDown(link, { key: 's' });
    const menu = await screen.findByRole('menu', { name: 'Snooze until' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^For 1 hour/),
      expect.stringMatching(/^Tomorrow/),
      expect.stringMatching(/^Next week/),
    ]);
    fireEvent.click(items[1]!);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Newest/ })).toBeNull());
    expect(calls[0]).toMatchObject({ method: 'PATCH', path: `/api/notifications/${newest.id}` });
    const until = (calls[0]!.body as { snoozedUntil: string }).snoozedUntil;
    expect(new Date(until).getHours()).toBe(9);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: /Older/ })));
  });

  it('marks the selected ones read, and "Mark all read" sends the newest shown time', async () => {
    await renderInbox([newest, onPage, older]);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select: Ada Lovelace replied/ }));
    const link = screen.getByRole('link', { name: /Newest/ });
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'x' });
    fireEvent.click(screen.getByRole('button', { name: 'Mark selected read (2)' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]!.body as { ids: string[] }).ids.sort()).toEqual([newest.id, onPage.id].sort());
    answer = () => ({ status: 200, body: { updated: 0, unreadCount: 0 } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ before: newest.createdAt, read: true });
  });

  it('says what lands here when there is nothing', async () => {
    await renderInbox([]);
    expect(screen.getByText('Nothing in your inbox yet')).toBeTruthy();
    expect(screen.getByText(/Mentions of you, replies in your threads/)).toBeTruthy();
  });
});
