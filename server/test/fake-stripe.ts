/**
 * A local stand-in for the few Stripe endpoints the server calls, for tests (never for real
 * payments): point the server at it with `STRIPE_API_URL` (config `payments.stripeApiUrl`).
 *
 * - `POST /v1/checkout/sessions` (form-encoded, as Stripe's library sends it) answers a session
 *   `cs_test_<random>` whose `url` is this server's `/checkout/<id>`;
 * - `GET /v1/checkout/sessions/<id>` answers a session it created;
 * - `GET /checkout/<id>` is a small HTML page saying it is a local test stand-in (what a browser
 *   test lands on instead of Stripe's payment page). When started with `webhook` (the server's
 *   webhook URL and secret), the page has a button that sends the server a signed
 *   `checkout.session.completed` and goes back to the session's `success_url`.
 *
 * Every API request is recorded (`requests`: method, path, headers, form body parsed into nested
 * objects) so tests assert what was sent. `failNext` makes the next API call fail like Stripe.
 *
 * Tests sign events with `signedStripeEvent`, which uses Stripe's own test-header helper.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form body, parsed into nested objects and arrays (`line_items[0][quantity]` → `line_items[0].quantity`). */
  body: Record<string, unknown>;
  raw: string;
};

/** The fields of a Checkout Session the fake fills in (a subset of Stripe's). */
export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  invoice: string | null;
  payment_intent: string | null;
  created: number;
  livemode: false;
};

export type FakeStripe = {
  /** Where it listens: `http://127.0.0.1:<port>`. */
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeCheckoutSession>;
  /** Sets (or clears) where the checkout page's "Pay" button sends its signed event (see `FakeStripeOptions.webhook`). */
  setWebhook: (webhook: { url: string; secret: string } | undefined) => void;
  /** The next API call answers this Stripe error (500 api_error unless told). */
  failNext: (status?: number, error?: { type: string; message: string; code?: string }) => void;
  close: () => Promise<void>;
};

export type FakeStripeOptions = {
  port?: number;
  host?: string;
  /** Lets the checkout page send the server a signed `checkout.session.completed` (a browser's "pay"). */
  webhook?: { url: string; secret: string };
};

const random = (bytes = 12) =>
  randomBytes(bytes)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24);

/** Parses `a[b][0][c]=x&…` (Stripe's form encoding) into nested objects; all-numeric keys become arrays. */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/**
 * A Stripe event about a checkout session, as Stripe would send it: `checkout.session.completed`
 * unless told, with the session paid (an invoice and a payment intent), or expired; `changes`
 * overrides any of the session's fields (e.g. `{payment_status: 'unpaid'}`).
 */
export function checkoutEvent(
  session: Partial<FakeCheckoutSession> & { id: string },
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.expired' = 'checkout.session.completed',
  changes: Record<string, unknown> = {},
  eventId = `evt_test_${random()}`,
) {
  const paid = type !== 'checkout.session.expired';
  return {
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        object: 'checkout.session',
        mode: 'payment',
        ...session,
        status: paid ? 'complete' : 'expired',
        payment_status: paid ? 'paid' : 'unpaid',
        invoice: paid ? `in_test_${random()}` : null,
        payment_intent: paid ? `pi_test_${random()}` : null,
        url: null,
        ...changes,
      },
    },
  };
}

/**
 * Signs `event` for the server's webhook with `secret`, as Stripe does: `body` is the exact JSON to
 * send and `header` the `Stripe-Signature` (made by Stripe's `generateTestHeaderString`).
 * `timestamp` (Unix seconds) signs it as of another time, e.g. to replay an old event.
 */
