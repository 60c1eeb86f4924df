import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredDraft, setDraftOwner } from '@/lib/drafts';
import type { ContentItem } from '../queries';
import { ContentItemScreen } from './content-item-screen';
import { renderWithApp, serve, testItem, type Sent } from './test-harness';

const item = testItem();
const itemPath = `/content-items/${item.id}`;

/**
 * The server: GET answers the item as it is; PATCH answers `onPatch` (by default: applies the
 * changes); publish and unpublish answer `onPublish` (by default: change the status).
 */
function server({
  start = item,
  onPatch,
  onPublish,
}: {
  start?: ContentItem;
  onPatch?: (request: Sent) => { status: number; body?: unknown } | undefined;
  onPublish?: (request: Sent) => { status: number; body?: unknown } | undefined;
} = {}) {
  let current = start;
  return serve((request) => {
    if (request.method === 'GET' && request.path === itemPath) return { status: 200, body: current };
    if (request.method === 'PATCH' && request.path === itemPath) {
      const answer = onPatch?.(request);
      if (answer) return answer;
      current = { ...current, ...(request.body as Partial<ContentItem>), updatedAt: '2026-11-21T10:00:00.000Z' };
      return { status: 200, body: current };
    }
    if (request.method === 'DELETE' && request.path === itemPath) return { status: 204 };
    if (request.method === 'POST' && request.path.startsWith(`${itemPath}/`)) {
      const answer = onPublish?.(request);
      if (answer) return answer;
      const publish = request.path.endsWith('/publish');
      current = {
        ...current,
        status: publish ? 'published' : 'draft',
        publishedAt: current.publishedAt ?? '2026-11-21T10:00:00.000Z',
      };
      return { status: 200, body: current };
    }
    return { status: 200, body: [] };
  });
}

async function open(canWrite = true) {
  const view = await renderWithApp(
    <Suspense fallback={<p>Loading…</p>}>
      <ContentItemScreen itemId={item.id} canWrite={canWrite} />
    </Suspense>,
  );
  await screen.findByRole('heading', { level: 1, name: item.title });
  return view;
}

const patches = (sent: Sent[]) => sent.filter((request) => request.method === 'PATCH');
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
/** The error text that describes a field. */
function errorOf(element: HTMLElement): string | undefined {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .find((node) => node?.classList.contains('field-error'))
    ?.textContent?.trim();
}

