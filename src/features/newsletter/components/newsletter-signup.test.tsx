import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterSignup } from './newsletter-signup';

const COMPANY_ID = '0b8c5e1a-3f4d-4c2a-9d7e-2f1b6a9c8e10';
const ACCEPTED = 'Thanks! If this address is not subscribed yet, an email with a confirmation link is on its way.';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** Answers GET /newsletter/<id> with `newsletter`, and each POST with the next of `posts`. */
function serve(newsletter: Answer, posts: Answer[] = []) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const body = request.method === 'POST' ? await request.json() : undefined;
      sent.push({ method: request.method, url: new URL(request.url).pathname, body });
      const answer = request.method === 'GET' ? newsletter : posts.shift();
      if (!answer) throw new Error(`unexpected ${request.method} ${request.url}`);
      return Response.json(answer.body, { status: answer.status, headers: answer.headers });
    }),
  );
  return sent;
}

const acme = { status: 200, body: { companyId: COMPANY_ID, companyName: 'Acme Robotics' } };

function renderSignup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewsletterSignup companyId={COMPANY_ID} />
    </QueryClientProvider>,
  );
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
/** What a field's description and error say (its `aria-describedby`). */
const described = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('NewsletterSignup', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the company, signs the address up and says to check the inbox, whatever the server knew', async () => {
    const sent = serve(acme, [{ status: 202, body: { message: ACCEPTED } }]);
    renderSignup();
    expect(await screen.findByRole('heading', { name: 'Acme Robotics newsletter', level: 1 })).toBeTruthy();
    const email = emailField();
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email.type).toBe('email');
    const user = userEvent.setup();
    await user.type(email, '  Reader@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const heading = await screen.findByRole('heading', { name: 'Check your inbox to confirm' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toBe(ACCEPTED);
    expect(sent).toEqual([
      { method: 'GET', url: `/api/newsletter/${COMPANY_ID}`, body: undefined },
      { method: 'POST', url: '/api/newsletter', body: { companyId: COMPANY_ID, email: 'Reader@Example.com' } },
    ]);

    // Another address: the form again, empty.
    await user.click(screen.getByRole('button', { name: 'Sign up another address' }));
    expect(emailField().value).toBe('');
  });

  it('says a link for no company is not valid', async () => {
    serve({ status: 404, body: { error: 'Company not found', code: 'NOT_FOUND' } });
    renderSignup();
    expect(await screen.findByRole('heading', { name: 'This signup link is not valid' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('shows how long to wait after too many attempts, with the server’s real 429, and keeps the address', async () => {
    // The envelope and header the server's rate limiter answers (server/http/rate-limit.ts `tooManyRequests`).
    serve(acme, [
      {
        status: 429,
        body: { error: 'Too many requests. Try again in 840 s.', code: 'RATE_LIMITED', retryAfter: 840 },
        headers: { 'Retry-After': '840' },
      },
    ]);
    renderSignup();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts from your network. Try again in 14 minutes.');
    expect(emailField().value).toBe('reader@example.com');
    expect(screen.queryByRole('heading', { name: 'Check your inbox to confirm' })).toBeNull();
  });

  it('falls back to the server’s own words when a 429 says no wait', async () => {
    serve(acme, [{ status: 429, body: { error: 'Too many requests. Try again later.', code: 'RATE_LIMITED' } }]);
    renderSignup();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Try again later.');
  });

  it('puts the server’s refusal of the address on the field and keeps it', async () => {
    const message = 'Invalid email address';
    serve(acme, [
      {
        status: 400,
        body: {
          error: `Invalid body: email: ${message}`,
          code: 'VALIDATION_ERROR',
          issues: [{ location: 'body', path: 'email', message }],
        },
      },
    ]);
    renderSignup();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'reader@example.c');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(described(emailField())).toContain(message));
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().value).toBe('reader@example.c');
    // Typing again clears the server's word on the old address.
    await user.type(emailField(), 'om');
    expect(described(emailField())).not.toContain(message);
  });

  it('asks for an address before sending anything', async () => {
    const sent = serve(acme);
    renderSignup();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(described(emailField())).toContain('Enter an email address');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
