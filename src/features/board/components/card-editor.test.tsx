import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card, LiveEvent, LiveEventType, ProjectDetail, UpdateCardRequest } from '@/api';
import { formatDateTime } from '@/lib/format';
import { Toaster } from '@/ui';
import { withChanges } from '../board-cache';
import { useBoardLive } from '../live';
import { boardQueries } from '../queries';
import { testCard } from '../test-card';
import { CardEditor, type DescriptionFieldProps } from './card-editor';

/** Live events are handed to the board's handlers by the test (the stream is not opened). */
const live = vi.hoisted(() => ({ handlers: new Map<string, (event: unknown) => void>() }));
vi.mock('@/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  onLiveEvent: (type: string, handler: (event: unknown) => void) => {
    live.handlers.set(type, handler);
    return () => live.handlers.delete(type);
  },
}));
function emit<T extends LiveEventType>(event: T, data: LiveEvent<T>['data']) {
  act(() => live.handlers.get(event)?.({ id: '1', event, data }));
}

const projectId = 'p1';
const start = testCard('c1', 'col', {
  title: 'Write brief',
  checklist: [
    { text: 'Draft outline', done: false },
    { text: 'Get sign-off', done: false },
  ],
});
const ticked = [
  { text: 'Draft outline', done: true },
  { text: 'Get sign-off', done: false },
];

/** A save the server has received and not answered yet. */
type Save = { body: UpdateCardRequest; answer: (status: number, body: unknown) => void; answered?: Card };

/**
 * Stands in for the server: each PATCH of the card waits until the test answers it; a GET of the
 * card answers at once with `server.card`, the server's current state.
 */
function serve() {
  const server = { card: start, saves: [] as Save[], reads: 0, version: 0 };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'GET') {
        server.reads++;
        return json(200, server.card);
      }
      const body = (await request.json()) as UpdateCardRequest;
      return new Promise<Response>((resolve) =>
        server.saves.push({ body, answer: (status, value) => resolve(json(status, value)) }),
      );
    }),
  );
  return {
    server,
    /** The `index`th save, once it has reached the server. */
    save: async (index: number) => {
      await waitFor(() => expect(server.saves.length).toBeGreaterThan(index));
      return server.saves[index]!;
    },
    /** Commits a save and answers with the card as it then is. */
    commit: (save: Save) => {
      server.version++;
      const { baseVersion: _, ...changes } = save.body;
      server.card = {
        ...withChanges(server.card, changes),
        // withChanges shows chosen fields only; the text fields are stored as sent.
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.description !== undefined && { description: changes.description }),
        version: server.card.version + 1,
        updatedAt: new Date(Date.UTC(2026, 1, server.version, 12)).toISOString(),
      };
      save.answered = server.card;
      act(() => save.answer(200, server.card));
    },
  };
}

