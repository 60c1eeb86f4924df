import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_PAGE, type ContentFilters, type ContentItemSummary } from '../queries';
import type { ContentKind } from '../rules';
import { ContentList } from './content-list';
import { renderWithApp, serve, testItem, type Sent } from './test-harness';

function summary(index: number, overrides: Partial<ContentItemSummary> = {}): ContentItemSummary {
  const { body: _body, ...item } = testItem({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: `Item ${index}`,
    slug: `item-${index}`,
    ...overrides,
  });
  return item;
}

/** The list with its filters held as the route would hold them; `onNew` records the kind asked for. */
function Harness({ canWrite, onNew }: { canWrite: boolean; onNew: (kind: ContentKind) => void }) {
  const [filters, setFilters] = useState<ContentFilters>({});
  return <ContentList filters={filters} onFilters={setFilters} canWrite={canWrite} onNew={onNew} />;
}

/** The list requests sent, as their query strings. */
const listQueries = (sent: Sent[]) =>
  sent.filter((request) => request.path.startsWith('/content-items')).map((request) => request.path.split('?')[1]);

describe('Content list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each item’s title, address, kind, status, tags and author, linking to its editor', async () => {
    serve(() => ({
      status: 200,
      body: [
        summary(1, { title: 'Launch week', kind: 'article', status: 'published', publishedAt: '2026-11-21T10:00:00Z' }),
        summary(2, { title: 'v2.1', kind: 'changelog', tags: [], authorName: null }),
      ],
    }));
    await renderWithApp(<Harness canWrite onNew={() => {}} />);
    const table = within(await screen.findByRole('table', { name: 'Content items' }));
    const [first, second] = table.getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Launch week' }).getAttribute('href')).toBe(
      `/content/${summary(1).id}`,
    );
    expect(first!.textContent).toContain('/item-1');
    expect(first!.textContent).toContain('Article');
    expect(first!.textContent).toContain('Published');
    expect(within(first!).getByRole('list', { name: 'Tags' }).textContent).toBe('news');
    expect(first!.textContent).toContain('Ada Lovelace');
    expect(second!.textContent).toContain('Changelog entry');
    expect(second!.textContent).toContain('Draft');
    expect(second!.textContent).toContain('Former member');
  });

  it('asks the server for the chosen kind, status and search', async () => {
    const sent = serve(() => ({ status: 200, body: [summary(1)] }));
    await renderWithApp(<Harness canWrite onNew={() => {}} />);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Content items' });
    expect(listQueries(sent)).toEqual(['limit=50&offset=0']);

    const kinds = within(screen.getByRole('group', { name: 'Kind' }));
    expect(kinds.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(kinds.getByRole('button', { name: 'Changelog' }));
    expect(kinds.getByRole('button', { name: 'Changelog' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(listQueries(sent).at(-1)).toBe('kind=changelog&limit=50&offset=0'));

    await user.selectOptions(screen.getByLabelText('Status'), 'Drafts');
    await waitFor(() => expect(listQueries(sent).at(-1)).toBe('kind=changelog&status=draft&limit=50&offset=0'));

    await user.type(screen.getByRole('searchbox', { name: 'Search titles' }), 'launch');
    await waitFor(() =>
      expect(listQueries(sent).at(-1)).toBe('kind=changelog&status=draft&q=launch&limit=50&offset=0'),
    );
    // Typing pauses before the search is sent: not one request per letter.
    expect(listQueries(sent).filter((query) => query?.includes('q=')).length).toBe(1);
  });

  it('loads the next page with the offset after what it holds, then says how many there are', async () => {
    const first = Array.from({ length: CONTENT_PAGE }, (_, index) => summary(index + 1));
    const sent = serve((request) =>
      request.path.includes('offset=0')
        ? { status: 200, body: first }
        : { status: 200, body: [summary(CONTENT_PAGE + 1, { title: 'The last one' })] },
    );
    await renderWithApp(<Harness canWrite={false} onNew={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'The last one' })).toBeTruthy();
    expect(listQueries(sent).at(-1)).toBe(`limit=50&offset=${CONTENT_PAGE}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText(`${CONTENT_PAGE + 1} items`)).toBeTruthy();
  });

  it('offers the first article to an admin when there is nothing yet, and nothing to a member', async () => {
    serve(() => ({ status: 200, body: [] }));
    const onNew = vi.fn();
    const admin = await renderWithApp(<Harness canWrite onNew={onNew} />);
    const user = userEvent.setup();
    expect(await screen.findByText('No content yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Write the first article' }));
    expect(onNew).toHaveBeenCalledWith('article');
    admin.unmount();

    await renderWithApp(<Harness canWrite={false} onNew={onNew} />);
    expect(await screen.findByText('No content yet')).toBeTruthy();
    expect(screen.getByText(/Admins write the articles/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New|Write/ })).toBeNull();
  });

  it('says when the filters match nothing, and clears them', async () => {
    const sent = serve((request) => ({ status: 200, body: request.path.includes('kind=help') ? [] : [summary(1)] }));
    await renderWithApp(<Harness canWrite onNew={() => {}} />);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Content items' });
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByText('Nothing matches these filters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table', { name: 'Content items' })).toBeTruthy();
    expect(listQueries(sent).at(-1)).toBe('limit=50&offset=0');
  });

  it('opens "New" with the kind on screen (admins only)', async () => {
    serve(() => ({ status: 200, body: [summary(1)] }));
    const onNew = vi.fn();
    await renderWithApp(<Harness canWrite onNew={onNew} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Help' }));
    await user.click(screen.getByRole('button', { name: 'New help page…' }));
    expect(onNew).toHaveBeenCalledWith('help');
  });

  it('shows the server’s message when the list cannot be read', async () => {
    serve(() => ({ status: 503, body: { error: 'The database is busy; try again' } }));
    await renderWithApp(<Harness canWrite onNew={() => {}} />);
    expect(await screen.findByText('The database is busy; try again')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
