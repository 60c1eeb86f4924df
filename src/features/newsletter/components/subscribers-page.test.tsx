import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/api';
import { dismissToast, Toaster } from '@/ui';
import type { NewsletterSubscriber, SubscriberFilters } from '../queries';
import { SubscribersPage } from './subscribers-page';

const COMPANY_ID = '7d1c2b3a-0000-4000-8000-000000000001';

function me(admin: boolean): Me {
  return {
    user: { id: 'u1', name: 'Ada', email: 'ada@acme.example' },
    company: { id: COMPANY_ID, name: 'Acme Robotics' },
    role: admin ? 'admin' : 'member',
    permissions: { manageContent: admin },
  } as unknown as Me;
}

function subscriber(n: number, patch: Partial<NewsletterSubscriber> = {}): NewsletterSubscriber {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `reader${n}@example.com`,
    status: 'pending',
    createdAt: '2026-11-02T09:15:00.000Z',
    requestedAt: '2026-11-02T09:15:00.000Z',
    confirmedAt: null,
    unsubscribedAt: null,
    ...patch,
  };
}

type Handler = (request: Request, url: URL) => Promise<Response> | Response;

/** Answers the client's calls with `handler`, recording each as `METHOD /path?query`. */
function serve(handler: Handler) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      return handler(request, url);
    }),
  );
  return calls;
}

function renderPage(filters: SubscriberFilters = {}, admin = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onFilters = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SubscribersPage me={me(admin)} filters={filters} onFilters={onFilters} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onFilters };
}

const table = () => screen.getByRole('table', { name: 'Subscribers' });
/** The addresses listed, in order (read from the DOM: role queries over 50 rows are slow). */
const emails = () => [...table().querySelectorAll('tbody tr')].map((row) => row.querySelector('td')?.textContent);

