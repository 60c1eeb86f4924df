import { createHash } from 'node:crypto';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { agents, newsletterSubscribers } from '../../db/schema.ts';
import { createLogger } from '../../lib/logger.ts';
import { useTestApp } from '../../test/harness.ts';
import { type ReceivedMail, useTestSmtp } from '../../test/smtp.ts';
import { csvField } from '../../lib/csv.ts';
import { SIGNUP_ACCEPTED, settleNewsletterMail, unsubscribeToken } from './service.ts';

// A local SMTP server: confirmation emails go through the real SMTP path.
const { received, url: smtpUrl } = useTestSmtp();
const logs: string[] = [];
const t = useTestApp({ logger: createLogger('info', (line) => logs.push(line)) });

let ipCounter = 0;
/** Public routes are limited per address: each test calls from its own. */
const freshIp = () => `198.51.100.${++ipCounter}`;
let emailCounter = 0;
const freshEmail = (label = 'reader') => `${label}-${Date.now().toString(36)}-${++emailCounter}@test.example`;

/** Turns on the mail path of the running test app (its config object is shared) for one test. */
function useMailConfig() {
  t.ctx.config.mail = { smtpUrl: smtpUrl(), from: 'Workspace <no-reply@test.example>' };
}
afterEach(() => {
  t.ctx.config.mail = undefined;
});

const subscribe = (companyId: string, email: string, ip = freshIp()) =>
  t.call('POST', '/newsletter', { body: { companyId, email }, ip });

/** Signs up and waits for the email (sent after the answer). */
async function subscribed(companyId: string, email: string) {
  const response = await subscribe(companyId, email);
  expect(response.status).toBe(202);
  await settleNewsletterMail();
  return response;
}

/** The raw message as sent: soft line breaks and `=3D` of quoted-printable undone, headers unfolded. */
const plain = (mail: ReceivedMail) =>
  mail.body
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/\r?\n[ \t]+/g, ' ');

const mailsTo = (email: string) => received.filter((mail) => mail.to === email);

function linksOf(mail: ReceivedMail) {
  const text = plain(mail);
  const confirm = /(http:\/\/[^\s"<>]+\/newsletter\/confirm\?token=([\w%.-]+))/.exec(text);
  const unsubscribe = /(http:\/\/[^\s"<>]+\/newsletter\/unsubscribe\?token=([\w%.-]+))/.exec(text);
  return {
    confirmUrl: confirm?.[1],
    confirmToken: confirm ? decodeURIComponent(confirm[2]!) : undefined,
    unsubscribeUrl: unsubscribe?.[1],
    unsubscribeToken: unsubscribe ? decodeURIComponent(unsubscribe[2]!) : undefined,
  };
}

const confirm = (token: string, ip = freshIp()) => t.call('POST', '/newsletter/confirm', { body: { token }, ip });
const unsubscribe = (token: string, ip = freshIp()) =>
  t.call('POST', '/newsletter/unsubscribe', { body: { token }, ip });

async function rowOf(companyId: string, email: string) {
  const [row] = await t.ctx.db
    .select()
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.companyId, companyId), eq(newsletterSubscribers.email, email)));
  return row;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the public newsletter page', () => {
  it('names the company; an unknown company is 404, a malformed id 400', async () => {
    const company = await t.createCompany('Acme Letters');
    const found = await t.call('GET', `/newsletter/${company.id}`, { ip: freshIp() });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ companyId: company.id, companyName: 'Acme Letters' });
    const unknown = await t.call('GET', `/newsletter/${crypto.randomUUID()}`, { ip: freshIp() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const malformed = await t.call('GET', '/newsletter/not-a-uuid', { ip: freshIp() });
    expect(malformed.status).toBe(400);
  });
});

