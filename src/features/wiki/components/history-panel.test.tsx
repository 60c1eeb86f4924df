import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/format';
import { editRuns, HistoryPanel } from './history-panel';

const projectId = '00000000-0000-4000-8000-0000000000a1';
const pageId = '00000000-0000-4000-8000-0000000000b1';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const ada = { name: 'Ada Lovelace', userId: id(9) };
const bot = { name: 'Scribe', agentId: id(8) };

const texts: Record<number, string> = {
  1: '# Launch\n\nBudget is 10k.\n',
  2: '# Launch\n\nBudget is 12k.\n\nOwner: Ada.\n',
  3: '# Launch\n\nBudget is 12k.\n\nOwner: Ada and Bo.\n',
  4: '# Launch\n\nBudget is 10k.\n',
};
const summary = (n: number) => ({
  id: id(n),
  pageId,
  number: n,
  title: 'Launch plan',
  summary: n === 1 ? 'Created' : `Edited: change ${n}`,
  author: n === 3 ? bot : ada,
  at: new Date(Date.UTC(2026, 10, n, 9, 30)).toISOString(),
  ...(n === 4 ? { restoredFrom: id(1) } : {}),
});

type Route = (url: URL, method: string) => { status: number; body: unknown } | undefined;

function serve(route: Route) {
  const fetchMock = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const answer = route(url, request.method) ?? { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A page with revisions 1..3 (3 current); with `paged`, the first answer holds 3 and 2 only. */
const revisionsRoute =
  (paged = false): Route =>
  (url, method) => {
    const path = url.pathname.replace(/^.*\/wiki\//, '');
    if (method === 'GET' && path === `${pageId}/revisions`) {
      if (paged && !url.searchParams.get('before'))
        return { status: 200, body: { revisions: [summary(3), summary(2)], nextBefore: id(2) } };
      if (paged) return { status: 200, body: { revisions: [summary(1)], nextBefore: null } };
      return { status: 200, body: { revisions: [3, 2, 1].map(summary), nextBefore: null } };
    }
    const detail = /^[^/]+\/revisions\/[^/]+0(\d)$/.exec(path);
    if (method === 'GET' && detail) {
      const n = Number(detail[1]);
      return { status: 200, body: { ...summary(n), markdown: texts[n] } };
    }
    return undefined;
  };

function renderPanel(props: { currentRevisionId?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const handlers = { onRestored: vi.fn(), onClose: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <HistoryPanel projectId={projectId} pageId={pageId} currentRevisionId={id(3)} {...handlers} {...props} />
    </QueryClientProvider>,
  );
  return handlers;
}

afterEach(() => vi.unstubAllGlobals());

describe('HistoryPanel', () => {
  it('lists the revisions with author, time and summary, and compares the newest with the one before', async () => {
    serve(revisionsRoute());
    renderPanel();
    const panel = screen.getByRole('complementary', { name: 'Page history' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Revision 3',
      'Revision 2',
      'Revision 1',
    ]);
    expect(items[0]!.textContent).toContain('Current');
    expect(items[0]!.textContent).toContain('by Scribe (agent)');
    expect(items[1]!.textContent).toContain('by Ada Lovelace');
    expect(items[1]!.textContent).toContain('Edited: change 2');
    expect(items[1]!.querySelector('time')?.getAttribute('dateTime')).toBe(summary(2).at);
    // The current revision cannot be restored; the others can.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Restore revision 2' })).toBeTruthy();

    expect((screen.getByRole('radio', { name: 'Compare to revision 3' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Compare from revision 2' }) as HTMLInputElement).checked).toBe(true);
    const diff = await screen.findByRole('region', { name: 'Changes from revision 2 to revision 3' });
    expect(within(diff).getByText('1 block changed: 1 edited')).toBeTruthy();
  });

  it('compares any two revisions picked with the keyboard', async () => {
    const user = userEvent.setup();
    serve(revisionsRoute());
    renderPanel();
    const toThree = await screen.findByRole('radio', { name: 'Compare to revision 3' });
    // Arrow keys move within the "To" group: to revision 2, which then compares with revision 1.
    toThree.focus();
    await user.keyboard('{ArrowDown}');
    const diff = await screen.findByRole('region', { name: 'Changes from revision 1 to revision 2' });
    expect(within(diff).getByText('2 blocks changed: 1 edited, 1 added')).toBeTruthy();
    // A chosen "From" stays put when "To" changes.
    await user.click(screen.getByRole('radio', { name: 'Compare from revision 3' }));
    expect(await screen.findByRole('region', { name: 'Changes from revision 3 to revision 2' })).toBeTruthy();
  });

  it('shows the first revision as all added', async () => {
    const user = userEvent.setup();
    serve(revisionsRoute());
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Compare to revision 1' }));
    expect(await screen.findByText('The first revision: everything in it was added.')).toBeTruthy();
    const diff = await screen.findByRole('region', { name: 'Revision 1' });
    expect(within(diff).getByText('2 blocks changed: 2 added')).toBeTruthy();
  });

  it('loads older revisions on request', async () => {
    const user = userEvent.setup();
    const fetchMock = serve(revisionsRoute(true));
    renderPanel();
    await screen.findByRole('radio', { name: 'Compare to revision 2' });
    expect(screen.queryByRole('radio', { name: 'Compare to revision 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load older revisions' }));
    expect(await screen.findByRole('radio', { name: 'Compare to revision 1' })).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([request]) => new URL(request.url).searchParams.get('before'));
    expect(asked).toContain(id(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older revisions' })).toBeNull());
  });

  it('restores a revision after a confirmation, and hands the page over', async () => {
    const user = userEvent.setup();
    const restored = { id: pageId, projectId, title: 'Launch plan', markdown: texts[4], revisionId: id(4) };
    let restoredYet = false;
    const base = revisionsRoute();
    const fetchMock = serve((url, method) => {
      if (method === 'POST' && url.pathname.endsWith(`/revisions/${id(1)}/restore`)) {
        restoredYet = true;
        return { status: 201, body: restored };
      }
      if (method === 'GET' && url.pathname.endsWith('/revisions') && restoredYet)
        return { status: 200, body: { revisions: [4, 3, 2, 1].map(summary), nextBefore: null } };
      return base(url, method);
    });
    const { onRestored } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Restore revision 1' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Restore revision 1?' });
    expect(confirm.textContent).toContain(
      `Restore revision 1 by Ada Lovelace from ${formatDate(summary(1).at)}? Your current text stays in the history.`,
    );
    expect(fetchMock.mock.calls.some(([request]) => request.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Restore revision 1' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(restored));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The list is read again: the new revision says what it restored.
    const newest = await screen.findByText('Restored from revision 1');
    expect(newest.closest('li')?.querySelector('strong')?.textContent).toBe('Revision 4');
  });

  it('keeps the confirmation open with the server’s message when a restore is refused', async () => {
    const user = userEvent.setup();
    const base = revisionsRoute();
    serve((url, method) =>
      method === 'POST' ? { status: 403, body: { error: 'Read-only key', code: 'FORBIDDEN' } } : base(url, method),
    );
    const { onRestored } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Restore revision 2' }));
    const confirm = screen.getByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Restore revision 2' }));
    expect((await within(confirm).findByRole('alert')).textContent).toContain('Read-only key');
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('says when the history cannot be read, with a retry', async () => {
    serve(() => ({ status: 500, body: { error: 'Database is down', code: 'INTERNAL_ERROR' } }));
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database is down');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('reads the list again when the page gets a newer revision', async () => {
    const fetchMock = serve(revisionsRoute());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const props = { projectId, pageId, onRestored: vi.fn(), onClose: vi.fn() };
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <HistoryPanel {...props} currentRevisionId={id(3)} />
      </QueryClientProvider>,
    );
    await screen.findByRole('radio', { name: 'Compare to revision 3' });
    const lists = () => fetchMock.mock.calls.filter(([request]) => request.url.endsWith('/revisions?limit=50')).length;
    expect(lists()).toBe(1);
    rerender(
      <QueryClientProvider client={client}>
        <HistoryPanel {...props} currentRevisionId={id(4)} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(lists()).toBe(2));
  });

  it('groups one author’s edits in a row into one entry, compared as a whole, opened on request', async () => {
    // Revisions 5..2 are Ada's autosaves minutes apart; 1 created the page a day before.
    const sitting = (n: number) => ({
      ...summary(n),
      restoredFrom: undefined,
      author: ada,
      summary: n === 1 ? 'Created' : `Edited: +${n} −0 words`,
      at: new Date(Date.UTC(2026, 10, 2, 9, 30 + n * 2) - (n === 1 ? 86_400_000 : 0)).toISOString(),
    });
    serve((url, method) => {
      const path = url.pathname.replace(/^.*\/wiki\//, '');
      if (method === 'GET' && path === `${pageId}/revisions`)
        return { status: 200, body: { revisions: [5, 4, 3, 2, 1].map(sitting), nextBefore: null } };
      const detail = /^[^/]+\/revisions\/[^/]+0(\d)$/.exec(path);
      if (method === 'GET' && detail) {
        const n = Number(detail[1]);
        return { status: 200, body: { ...sitting(n), markdown: `Text ${n}.\n` } };
      }
      return undefined;
    });
    renderPanel({ currentRevisionId: id(5) });
    const toggle = await screen.findByRole('button', { name: /^Show 3 earlier edits by Ada Lovelace/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('radio', { name: 'Compare to revision 4' })).toBeNull();
    // The entry compares the whole sitting: from the revision before it.
    expect((screen.getByRole('radio', { name: 'Compare from revision 1' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Compare to revision 5' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: /^Hide 3 earlier edits/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Compare to revision 4' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Compare to revision 2' })).toBeTruthy();
  });
});

describe('editRuns', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes)).toISOString();
  const rev = (
    n: number,
    minutes: number,
    author: { name: string; userId?: string; agentId?: string } = ada,
    text = `Edited: ${n}`,
    extra = {},
  ) => ({
    ...summary(n),
    summary: text,
    author,
    at: at(minutes),
    ...extra,
  });

  it('breaks runs at another author, a gap over 15 minutes, a rename or a restore', () => {
    const runs = editRuns([
      rev(9, 59),
      rev(8, 58),
      rev(7, 40), // 18 minutes before the next newer one
      rev(6, 39, bot),
      rev(5, 38),
      rev(4, 37, ada, 'Renamed to “X”'),
      rev(3, 36, ada, 'Restored revision 1', { restoredFrom: id(1) }),
      rev(2, 35),
      rev(1, 34),
    ]);
    expect(runs.map((run) => run.items.map((item) => item.number))).toEqual([[9, 8], [7], [6], [5], [4], [3], [2, 1]]);
  });
});