export function signedStripeEvent(
  secret: string,
  event: unknown,
  options: { timestamp?: number } = {},
): { body: string; header: string } {
  const body = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: options.timestamp });
  return { body, header };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function checkoutPage(session: FakeCheckoutSession, canPay: boolean): string {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  const pay = canPay
    ? `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay ${escapeHtml(amount)} (test)</button></form>`
    : '<p>To finish this purchase, the test sends the server a signed webhook event itself.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test checkout (local stand-in for Stripe)</title></head>
<body>
<main>
<h1>Test checkout</h1>
<p>This is a local test stand-in for Stripe Checkout. No payment is taken here.</p>
<p>Checkout session <code>${escapeHtml(session.id)}</code>: ${escapeHtml(amount)}, status ${escapeHtml(session.status)}.</p>
${pay}
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>
</main>
</body></html>`;
}

/** Starts the fake on `port` (any free one unless told). */
export async function start(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  let failure: { status: number; error: { type: string; message: string; code?: string } } | undefined;
  let base = '';
  let webhook = options.webhook;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    // `Stripe-Should-Retry: false`: Stripe's library does not retry the fake's errors, so one failure is one answer.
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${random()}`,
      ...(status >= 400 ? { 'stripe-should-retry': 'false' } : {}),
    });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: ServerResponse, status: number, error: object) => json(res, status, { error });

  function createSession(form: Record<string, unknown>): FakeCheckoutSession {
    const id = `cs_test_${random()}`;
    const items =
      (form.line_items as { price_data?: { currency?: string; unit_amount?: string }; quantity?: string }[]) ?? [];
    const amount = items.reduce(
      (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
      0,
    );
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: String(form.mode ?? 'payment'),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency: String(items[0]?.price_data?.currency ?? 'usd'),
      client_reference_id: (form.client_reference_id as string | undefined) ?? null,
      customer_email: (form.customer_email as string | undefined) ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      success_url: String(form.success_url ?? ''),
      cancel_url: String(form.cancel_url ?? ''),
      url: `${base}/checkout/${id}`,
      invoice: null,
      payment_intent: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    sessions.set(id, session);
    return session;
  }

  /** The "pay" button: completes the session and sends the server a signed event about it. */
  async function pay(session: FakeCheckoutSession, webhook: { url: string; secret: string }) {
    session.status = 'complete';
    session.payment_status = 'paid';
    session.invoice = `in_test_${random()}`;
    session.payment_intent = `pi_test_${random()}`;
    session.url = null;
    const { body, header } = signedStripeEvent(webhook.secret, checkoutEvent(session));
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body,
    });
    if (!response.ok) throw new Error(`the server answered the webhook with ${response.status}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';

    if (url.pathname.startsWith('/v1/')) {
      requests.push({ method, path: url.pathname, headers: req.headers, body: parseStripeForm(raw), raw });
      if (failure) {
        const { status, error } = failure;
        failure = undefined;
        return stripeError(res, status, error);
      }
      // Stripe takes the key as a bearer token or as the user of Basic auth (`curl -u sk_test_…:`).
      const authorization = req.headers.authorization ?? '';
      const basic = /^Basic (.+)$/.exec(authorization);
      const key = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0]! : authorization.slice(7);
      if (!/^sk_(test|live)_/.test(key)) {
        return stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
      }
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        return json(res, 200, createSession(parseStripeForm(raw)));
      }
      const found = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (method === 'GET' && found) {
        const session = sessions.get(found[1]!);
        if (session) return json(res, 200, session);
        return stripeError(res, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such checkout.session: '${found[1]}'`,
        });
      }
      return stripeError(res, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname})`,
      });
    }

    const page = /^\/checkout\/(cs_test_[A-Za-z0-9]+)(\/pay)?$/.exec(url.pathname);
    const session = page ? sessions.get(page[1]!) : undefined;
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Not found (local Stripe stand-in)');
    }
    if (page![2] && method === 'POST' && webhook && session.status === 'open') {
      await pay(session, webhook);
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(checkoutPage(session, Boolean(webhook) && session.status === 'open'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`local Stripe stand-in failed: ${(error as Error).message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url: base,
    requests,
    sessions,
    setWebhook: (next) => {
      webhook = next;
    },
    failNext: (status = 500, error = { type: 'api_error', message: 'Something went wrong at the fake.' }) => {
      failure = { status, error };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
