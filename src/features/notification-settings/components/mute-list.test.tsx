import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationMute } from '../queries';
import { MuteList } from './mute-list';
import { renderWithApp, serve, type Sent } from './test-harness';

const ids = {
  card: '11111111-1111-4111-8111-111111111111',
  page: '22222222-2222-4222-8222-222222222222',
  session: '33333333-3333-4333-8333-333333333333',
  file: '44444444-4444-4444-8444-444444444444',
  project: '55555555-5555-4555-8555-555555555555',
  agent: '66666666-6666-4666-8666-666666666666',
  gone: '77777777-7777-4777-8777-777777777777',
};
const at = '2026-11-20T10:00:00.000Z';
const mutes: NotificationMute[] = [
  {
    thingKind: 'card',
    thingId: ids.card,
    title: 'Fix the login page',
    createdAt: at,
    link: { projectId: ids.project, cardId: ids.card },
  },
  {
    thingKind: 'wiki_page',
    thingId: ids.page,
    title: 'Onboarding',
    createdAt: at,
    link: { projectId: ids.project, pageId: ids.page },
  },
  {
    thingKind: 'agent_session',
    thingId: ids.session,
    title: 'Weekly report',
    createdAt: at,
    link: { agentId: ids.agent, sessionId: ids.session },
  },
  { thingKind: 'file', thingId: ids.file, title: 'budget.xlsx', createdAt: at, link: { fileId: ids.file } },
  { thingKind: 'card', thingId: ids.gone, title: '', createdAt: at, link: {} },
];

/** The server: the mutes in `list`; a DELETE answered by `onDelete`, and on success gone from the list. */
function server(onDelete: (request: Sent) => { status: number; body?: unknown }, list: NotificationMute[] = mutes) {
  let current = list;
  return serve((request) => {
    if (request.method === 'GET' && request.path === '/notifications/mutes') return { status: 200, body: current };
    if (request.method === 'DELETE') {
      const answer = onDelete(request);
      if (answer.status === 204)
        current = current.filter((mute) => !request.path.endsWith(`/${mute.thingKind}/${mute.thingId}`));
      return answer;
    }
    return { status: 404, body: { error: 'Not found' } };
  });
}

const table = async () => within(await screen.findByRole('table', { name: 'Muted' }));

describe('Settings → Notifications: muted things', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each muted thing with its kind and a link to it', async () => {
    server(() => ({ status: 204 }));
    await renderWithApp(<MuteList />);
    const rows = (await table()).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Card',
      'Wiki page',
      'Agent conversation',
      'File',
      'Card',
    ]);
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Fix the login page')).toBe(`/projects/${ids.project}?card=${ids.card}`);
    expect(href('Onboarding')).toBe(`/projects/${ids.project}/wiki/${ids.page}`);
    expect(href('Weekly report')).toBe(`/agents/${ids.agent}/sessions/${ids.session}`);
    expect(href('budget.xlsx')).toBe(`/files?preview=${ids.file}`);
    // A thing that no longer exists has no link, and can still be unmuted.
    expect(within(rows[4]!).queryByRole('link')).toBeNull();
    expect(within(rows[4]!).getByText('Deleted')).toBeTruthy();
    expect(within(rows[4]!).getByRole('button', { name: 'Unmute the deleted card' })).toBeTruthy();
  });

  it('shows a title without a link when the server does not say where the thing is', async () => {
    server(
      () => ({ status: 204 }),
      [{ thingKind: 'card', thingId: ids.card, title: 'Fix the login page', createdAt: at, link: {} }],
    );
    await renderWithApp(<MuteList />);
    expect(await (await table()).findByText('Fix the login page')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('unmutes: the row leaves at once, the request names the thing, focus goes to the heading', async () => {
    const sent = server(() => ({ status: 204 }));
    await renderWithApp(<MuteList />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unmute “Onboarding”' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unmute “Onboarding”' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Muted' }));
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: `/notifications/mutes/wiki_page/${ids.page}` },
    ]);
    expect(await screen.findByText('Unmuted “Onboarding”')).toBeTruthy();
  });

  it('brings the row back where it was with the server’s message when unmuting fails', async () => {
    server(() => ({ status: 503, body: { error: 'The database is busy; try again' } }));
    await renderWithApp(<MuteList />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unmute “Weekly report”' }));
    expect(await screen.findByText('The database is busy; try again')).toBeTruthy();
    expect(screen.getByText('Could not unmute “Weekly report”')).toBeTruthy();
    const rows = (await table()).getAllByRole('row').slice(1);
    expect(within(rows[2]!).getByRole('button', { name: 'Unmute “Weekly report”' })).toBeTruthy();
  });

  it('says so when nothing is muted', async () => {
    server(() => ({ status: 204 }), []);
    await renderWithApp(<MuteList />);
    expect(await screen.findByText('You have not muted anything.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