describe('SubscribersPage', () => {
  afterEach(() => {
    act(() => {
      for (let id = 0; id < 50; id += 1) dismissToast(id);
    });
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the subscribers with their status and dates, 50 at a time until a short page', async () => {
    const first = Array.from({ length: 50 }, (_, i) => subscriber(i + 1));
    first[0] = subscriber(1, {
      status: 'confirmed',
      confirmedAt: '2026-11-03T10:00:00.000Z',
    });
    const calls = serve((_request, url) =>
      Response.json(url.searchParams.get('offset') === '0' ? first : [subscriber(51, { status: 'unsubscribed' })]),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Subscribers' });
    expect(emails()).toHaveLength(50);
    const row = table().querySelector<HTMLElement>('tbody tr')!;
    expect(within(row).getByText('Confirmed')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('time')
        .map((time) => time.getAttribute('datetime')),
    ).toEqual(['2026-11-02T09:15:00.000Z', '2026-11-03T10:00:00.000Z']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(emails()).toHaveLength(51));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('51 subscribers.')).toBeTruthy();
    expect(calls).toEqual([
      'GET /api/newsletter-subscribers?limit=50&offset=0',
      'GET /api/newsletter-subscribers?limit=50&offset=50',
    ]);
  });

  it('asks the list with the filters, and changes them from the status menu and the search box', async () => {
    const calls = serve(() => Response.json([subscriber(1)]));
    const { onFilters } = renderPage({ status: 'pending', q: 'reader' });
    await screen.findByRole('table', { name: 'Subscribers' });
    expect(calls).toEqual(['GET /api/newsletter-subscribers?status=pending&q=reader&limit=50&offset=0']);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Unsubscribed');
    expect(onFilters).toHaveBeenLastCalledWith({ status: 'unsubscribed', q: 'reader' });
    const search = screen.getByRole('searchbox', { name: 'Search by email' });
    expect((search as HTMLInputElement).value).toBe('reader');
    await user.type(search, '1@');
    // Once typing settles: one change, not one per key.
    await waitFor(() => expect(onFilters).toHaveBeenLastCalledWith({ status: 'pending', q: 'reader1@' }));
    expect(onFilters).toHaveBeenCalledTimes(2);
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    serve(() => Response.json([]));
    const { onFilters } = renderPage({ status: 'confirmed' });
    expect(await screen.findByText('No subscribers match these filters.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onFilters).toHaveBeenCalledWith({});
  });

  it('exports the server’s CSV under the filters, through the signed-in client, as a file', async () => {
    const csv =
      'email,status,subscribed,confirmed,unsubscribed\r\nreader1@example.com,pending,2026-11-02T09:15:00.000Z,,\r\n';
    const calls = serve((_request, url) =>
      url.pathname.endsWith('/export')
        ? new Response(csv, {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="newsletter-acme-robotics-2026-11-26.csv"',
            },
          })
        : Response.json([subscriber(1)]),
    );
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:subscribers';
      }),
      revokeObjectURL: vi.fn(),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage({ status: 'pending' });
    await screen.findByRole('table', { name: 'Subscribers' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['newsletter-acme-robotics-2026-11-26.csv']));
    expect(await blobs[0]!.text()).toBe(csv);
    expect(calls).toContain('GET /api/newsletter-subscribers/export?status=pending');
  });

  it('shows the server’s message when the export is refused', async () => {
    serve((_request, url) =>
      url.pathname.endsWith('/export')
        ? Response.json({ error: 'Only company admins may do this', code: 'FORBIDDEN' }, { status: 403 })
        : Response.json([subscriber(1)]),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Subscribers' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Only company admins may do this')).toBeTruthy();
  });

  it('removes a subscriber at once after confirming, and puts it back with the server’s message when refused', async () => {
    let answerDelete: (response: Response) => void = () => undefined;
    const calls = serve((request) =>
      request.method === 'DELETE'
        ? new Promise<Response>((resolve) => (answerDelete = resolve))
        : Response.json([subscriber(1), subscriber(2), subscriber(3)]),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Subscribers' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove reader2@example.com' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove reader2@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove subscriber' }));

    // Gone before the server answers.
    await waitFor(() => expect(emails()).toEqual(['reader1@example.com', 'reader3@example.com']));
    expect(calls).toContain(`DELETE /api/newsletter-subscribers/${subscriber(2).id}`);
    answerDelete(Response.json({ error: 'Only company admins may do this', code: 'FORBIDDEN' }, { status: 403 }));

    // Back in its place, with the server's reason.
    await waitFor(() =>
      expect(emails()).toEqual(['reader1@example.com', 'reader2@example.com', 'reader3@example.com']),
    );
    expect(await screen.findByText('Could not remove reader2@example.com')).toBeTruthy();
    expect(screen.getByText('Only company admins may do this')).toBeTruthy();
  });

  it('keeps the row out once the server has removed it', async () => {
    let removed = false;
    serve((request) => {
      if (request.method === 'DELETE') {
        removed = true;
        return new Response(null, { status: 204 });
      }
      return Response.json(removed ? [subscriber(1)] : [subscriber(1), subscriber(2)]);
    });
    renderPage();
    await screen.findByRole('table', { name: 'Subscribers' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove reader2@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Remove subscriber' }));
    expect(await screen.findByText('Removed reader2@example.com')).toBeTruthy();
    expect(emails()).toEqual(['reader1@example.com']);
  });

  it('gives the signup page’s link and a form that posts to the API', async () => {
    serve(() => Response.json([]));
    renderPage();
    const panel = screen.getByRole('region', { name: 'Signup form' });
    const link = within(panel).getByRole('link');
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/subscribe/${COMPANY_ID}`);
    const code = within(panel).getByRole('region', { name: 'Form for your website' }).textContent ?? '';
    expect(code).toContain(`fetch("${window.location.origin}/api/newsletter"`);
    expect(code).toContain(`companyId: "${COMPANY_ID}"`);
    // user-event stands in for the clipboard.
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Copy link to the signup page' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/subscribe/${COMPANY_ID}`);
  });

  it('explains to a member that the list is for admins, and asks nothing', () => {
    const calls = serve(() => Response.json([]));
    renderPage({}, false);
    expect(screen.getByText('Only company admins can see the newsletter’s subscribers.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls).toEqual([]);
  });
});
