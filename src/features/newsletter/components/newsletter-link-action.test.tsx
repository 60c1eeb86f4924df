import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmSubscription, Unsubscribe } from './newsletter-link-action';

type Answer = { status: number; body: unknown };

function serve(answers: Answer[]) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push({ url: new URL(request.url).pathname, body: await request.json() });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected ${request.method} ${request.url}`);
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return sent;
}

function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
}

const tokenRefused = (message: string) => ({
  status: 400,
  body: {
    error: `Invalid body: token: ${message}`,
    code: 'VALIDATION_ERROR',
    issues: [{ location: 'body', path: 'token', message }],
  },
});

describe('ConfirmSubscription', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms only when the button is pressed, then says whose newsletter it is', async () => {
    const sent = serve([
      { status: 200, body: { companyName: 'Acme Robotics', email: 'reader@example.com', status: 'confirmed' } },
    ]);
    renderPage(<ConfirmSubscription token="tok_123" />);
    expect(screen.getByRole('heading', { name: 'Confirm your subscription' })).toBeTruthy();
    // Opening the link (as a mail scanner does) sends nothing.
    expect(sent).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm subscription' }));
    const done = await screen.findByRole('heading', { name: 'You’re subscribed to Acme Robotics’s newsletter' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByRole('status').textContent).toContain('reader@example.com');
    expect(sent).toEqual([{ url: '/api/newsletter/confirm', body: { token: 'tok_123' } }]);
  });

  it('shows the server’s reason for a bad or expired link', async () => {
    const reason = 'This confirmation link has expired or was replaced by a newer one';
    serve([tokenRefused(reason)]);
    renderPage(<ConfirmSubscription token="expired" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('heading', { name: 'This confirmation link cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(reason);
    expect(screen.queryByRole('button', { name: 'Confirm subscription' })).toBeNull();
  });

  it('keeps the button after a refusal that is not the link’s fault (too many attempts)', async () => {
    serve([
      { status: 429, body: { error: 'Too many requests. Try again in 30 s.', code: 'RATE_LIMITED', retryAfter: 30 } },
    ]);
    renderPage(<ConfirmSubscription token="tok_123" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts from your network. Try again in 30 seconds.',
    );
    expect(screen.getByRole('button', { name: 'Confirm subscription' })).toBeTruthy();
  });

  it('says a link without its token is incomplete, and offers nothing to press', () => {
    const sent = serve([]);
    renderPage(<ConfirmSubscription token={null} />);
    expect(screen.getByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe('Unsubscribe', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('unsubscribes on the button, then says no more newsletters come', async () => {
    const sent = serve([
      { status: 200, body: { companyName: 'Acme Robotics', email: 'reader@example.com', status: 'unsubscribed' } },
    ]);
    renderPage(<Unsubscribe token="unsub_1" />);
    expect(sent).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You’re unsubscribed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'reader@example.com will receive no more of Acme Robotics’s newsletter.',
    );
    expect(sent).toEqual([{ url: '/api/newsletter/unsubscribe', body: { token: 'unsub_1' } }]);
  });

  it('shows the server’s message for a removed subscriber', async () => {
    serve([{ status: 404, body: { error: 'This address is not on the list any more', code: 'NOT_FOUND' } }]);
    renderPage(<Unsubscribe token="unsub_1" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'This unsubscribe link cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This address is not on the list any more');
  });
});