describe('Content editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an address the server would refuse, without sending it, and keeps the text', async () => {
    const sent = server();
    await open();
    const user = userEvent.setup();
    const slug = field('URL path');
    await user.clear(slug);
    await user.type(slug, 'Launch Week!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(slug)).toMatch(/lowercase letters, digits and single dashes/);
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(slug.value).toBe('Launch Week!');
    expect(screen.getByText('Not saved: check the fields marked below.')).toBeTruthy();
    expect(patches(sent)).toEqual([]);
    // Fixing it clears the message as it is typed.
    await user.clear(slug);
    await user.type(slug, 'launch-week-2026');
    expect(errorOf(slug)).toBeUndefined();
  });

  it('shows a taken address (409) at the address field, keeping what was typed', async () => {
    const sent = server({
      onPatch: () => ({ status: 409, body: { error: 'Another item already uses “pricing”.', code: 'CONFLICT' } }),
    });
    await open();
    const user = userEvent.setup();
    const slug = field('URL path');
    await user.clear(slug);
    await user.type(slug, 'pricing');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(slug)).toBe('Another item already uses “pricing”.'));
    expect(slug.value).toBe('pricing');
    expect(patches(sent)).toEqual([{ method: 'PATCH', path: itemPath, body: { slug: 'pricing', baseVersion: 1 } }]);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('shows a 400’s field errors next to their fields (a tag’s at the tags)', async () => {
    server({
      onPatch: () => ({
        status: 400,
        body: {
          error: 'Invalid request',
          code: 'VALIDATION_ERROR',
          issues: [
            { location: 'body', path: 'title', message: 'Too long for a title' },
            { location: 'body', path: 'tags.0', message: 'Not a tag' },
          ],
        },
      }),
    });
    await open();
    const user = userEvent.setup();
    await user.type(field('Title'), ' again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(field('Title'))).toBe('Too long for a title'));
    expect(errorOf(field('Tags'))).toBe('Not a tag');
    expect(field('Title').value).toBe('Launch week again');
  });

  it('sends only what changed, then shows everything saved; Ctrl+S saves too', async () => {
    const sent = server();
    await open();
    const user = userEvent.setup();
    await user.clear(field('Excerpt'));
    await user.type(field('Excerpt'), 'New summary');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('All changes saved');
    expect(patches(sent).map((request) => request.body)).toEqual([{ excerpt: 'New summary', baseVersion: 1 }]);

    await user.type(field('Title'), ' recap');
    fireEvent.keyDown(document, { key: 's', ctrlKey: true });
    await waitFor(() => expect(patches(sent).length).toBe(2));
    expect(patches(sent)[1]!.body).toEqual({ title: 'Launch week recap', baseVersion: 1 });
    await screen.findByText('All changes saved');
  });

  it('adds tags with Enter, removes them from the keyboard, and keeps a refused one with the reason', async () => {
    const sent = server();
    await open();
    const user = userEvent.setup();
    const tags = field('Tags');
    await user.type(tags, 'Release Notes{Enter}');
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['news', 'release-notes']);
    await user.type(tags, 'bad_tag{Enter}');
    expect(tags.value).toBe('bad_tag');
    expect(errorOf(tags)).toMatch(/“bad_tag”: A tag uses lowercase letters/);
    await user.clear(tags);
    // Backspace in the empty field removes the last tag; Delete on a chip's button removes that one.
    await user.type(tags, '{Backspace}');
    screen.getByRole('button', { name: 'Remove tag news' }).focus();
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(sent).map((request) => request.body)).toEqual([{ tags: [], baseVersion: 1 }]));
  });

  it('publishes at once and puts the status back with the server’s message when it is refused', async () => {
    const sent = server({
      onPublish: () => ({ status: 503, body: { error: 'The database is busy; try again' } }),
    });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The database is busy; try again')).toBeTruthy();
    expect(screen.getByText('Could not publish')).toBeTruthy();
    const title = screen.getByRole('heading', { level: 1 }).parentElement!;
    await waitFor(() => expect(within(title).getByText('Draft')).toBeTruthy());
    expect(sent.some((request) => request.method === 'POST' && request.path === `${itemPath}/publish`)).toBe(true);
  });

  it('saves pending changes before publishing, and offers Unpublish once published', async () => {
    const sent = server();
    await open();
    const user = userEvent.setup();
    await user.type(field('Title'), '!');
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    await screen.findByRole('button', { name: 'Unpublish' });
    expect(
      sent.filter((request) => request.method !== 'GET').map((request) => request.method + ' ' + request.path),
    ).toEqual([`PATCH ${itemPath}`, `POST ${itemPath}/publish`]);
    const title = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(title).getByText('Published')).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    const sent = server();
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = screen.getByRole('alertdialog', { name: `Delete “${item.title}”?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: `Delete “${item.title}”?` })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(`Deleted “${item.title}”`)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([{ method: 'DELETE', path: itemPath }]);
  });

  it('shows a member the item read-only', async () => {
    server();
    await open(false);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Save|Publish|Delete/ })).toBeNull();
    expect(screen.getByText(/Only admins edit content/)).toBeTruthy();
    expect(screen.getByText('Everything we shipped.')).toBeTruthy();
    const body = await screen.findByRole('region', { name: 'Body' });
    await waitFor(() => expect(body.querySelector('strong')?.textContent).toBe('world'));
  });

  it('keeps unsaved edits in the browser and offers them when the item is opened again', async () => {
    setDraftOwner('u1');
    try {
      const sent = server();
      const first = await open();
      const user = userEvent.setup();
      await user.type(field('Excerpt'), ' and more');
      first.unmount();

      await open();
      const notice = screen.getByText(/You have unsaved text in this item/).closest('.draft-offer') as HTMLElement;
      expect(field('Excerpt').value).toBe(item.excerpt);
      await user.click(within(notice).getByRole('button', { name: 'Restore your unsaved text' }));
      expect(field('Excerpt').value).toBe(`${item.excerpt} and more`);
      expect(screen.queryByText(/You have unsaved text/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(patches(sent).at(-1)?.body).toEqual({ excerpt: `${item.excerpt} and more`, baseVersion: 1 }),
      );
      await screen.findByText('All changes saved');
      expect(readStoredDraft(`content:${item.id}`)).toBeNull();
    } finally {
      setDraftOwner(null);
      localStorage.clear();
    }
  });
});
