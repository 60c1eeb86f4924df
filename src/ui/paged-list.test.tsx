import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedList, type PagedQuery } from './paged-list';

function pagedQuery(state: Partial<PagedQuery> = {}): PagedQuery {
  return {
    error: null,
    hasNextPage: false,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(),
    refetch: vi.fn(),
    ...state,
  };
}

const describeError = (error: unknown) => `Failed: ${(error as Error).message}`;

function renderList(query: PagedQuery, items: string[] | undefined, moreLabel?: string) {
  return render(
    <PagedList
      query={query}
      items={items}
      errorMessage={describeError}
      loadingLabel="Loading runs…"
      empty={<p>It has not run yet.</p>}
      moreLabel={moreLabel}
    >
      {(rows) => (
        <ul aria-label="Runs">
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );
}

describe('PagedList', () => {
  it('says it is loading until the first page is in', () => {
    renderList(pagedQuery(), undefined);
    expect(screen.getByRole('status').textContent).toContain('Loading runs…');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows why the first page failed, with a retry that reads it again', () => {
    const query = pagedQuery({ error: new Error('offline') });
    renderList(query, undefined);
    expect(screen.getByRole('alert').textContent).toContain('Failed: offline');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
    expect(query.fetchNextPage).not.toHaveBeenCalled();
  });

  it('shows the empty state when there are no rows', () => {
    renderList(pagedQuery(), []);
    expect(screen.getByText('It has not run yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the rows, and "Show more" while there is a next page', () => {
    const query = pagedQuery({ hasNextPage: true });
    renderList(query, ['first', 'second']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first', 'second']);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('has no "Show more" after the last page', () => {
    renderList(pagedQuery(), ['first']);
    expect(screen.getByRole('list', { name: 'Runs' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names the button as asked and shows it busy while the next page loads', () => {
    renderList(pagedQuery({ hasNextPage: true, isFetchingNextPage: true }), ['first'], 'Show older');
    const button = screen.getByRole('button', { name: /Show older/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('keeps the rows when the next page fails, and says so with a retry of that page', () => {
    const query = pagedQuery({ error: new Error('timeout'), hasNextPage: true, isFetchNextPageError: true });
    renderList(query, ['first']);
    expect(screen.getByRole('listitem').textContent).toBe('first');
    expect(screen.getByRole('alert').textContent).toContain('Failed: timeout');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(query.refetch).not.toHaveBeenCalled();
  });

  it('shows no error beside the rows for a failure that is not the next page', () => {
    renderList(pagedQuery({ error: new Error('refetch failed') }), ['first']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