function DescriptionField({ id, label, value, onChange, onFocus, onBlur }: DescriptionFieldProps) {
  return (
    <textarea
      id={id}
      aria-label={label}
      value={value}
      onFocus={onFocus}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function Panel() {
  useBoardLive(projectId);
  return <CardEditor projectId={projectId} cardId={start.id} members={[]} DescriptionField={DescriptionField} />;
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const board: ProjectDetail = {
    id: projectId,
    version: 1,
    name: 'P',
    description: '',
    archived: false,
    archivedAt: null,
    createdAt: start.createdAt,
    updatedAt: start.updatedAt,
    lastActivityAt: start.updatedAt,
    cardCount: 1,
    columns: [{ id: 'col', version: 1, name: 'Backlog', position: 0, wipLimit: null, cards: [start] }],
  };
  client.setQueryData(boardQueries.detail(projectId).queryKey, board);
  client.setQueryData(boardQueries.card(projectId, start.id).queryKey, start);
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <Panel />
    </QueryClientProvider>,
  );
  return {
    /** Closes the panel. */
    close: unmount,
    checkbox: () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Draft outline' }),
    priority: () => screen.getByLabelText<HTMLSelectElement>('Priority'),
    title: () => screen.getByLabelText<HTMLTextAreaElement>('Title'),
    status: () => screen.getAllByRole('status')[0]!.textContent,
    /** Waits until the panel shows the card as the server answered `save` (its time of change). */
    answered: (save: Save) =>
      waitFor(() =>
        expect(document.querySelector('.card-editor-footer')!.textContent).toContain(
          `updated ${formatDateTime(save.answered!.updatedAt)}`,
        ),
      ),
  };
}

describe('card panel saves on their way at once', () => {
  beforeEach(() => live.handlers.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('an answer that predates a later save does not hide that save’s change', async () => {
    const user = userEvent.setup();
    const { save, commit } = serve();
    const panel = renderPanel();
    await user.selectOptions(panel.priority(), 'urgent');
    // Ticked from the click on: a controlled checkbox would otherwise go back to its old state.
    fireEvent.click(panel.checkbox());
    expect(panel.checkbox().checked).toBe(true);

    // The priority's answer: the card as of that save, the checklist as it was before the tick.
    const first = await save(0);
    expect(first.body).toEqual({ priority: 'urgent', baseVersion: 1 });
    commit(first);
    await panel.answered(first);
    expect(panel.checkbox().checked).toBe(true);
    expect(panel.priority().value).toBe('urgent');
    expect(panel.status()).toContain('Saving');

    const second = await save(1);
    expect(second.body).toEqual({ checklist: ticked, baseVersion: 1 });
    commit(second);
    await waitFor(() => expect(panel.status()).toBe('Saved'));
    expect(panel.checkbox().checked).toBe(true);
    expect(panel.priority().value).toBe('urgent');
  });

  it('a refused save puts back only its own field, with the server’s message; the other save stands', async () => {
    const user = userEvent.setup();
    const { save, commit } = serve();
    const panel = renderPanel();
    await user.selectOptions(panel.priority(), 'urgent');
    await user.click(panel.checkbox());

    const first = await save(0);
    act(() => first.answer(409, { error: 'The card is locked for review', code: 'CONFLICT' }));
    await waitFor(() => expect(panel.status()).toContain('Not saved: The card is locked for review'));
    // The priority is the server's again; the tick, still on its way, stays.
    expect(panel.priority().value).toBe('none');
    expect(panel.checkbox().checked).toBe(true);

    const second = await save(1);
    expect(second.body).toEqual({ checklist: ticked, baseVersion: 1 });
    commit(second);
    await panel.answered(second);
    expect(panel.checkbox().checked).toBe(true);
    expect(panel.priority().value).toBe('none');
    // The refusal stays reported (with its retry) after the other save succeeded.
    expect(panel.status()).toContain('Not saved: The card is locked for review');
  });

  it('a colleague’s change arriving live while a save is on its way does not hide that save’s change', async () => {
    const user = userEvent.setup();
    const { server, save, commit } = serve();
    const panel = renderPanel();
    await user.click(panel.checkbox());
    const tick = await save(0);

    // Max renames the card and raises its priority; his card has the checklist as it was.
    server.card = { ...server.card, title: 'Renamed by Max', priority: 'high', updatedAt: '2026-01-15T12:00:00.000Z' };
    emit('card.updated', { projectId, actorUserId: 'u-max', card: server.card });
    await waitFor(() => expect(panel.title().value).toBe('Renamed by Max'));
    expect(panel.priority().value).toBe('high');
    expect(panel.checkbox().checked).toBe(true);

    commit(tick);
    await panel.answered(tick);
    expect(panel.checkbox().checked).toBe(true);
    expect(panel.title().value).toBe('Renamed by Max');
    // The event may predate or follow the answer: the card is read again once the save is done.
    await waitFor(() => expect(server.reads).toBe(1));
    expect(panel.checkbox().checked).toBe(true);
  });
});

describe('card panel edits made on a version', () => {
  beforeEach(() => live.handlers.clear());
  afterEach(() => vi.unstubAllGlobals());

  /** Max changes the card (live), while the panel is open. */
  function colleague(server: { card: Card }, changes: Partial<Card>) {
    server.card = {
      ...server.card,
      ...changes,
      version: server.card.version + 1,
      updatedAt: '2026-01-20T12:00:00.000Z',
    };
    emit('card.updated', { projectId, actorUserId: 'u-max', card: server.card });
  }

  async function typeTitleWhileMaxRenames() {
    const user = userEvent.setup();
    const served = serve();
    const panel = renderPanel();
    await user.click(panel.title());
    await user.type(panel.title(), ' now');
    colleague(served.server, { title: 'Brief for Max' });
    // The field being edited keeps what you typed.
    await waitFor(() => expect(screen.getByText(/updated .*/).textContent).toContain('updated'));
    expect(panel.title().value).toBe('Write brief now');
    await user.tab();
    const refused = await served.save(0);
    // Based on the version the text was typed on, not on Max's.
    expect(refused.body).toEqual({ title: 'Write brief now', baseVersion: 1 });
    act(() =>
      refused.answer(412, {
        error: 'Someone else changed title since your version: nothing was stored',
        code: 'EDIT_CONFLICT',
        fields: ['title'],
        card: served.server.card,
      }),
    );
    const alert = await screen.findByRole('alert', { name: 'Edit conflict' });
    expect(alert.textContent).toContain('Someone else changed the title while you were editing it.');
    expect(alert.textContent).toContain('TheirsBrief for Max');
    expect(alert.textContent).toContain('YoursWrite brief now');
    return { user, panel, ...served };
  }

  it('a colleague’s change of the title you are typing: both are shown, and “Keep mine” saves yours on their version', async () => {
    const { user, panel, save, commit, server } = await typeTitleWhileMaxRenames();
    await user.click(screen.getByRole('button', { name: 'Keep my title' }));
    const kept = await save(1);
    expect(kept.body).toEqual({ title: 'Write brief now', baseVersion: 2 });
    commit(kept);
    await waitFor(() => expect(panel.status()).toBe('Saved'));
    expect(screen.queryByRole('alert', { name: 'Edit conflict' })).toBeNull();
    expect(panel.title().value).toBe('Write brief now');
    expect(server.card.title).toBe('Write brief now');
  });

  it('a field in conflict waits for the choice: editing and leaving it again saves nothing, and “Keep mine” saves the text now in it', async () => {
    const { user, panel, save, server } = await typeTitleWhileMaxRenames();
    await user.click(panel.title());
    await user.type(panel.title(), '!');
    await user.tab();
    expect(server.saves).toHaveLength(1);
    expect(screen.getByRole('alert', { name: 'Edit conflict' }).textContent).toContain('YoursWrite brief now!');
    // A further change of the title by Max does not replace the text waiting for the choice.
    colleague(server, { title: 'Brief for Max, v2' });
    await waitFor(() => expect(screen.getByRole('alert', { name: 'Edit conflict' }).textContent).toContain('v2'));
    expect(panel.title().value).toBe('Write brief now!');
    await user.click(screen.getByRole('button', { name: 'Keep my title' }));
    expect((await save(1)).body).toEqual({ title: 'Write brief now!', baseVersion: 3 });
  });

  it('“Keep theirs” puts the colleague’s title in the field and saves nothing', async () => {
    const { user, panel, server } = await typeTitleWhileMaxRenames();
    await user.click(screen.getByRole('button', { name: 'Keep their title' }));
    expect(panel.title().value).toBe('Brief for Max');
    expect(screen.queryByRole('alert', { name: 'Edit conflict' })).toBeNull();
    expect(server.saves).toHaveLength(1);
  });

  it('a colleague’s change of another field moves the typed field onto the new version', async () => {
    const user = userEvent.setup();
    const { server, save } = serve();
    const panel = renderPanel();
    await user.click(panel.title());
    await user.type(panel.title(), '!');
    colleague(server, { priority: 'high' });
    await waitFor(() => expect(panel.priority().value).toBe('high'));
    await user.tab();
    expect((await save(0)).body).toEqual({ title: 'Write brief!', baseVersion: 2 });
  });

  it('closing the panel on a title a colleague changed meanwhile: a toast says it was not saved, and “Save mine anyway” saves it on their version', async () => {
    const user = userEvent.setup();
    const { server, save, commit } = serve();
    render(<Toaster />);
    const panel = renderPanel();
    await user.click(panel.title());
    await user.type(panel.title(), ' now');
    colleague(server, { title: 'Brief for Max' });
    await waitFor(() => expect(screen.getByText(/updated .*/).textContent).toContain('updated'));
    panel.close();
    const left = await save(0);
    expect(left.body).toEqual({ title: 'Write brief now', baseVersion: 1 });
    act(() =>
      left.answer(412, { error: 'Edit conflict', code: 'EDIT_CONFLICT', fields: ['title'], card: server.card }),
    );
    const notice = await screen.findByText('Your edit of “Brief for Max” was not saved');
    expect(notice.parentElement!.textContent).toContain(
      'Someone else changed the title while you were editing; theirs is kept.',
    );
    await user.click(screen.getByRole('button', { name: 'Save mine anyway' }));
    const again = await save(1);
    expect(again.body).toEqual({ title: 'Write brief now', baseVersion: 2 });
    commit(again);
    expect(await screen.findByText('Saved your edit of “Write brief now”')).toBeTruthy();
    expect(server.card.title).toBe('Write brief now');
  });

  it('“Archive card” is a quiet action at the panel’s foot, undone with “Restore it”', async () => {
    const user = userEvent.setup();
    const { save, commit } = serve();
    renderPanel();
    const archive = screen.getByRole('button', { name: 'Archive card' });
    expect(archive.closest('.card-editor-footer')).not.toBeNull();
    expect(archive.getAttribute('data-variant')).toBe('ghost');
    await user.click(archive);
    const archived = await save(0);
    expect(archived.body).toMatchObject({ archived: true });
    commit(archived);
    await user.click(await screen.findByRole('button', { name: 'Restore it' }));
    expect((await save(1)).body).toMatchObject({ archived: false });
  });

  it('a click names the version the panel shows', async () => {
    const user = userEvent.setup();
    const { server, save } = serve();
    const panel = renderPanel();
    colleague(server, { title: 'Brief for Max' });
    await waitFor(() => expect(panel.title().value).toBe('Brief for Max'));
    await user.selectOptions(panel.priority(), 'low');
    expect((await save(0)).body).toEqual({ priority: 'low', baseVersion: 2 });
  });
});