describe('signup', () => {
  it('refuses an invalid or over-long address with 400 on `email`, an unknown company with 404', async () => {
    const company = await t.createCompany();
    // A valid address of `length` characters: a 60-character local part and 60-character labels.
    const addressOf = (length: number) => {
      const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(length - 61 - 122 - 8)}.example`;
      return `${'a'.repeat(60)}@${domain}`;
    };
    expect(addressOf(254)).toHaveLength(254);
    const longest = await subscribe(company.id, addressOf(254));
    expect(longest.status).toBe(202);
    await settleNewsletterMail();
    for (const email of ['not-an-email', '', 'two@@test.example', addressOf(255)]) {
      const response = await subscribe(company.id, email);
      expect(response.status, email).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['email']);
    }
    const extra = await t.call('POST', '/newsletter', {
      body: { companyId: company.id, email: freshEmail(), name: 'x' },
      ip: freshIp(),
    });
    expect(extra.status).toBe(400);
    const unknown = await subscribe(crypto.randomUUID(), freshEmail());
    expect(unknown.status).toBe(404);
    const rows = await t.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.companyId, company.id));
    expect(rows.map((row) => row.email)).toEqual([addressOf(254)]);
  });

  it('answers the same for a new, pending, confirmed and unsubscribed address; only new and unsubscribed get an email', async () => {
    useMailConfig();
    const company = await t.createCompany();
    const email = freshEmail();
    const answers: unknown[] = [];
    const ask = async () => {
      const response = await subscribed(company.id, email);
      answers.push({ status: response.status, body: response.body });
    };

    await ask(); // new
    expect(mailsTo(email)).toHaveLength(1);
    expect((await rowOf(company.id, email))!.status).toBe('pending');

    await ask(); // pending, asked a moment ago: nothing sent
    expect(mailsTo(email)).toHaveLength(1);

    const { confirmToken, unsubscribeToken: leave } = linksOf(mailsTo(email)[0]!);
    expect((await confirm(confirmToken!)).status).toBe(200);
    await ask(); // confirmed: nothing sent
    expect(mailsTo(email)).toHaveLength(1);
    expect((await rowOf(company.id, email))!.status).toBe('confirmed');

    expect((await unsubscribe(leave!)).status).toBe(200);
    await ask(); // unsubscribed: pending again, a new confirmation
    expect(mailsTo(email)).toHaveLength(2);
    expect((await rowOf(company.id, email))!.status).toBe('pending');

    expect(answers).toHaveLength(4);
    for (const answer of answers) expect(answer).toEqual({ status: 202, body: { message: SIGNUP_ACCEPTED } });
  });

  it('normalises the address: another case is the same subscriber', async () => {
    const company = await t.createCompany();
    const email = freshEmail();
    await subscribed(company.id, email.toUpperCase());
    await subscribed(company.id, email);
    const rows = await t.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.companyId, company.id));
    expect(rows.map((row) => row.email)).toEqual([email]);
  });

  it('emails a confirmation link (stored hashed) and an unsubscribe link that work, with List-Unsubscribe headers', async () => {
    useMailConfig();
    const company = await t.createCompany('Link Works Inc');
    const email = freshEmail();
    await subscribed(company.id, email);
    const [mail] = mailsTo(email);
    expect(mail).toBeDefined();
    const text = plain(mail!);
    expect(text).toContain('Link Works Inc');
    const links = linksOf(mail!);
    // Links lead to the web app: the origin the request was made to (no PUBLIC_URL here).
    expect(links.confirmUrl).toMatch(/^http:\/\/localhost\/newsletter\/confirm\?token=[\w-]{43}$/);
    expect(links.unsubscribeUrl).toMatch(/^http:\/\/localhost\/newsletter\/unsubscribe\?token=/);
    const row = await rowOf(company.id, email);
    expect(row!.confirmTokenHash).toBe(createHash('sha256').update(links.confirmToken!).digest('hex'));
    expect(row!.confirmExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(row!.confirmExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    expect(links.unsubscribeToken).toBe(unsubscribeToken(t.ctx, row!.id));
    const oneClick = `http://localhost/api/newsletter/unsubscribe/one-click?token=${encodeURIComponent(links.unsubscribeToken!)}`;
    expect(text).toMatch(/^List-Unsubscribe: <([^>]+)>/m);
    expect(/^List-Unsubscribe: <([^>]+)>/m.exec(text)![1]!.replace(/\s/g, '')).toBe(oneClick);
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    const confirmed = await confirm(links.confirmToken!);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ companyName: 'Link Works Inc', email, status: 'confirmed' });
    expect((await rowOf(company.id, email))!.confirmedAt).not.toBeNull();
    // Opening the link again answers the same.
    const again = await confirm(links.confirmToken!);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(confirmed.body);

    const left = await unsubscribe(links.unsubscribeToken!);
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ companyName: 'Link Works Inc', email, status: 'unsubscribed' });
    const leftAgain = await unsubscribe(links.unsubscribeToken!);
    expect(leftAgain.status).toBe(200);
    expect(leftAgain.body).toEqual(left.body);
    const unsubscribedAt = (await rowOf(company.id, email))!.unsubscribedAt;
    expect(unsubscribedAt).not.toBeNull();
    // The old confirmation link cannot undo the unsubscribe.
    const stale = await confirm(links.confirmToken!);
    expect(stale.status).toBe(400);
    expect((await rowOf(company.id, email))!.status).toBe('unsubscribed');
  });

  it('one-click unsubscribe (RFC 8058): a mail client posts List-Unsubscribe=One-Click to the header’s URL', async () => {
    const company = await t.createCompany();
    const email = freshEmail();
    await subscribed(company.id, email);
    const row = await rowOf(company.id, email);
    const token = encodeURIComponent(unsubscribeToken(t.ctx, row!.id));
    const post = (rawBody: string, headers: Record<string, string>) =>
      t.call('POST', `/newsletter/unsubscribe/one-click?token=${token}`, { rawBody, headers, ip: freshIp() });
    const urlencoded = await post('List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(urlencoded.status).toBe(200);
    expect(urlencoded.body).toMatchObject({ email, status: 'unsubscribed' });
    const boundary = 'x-boundary-1';
    const multipart = await post(
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(multipart.status).toBe(200);
    const bad = await t.call('POST', `/newsletter/unsubscribe/one-click?token=${token}x`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: freshIp(),
    });
    expect(bad.status).toBe(400);
  });

  it('refuses unknown, expired and tampered tokens with 400 on `token`; a removed subscriber’s unsubscribe link is 404', async () => {
    const company = await t.createCompany();
    const email = freshEmail();
    await subscribed(company.id, email);
    const row = await rowOf(company.id, email);

    for (const response of [
      await confirm('not-a-token'),
      await unsubscribe('not-a-token'),
      await unsubscribe(`${row!.id}.${'A'.repeat(43)}`),
      await unsubscribe(`${crypto.randomUUID()}.${unsubscribeToken(t.ctx, row!.id).split('.')[1]}`),
      await unsubscribe(`${unsubscribeToken(t.ctx, row!.id)}.x`),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.issues[0].path).toBe('token');
    }

    // Expired: a token is valid 7 days.
    const logged = logs.length;
    const { token } = await loggedConfirmation(company.id, freshEmail('expiring'), logged);
    const expiring = await t.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.confirmTokenHash, createHash('sha256').update(token).digest('hex')));
    await t.ctx.db
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: minutesAgo(1) })
      .where(eq(newsletterSubscribers.id, expiring[0]!.id));
    const expired = await confirm(token);
    expect(expired.status).toBe(400);
    expect(expired.body.issues[0].path).toBe('token');
    expect(
      (await t.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, expiring[0]!.id)))[0]!
        .status,
    ).toBe('pending');

    // Removed by an admin (erasure): the stateless unsubscribe token is genuine but names nobody.
    await t.ctx.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, row!.id));
    const gone = await unsubscribe(unsubscribeToken(t.ctx, row!.id));
    expect(gone.status).toBe(404);
  });

  it('sends a pending address a new link only when the last was asked for 10 minutes ago or more; the new link replaces the old', async () => {
    useMailConfig();
    const company = await t.createCompany();
    const email = freshEmail();
    await subscribed(company.id, email);
    const first = linksOf(mailsTo(email)[0]!);
    await t.ctx.db
      .update(newsletterSubscribers)
      .set({ requestedAt: minutesAgo(9) })
      .where(eq(newsletterSubscribers.email, email));
    await subscribed(company.id, email);
    expect(mailsTo(email)).toHaveLength(1);
    await t.ctx.db
      .update(newsletterSubscribers)
      .set({ requestedAt: minutesAgo(10) })
      .where(eq(newsletterSubscribers.email, email));
    await subscribed(company.id, email);
    expect(mailsTo(email)).toHaveLength(2);
    const second = linksOf(mailsTo(email)[1]!);
    expect(second.confirmToken).not.toBe(first.confirmToken);
    // The unsubscribe link is the same in every email.
    expect(second.unsubscribeToken).toBe(first.unsubscribeToken);
    expect((await confirm(first.confirmToken!)).status).toBe(400);
    expect((await confirm(second.confirmToken!)).status).toBe(200);
  });

  it('lets an unsubscribed address subscribe again with a new confirmation', async () => {
    useMailConfig();
    const company = await t.createCompany();
    const email = freshEmail();
    await subscribed(company.id, email);
    const first = linksOf(mailsTo(email)[0]!);
    await confirm(first.confirmToken!);
    await unsubscribe(first.unsubscribeToken!);
    await subscribed(company.id, email);
    expect(mailsTo(email)).toHaveLength(2);
    const second = linksOf(mailsTo(email)[1]!);
    const confirmed = await confirm(second.confirmToken!);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    const row = await rowOf(company.id, email);
    expect(row).toMatchObject({ status: 'confirmed', unsubscribedAt: null });
  });

  it('answers before the email is sent: a mail server that never replies does not hold the answer', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    t.ctx.config.mail = {
      // Timeouts longer than the test's: only an answer that does not wait for the mail passes.
      smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}?greetingTimeout=600000&connectionTimeout=600000`,
      from: 'Workspace <no-reply@test.example>',
    };
    const company = await t.createCompany();
    const email = freshEmail('slow');
    const from = logs.length;
    // Were the email awaited, this would wait for an SMTP greeting that never comes: the test would time out.
    const response = await subscribe(company.id, email);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ message: SIGNUP_ACCEPTED });
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await settleNewsletterMail();
    // The failure is the operator's to see; the visitor had their answer.
    expect(logs.slice(from).some((line) => line.includes(`confirmation email to ${email} failed`))).toBe(true);
  });

  it('without a mail server logs the confirmation link for the operator, and that link works', async () => {
    expect(t.ctx.config.mail).toBeUndefined();
    const company = await t.createCompany();
    const email = freshEmail('logged');
    const before = received.length;
    const { line, token } = await loggedConfirmation(company.id, email, logs.length);
    expect(received.length).toBe(before);
    expect(line).toContain(email);
    expect(line).toMatch(
      /INFO newsletter: no mail server configured; confirmation link for .+: http:\/\/localhost\/newsletter\/confirm\?token=/,
    );
    expect((await confirm(token)).status).toBe(200);
  });

  it('builds links on PUBLIC_URL when it is set', async () => {
    const company = await t.createCompany();
    const previous = t.ctx.config.publicUrl;
    t.ctx.config.publicUrl = 'https://app.example.com';
    try {
      const { line } = await loggedConfirmation(company.id, freshEmail(), logs.length);
      expect(line).toContain('https://app.example.com/newsletter/confirm?token=');
    } finally {
      t.ctx.config.publicUrl = previous;
    }
  });
});

/** Signs up without a mail server and reads the confirmation link the server logged. */
async function loggedConfirmation(companyId: string, email: string, from: number) {
  await subscribed(companyId, email);
  const line = logs.slice(from).find((entry) => entry.includes(`confirmation link for ${email}`));
  expect(line, 'the confirmation link is logged').toBeDefined();
  const token = decodeURIComponent(/newsletter\/confirm\?token=([\w%.-]+)/.exec(line!)![1]!);
  return { line: line!, token };
}

describe('CORS', () => {
  it('answers the preflight of POST /newsletter for any origin, without credentials', async () => {
    const response = await t.call('OPTIONS', '/newsletter', {
      headers: {
        origin: 'https://www.acme.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('marks the signup and the newsletter page readable cross-origin, and nothing else of the module', async () => {
    const company = await t.createCompany();
    const origin = { origin: 'https://www.acme.example' };
    const page = await t.call('GET', `/newsletter/${company.id}`, { headers: origin, ip: freshIp() });
    expect(page.headers.get('access-control-allow-origin')).toBe('*');
    const pagePreflight = await t.call('OPTIONS', `/newsletter/${company.id}`, {
      headers: { ...origin, 'access-control-request-method': 'GET' },
    });
    expect(pagePreflight.status).toBe(204);
    expect(pagePreflight.headers.get('access-control-allow-origin')).toBe('*');
    const signup = await t.call('POST', '/newsletter', {
      headers: origin,
      body: { companyId: company.id, email: freshEmail() },
      ip: freshIp(),
    });
    expect(signup.status).toBe(202);
    expect(signup.headers.get('access-control-allow-origin')).toBe('*');
    expect(signup.headers.get('access-control-expose-headers')).toContain('Retry-After');
    await settleNewsletterMail();
    // Confirming and the admin operations are for the app itself.
    const confirming = await t.call('POST', '/newsletter/confirm', {
      headers: origin,
      body: { token: 'x' },
      ip: freshIp(),
    });
    expect(confirming.headers.get('access-control-allow-origin')).toBeNull();
    const org = await t.createOrg();
    const list = await t.call('GET', '/newsletter-subscribers', { headers: origin, token: org.adminToken });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the signup link of an email point at this app even when a foreign site posts the form', async () => {
    const company = await t.createCompany();
    const email = freshEmail();
    const from = logs.length;
    const response = await t.call('POST', '/newsletter', {
      headers: { origin: 'https://evil.example' },
      body: { companyId: company.id, email },
      ip: freshIp(),
    });
    expect(response.status).toBe(202);
    await settleNewsletterMail();
    const line = logs.slice(from).find((entry) => entry.includes(email));
    expect(line).toContain('http://localhost/newsletter/confirm?token=');
    expect(line).not.toContain('evil.example');
  });

  it('sends no email when the signup names a host this server is not reached by (a forged Host must not choose the links)', async () => {
    const company = await t.createCompany();
    const email = freshEmail();
    const from = logs.length;
    const response = await t.app.request(
      'http://evil.example/api/newsletter',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: company.id, email }),
      },
      { incoming: { socket: { remoteAddress: freshIp() } } } as never,
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: SIGNUP_ACCEPTED });
    await settleNewsletterMail();
    const lines = logs.slice(from).filter((entry) => entry.includes(email));
    expect(lines.some((line) => line.includes('no confirmation email') && line.includes('PUBLIC_URL'))).toBe(true);
    expect(lines.some((line) => line.includes('evil.example'))).toBe(false);
    // The address is pending all the same: a signup through a known host sends the link later.
    expect((await rowOf(company.id, email))!.status).toBe('pending');
  });
});

describe('admins’ subscriber list', () => {
  async function seeded() {
    const org = await t.createOrg();
    const other = await t.createOrg();
    const at = (minutes: number) => minutesAgo(minutes);
    const values = [
      { email: 'ada@one.example', status: 'confirmed' as const, createdAt: at(50), confirmedAt: at(49) },
      { email: 'bob@two.example', status: 'pending' as const, createdAt: at(40) },
      {
        email: 'cy@one.example',
        status: 'unsubscribed' as const,
        createdAt: at(30),
        confirmedAt: at(29),
        unsubscribedAt: at(10),
      },
      {
        email: 'dee@ONE-more.example'.toLowerCase(),
        status: 'confirmed' as const,
        createdAt: at(20),
        confirmedAt: at(19),
      },
    ];
    const rows = await t.ctx.db
      .insert(newsletterSubscribers)
      .values(values.map((value) => ({ ...value, companyId: org.company.id, requestedAt: value.createdAt })))
      .returning();
    const [foreign] = await t.ctx.db
      .insert(newsletterSubscribers)
      .values({ companyId: other.company.id, email: 'zed@one.example', status: 'confirmed' })
      .returning();
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]));
    return { org, other, byEmail, foreign: foreign! };
  }
  const list = (token: string, query = '') => t.call('GET', `/newsletter-subscribers${query}`, { token });

  it('is a plain array, newest signup first, filtered by status and address substring, paged by limit and offset', async () => {
    const { org, byEmail } = await seeded();
    const all = await list(org.adminToken);
    expect(all.status).toBe(200);
    expect(all.body.map((row: { email: string }) => row.email)).toEqual([
      'dee@one-more.example',
      'cy@one.example',
      'bob@two.example',
      'ada@one.example',
    ]);
    const cy = byEmail['cy@one.example']!;
    expect(all.body[1]).toEqual({
      id: cy.id,
      email: 'cy@one.example',
      status: 'unsubscribed',
      createdAt: cy.createdAt.toISOString(),
      requestedAt: cy.requestedAt.toISOString(),
      confirmedAt: cy.confirmedAt!.toISOString(),
      unsubscribedAt: cy.unsubscribedAt!.toISOString(),
    });
    const confirmed = await list(org.adminToken, '?status=confirmed');
    expect(confirmed.body.map((row: { email: string }) => row.email)).toEqual([
      'dee@one-more.example',
      'ada@one.example',
    ]);
    const q = await list(org.adminToken, '?q=ONE.EX');
    expect(q.body.map((row: { email: string }) => row.email)).toEqual(['cy@one.example', 'ada@one.example']);
    const both = await list(org.adminToken, '?q=one&status=pending');
    expect(both.body).toEqual([]);
    const page = await list(org.adminToken, '?limit=2&offset=1');
    expect(page.body.map((row: { email: string }) => row.email)).toEqual(['cy@one.example', 'bob@two.example']);
    for (const bad of ['?limit=0', '?limit=101', '?offset=-1', '?status=gone', `?q=${'a'.repeat(255)}`]) {
      const response = await list(org.adminToken, bad);
      expect(response.status, bad).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('is for admins: members get 403 FORBIDDEN; a read key lists', async () => {
    const { org } = await seeded();
    for (const path of ['/newsletter-subscribers', '/newsletter-subscribers/export']) {
      const response = await t.call('GET', path, { token: org.memberToken });
      expect(response.status, path).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
    const key = await t.createKey(org.adminToken, 'read');
    expect((await list(key.secret)).body).toHaveLength(4);
  });

  it('is closed to agent tokens', async () => {
    const { org } = await seeded();
    const [bot] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Letter bot' }).returning();
    const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'n' } });
    const response = await list(minted.body.secret);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
  });

  it('exports CSV with a header row, safe from spreadsheet formulas', async () => {
    const { org } = await seeded();
    // Addresses a spreadsheet would read as formulas, or that need quoting (as they could be stored).
    await t.ctx.db.insert(newsletterSubscribers).values([
      {
        companyId: org.company.id,
        email: '=hyperlink("http://x.example")@x.example',
        status: 'pending',
        createdAt: minutesAgo(5),
      },
      { companyId: org.company.id, email: '-2+3@x.example', status: 'pending', createdAt: minutesAgo(4) },
    ]);
    const response = await t.call('GET', '/newsletter-subscribers/export', { token: org.adminToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-company-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (response.body as string).split('\r\n');
    expect(lines[0]).toBe('email,status,subscribed,confirmed,unsubscribed');
    expect(lines[1]).toBe(`'-2+3@x.example,pending,${lines[1]!.split(',')[2]},,`);
    expect(lines[2]).toMatch(/^"'=hyperlink\(""http:\/\/x\.example""\)@x\.example",pending,\d{4}-[\d-]+T[\d:.]+Z,,$/);
    expect(lines.find((line) => line.startsWith('cy@one.example'))).toMatch(
      /^cy@one\.example,unsubscribed,[^,]+Z,[^,]+Z,[^,]+Z$/,
    );
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 6 + 1);
    expect((response.body as string).includes('zed@one.example')).toBe(false);

    const filtered = await t.call('GET', '/newsletter-subscribers/export?status=confirmed&q=one', {
      token: org.adminToken,
    });
    expect((filtered.body as string).split('\r\n')).toEqual([
      'email,status,subscribed,confirmed,unsubscribed',
      expect.stringMatching(/^dee@one-more\.example,confirmed,/),
      expect.stringMatching(/^ada@one\.example,confirmed,/),
      '',
    ]);
  });

  it('csvField quotes and defuses as RFC 4180 and the credit export do', () => {
    expect(csvField(null)).toBe('');
    expect(csvField('plain@x.example')).toBe('plain@x.example');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });

  it('deletes a subscriber for good (204); another company’s is 404; members 403; the address may sign up again', async () => {
    const { org, byEmail, foreign } = await seeded();
    const ada = byEmail['ada@one.example']!;
    const member = await t.call('DELETE', `/newsletter-subscribers/${ada.id}`, { token: org.memberToken });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    const others = await t.call('DELETE', `/newsletter-subscribers/${foreign.id}`, { token: org.adminToken });
    expect(others.status).toBe(404);
    expect(
      await t.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, foreign.id)),
    ).toHaveLength(1);
    const deleted = await t.call('DELETE', `/newsletter-subscribers/${ada.id}`, { token: org.adminToken });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect(await t.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, ada.id))).toEqual([]);
    expect((await t.call('DELETE', `/newsletter-subscribers/${ada.id}`, { token: org.adminToken })).status).toBe(404);
    await subscribed(org.company.id, 'ada@one.example');
    expect((await rowOf(org.company.id, 'ada@one.example'))!.status).toBe('pending');
  });
});
