import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { useTestSmtp } from '../../test/smtp.ts';
import { passwordProblem } from './invitations.ts';

// A local SMTP server: invitation emails go through the real SMTP path.
const { received, url: smtpUrl } = useTestSmtp();

const t = useTestApp();
const STRONG = 'violet-harbour-sunrise';
let ipCounter = 0;
/** Public routes are limited per address: each test calls from its own. */
const freshIp = () => `198.51.100.${++ipCounter}`;
const tokenOfLink = (link: string) => link.split('#')[1]!;

async function invite(adminToken: string, email: string, role: 'admin' | 'member' = 'member') {
  const response = await t.call('POST', '/organization/invitations', {
    token: adminToken,
    body: { email, role },
    headers: { origin: 'http://app.example' },
  });
  expect(response.status).toBe(201);
  return response.body as { invitation: { id: string; link: string; status: string }; emailSent: boolean };
}

describe('invitations', () => {
  it('go from invite to preview to sign-up; the link works once', async () => {
    const org = await t.createOrg();
    const email = `new-${Date.now()}@test.example`;
    const { invitation, emailSent } = await invite(org.adminToken, email.toUpperCase());
    expect(emailSent).toBe(false);
    expect(invitation.status).toBe('pending');
    expect(invitation.link).toMatch(/^http:\/\/app\.example\/invite#[\w-]{43}$/);
    const token = tokenOfLink(invitation.link);
    // Only the hash is stored.
    const [row] = await t.ctx.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.email).toBe(email);

    const ip = freshIp();
    const preview = await t.call('POST', '/auth/invitations/preview', { body: { token }, ip });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      companyName: org.company.name,
      inviterName: org.admin.name,
      email,
      role: 'member',
      expiresAt: row!.expiresAt.toISOString(),
    });

    const signUp = await t.call('POST', '/auth/signup', {
      body: { name: 'Newcomer', email, password: STRONG, invitationToken: token },
      ip,
    });
    expect(signUp.status).toBe(201);
    const me = await t.call('GET', '/users/me', { token: signUp.body.token });
    expect(me.body.company.id).toBe(org.company.id);
    expect(me.body.role).toBe('member');
    const chart = await t.call('GET', '/organization/chart', { token: org.adminToken });
    expect(chart.body.humans.map((h: { name: string }) => h.name)).toContain('Newcomer');

    const listed = await t.call('GET', '/organization/invitations', { token: org.adminToken });
    expect(listed.body.invitations[0]).toMatchObject({ id: invitation.id, status: 'accepted', link: null });
    const reused = await t.call('POST', '/auth/signup', {
      body: { name: 'Again', email: `again-${Date.now()}@test.example`, password: STRONG, invitationToken: token },
      ip: freshIp(),
    });
    expect(reused.status).toBe(404);
    expect(reused.body.code).toBe('INVITATION_NOT_FOUND');
  });

  it('answer the same 404 for unknown, used, expired and withdrawn tokens', async () => {
    const org = await t.createOrg();
    const bodies: unknown[] = [];
    const ip = freshIp();
    const preview = async (token: string) => {
      const response = await t.call('POST', '/auth/invitations/preview', { body: { token }, ip });
      expect(response.status).toBe(404);
      bodies.push(response.body);
    };
    await preview('not-a-token');
    await preview('A'.repeat(43));
    const expired = await invite(org.adminToken, `exp-${Date.now()}@test.example`);
    await t.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.invitation.id));
    await preview(tokenOfLink(expired.invitation.link));
    const listed = await t.call('GET', '/organization/invitations', { token: org.adminToken });
    expect(listed.body.invitations.find((i: { id: string }) => i.id === expired.invitation.id).status).toBe('expired');
    const withdrawn = await invite(org.adminToken, `rev-${Date.now()}@test.example`);
    expect(
      (await t.call('DELETE', `/organization/invitations/${withdrawn.invitation.id}`, { token: org.adminToken }))
        .status,
    ).toBe(200);
    await preview(tokenOfLink(withdrawn.invitation.link));
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
  });

  it('are for admins: members 403, keys may not accept, a member of the company is refused, a second invite replaces the first', async () => {
    const org = await t.createOrg();
    expect(
      (await t.call('POST', '/organization/invitations', { token: org.memberToken, body: { email: 'x@test.example' } }))
        .status,
    ).toBe(403);
    expect((await t.call('GET', '/organization/invitations', { token: org.memberToken })).status).toBe(403);
    const taken = await t.call('POST', '/organization/invitations', {
      token: org.adminToken,
      body: { email: org.member.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('ALREADY_MEMBER');
    const email = `twice-${Date.now()}@test.example`;
    const first = await invite(org.adminToken, email);
    const second = await invite(org.adminToken, email, 'admin');
    const list = (await t.call('GET', '/organization/invitations', { token: org.adminToken })).body.invitations;
    expect(list.find((i: { id: string }) => i.id === first.invitation.id).status).toBe('revoked');
    expect(list.find((i: { id: string }) => i.id === second.invitation.id)).toMatchObject({
      status: 'pending',
      role: 'admin',
    });
    const other = await t.createOrg();
    expect(
      (await t.call('DELETE', `/organization/invitations/${second.invitation.id}`, { token: other.adminToken })).status,
    ).toBe(404);
    const key = (await t.createKey(org.adminToken, 'write')).secret;
    const byKey = await t.call('POST', '/auth/invitations/accept', { token: key, body: { token: 'x' } });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe('API_KEY_FORBIDDEN');
  });

  it('can be accepted by a signed-in person without a company, not by a member of one', async () => {
    const org = await t.createOrg();
    const loner = await t.createUser({ email: `loner-${Date.now()}@test.example` });
    const lonerToken = await t.signIn(loner.email);
    const { invitation } = await invite(org.adminToken, loner.email, 'admin');
    const stranger = await t.call('POST', '/auth/invitations/accept', {
      token: org.memberToken,
      body: { token: tokenOfLink(invitation.link) },
    });
    expect(stranger.status).toBe(409);
    expect(stranger.body.code).toBe('ALREADY_IN_COMPANY');
    const accepted = await t.call('POST', '/auth/invitations/accept', {
      token: lonerToken,
      body: { token: tokenOfLink(invitation.link) },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ companyId: org.company.id });
    const me = await t.call('GET', '/users/me', { token: lonerToken });
    expect(me.body.company.id).toBe(org.company.id);
    expect(me.body.role).toBe('admin');
  });

  it('renew on resend, keeping the link; email it when SMTP_URL is set', async () => {
    const mailed = useMailConfig();
    const org = await t.createOrg();
    const email = `mail-${Date.now()}@test.example`;
    const { invitation, emailSent } = await invite(org.adminToken, email);
    expect(emailSent).toBe(true);
    expect(received.at(-1)!.to).toBe(email);
    // Quoted-printable may wrap the link: compare without soft line breaks.
    expect(received.at(-1)!.body.replace(/=\r?\n/g, '')).toContain(tokenOfLink(invitation.link));
    await t.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(invitations.id, invitation.id));
    const resent = await t.call('POST', `/organization/invitations/${invitation.id}/resend`, {
      token: org.adminToken,
      headers: { origin: 'http://app.example' },
    });
    expect(resent.status).toBe(200);
    expect(resent.body.emailSent).toBe(true);
    expect(resent.body.invitation.link).toBe(invitation.link);
    expect(new Date(resent.body.invitation.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86400_000);
    expect(resent.body.invitation.sentAt).not.toBeNull();
    mailed.restore();
  });
});

/** Turns on the mail path of the running test app (its config object is shared). */
function useMailConfig() {
  const previous = t.ctx.config.mail;
  t.ctx.config.mail = { smtpUrl: smtpUrl(), from: 'Workspace <no-reply@test.example>' };
  return { restore: () => void (t.ctx.config.mail = previous) };
}

describe('sign-up', () => {
  it('without an invitation creates a company with the person as its first admin', async () => {
    const email = `founder-${Date.now()}@test.example`;
    const response = await t.call('POST', '/auth/signup', {
      body: { name: 'Founder', email, password: STRONG, companyName: 'Fresh Co' },
      ip: freshIp(),
    });
    expect(response.status).toBe(201);
    expect(response.body.expiresAt).toBeTruthy();
    const me = await t.call('GET', '/users/me', { token: response.body.token });
    expect(me.body.company.name).toBe('Fresh Co');
    expect(me.body.role).toBe('admin');
    const chart = await t.call('GET', '/organization/chart', { token: response.body.token });
    expect(chart.body.rootHumanId).toBe(me.body.user.id);
    // The account signs in with that password.
    expect((await t.call('POST', '/auth/login', { body: { email, password: STRONG } })).status).toBe(200);
  });

  it('refuses a taken email (409), a weak password (400 on password) and a missing company name', async () => {
    const org = await t.createOrg();
    const ip = freshIp();
    const taken = await t.call('POST', '/auth/signup', {
      body: { name: 'X', email: org.admin.email.toUpperCase(), password: STRONG, companyName: 'X' },
      ip,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
    const weak = await t.call('POST', '/auth/signup', {
      body: { name: 'X', email: `weak-${Date.now()}@test.example`, password: 'short', companyName: 'X' },
      ip,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.issues[0]).toMatchObject({ path: 'password' });
    const noCompany = await t.call('POST', '/auth/signup', {
      body: { name: 'X', email: `nocomp-${Date.now()}@test.example`, password: STRONG },
      ip,
    });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.issues[0]).toMatchObject({ path: 'companyName' });
  });

  it('has a password rule', () => {
    const who = { email: 'ada@example.com', name: 'Ada Lovelace' };
    expect(passwordProblem('short', who)).toMatch(/10 characters/);
    expect(passwordProblem('aaaaaaaaaaaa', who)).toMatch(/different characters/);
    expect(passwordProblem('password123', who)).toMatch(/common/);
    expect(passwordProblem('Ada Lovelace', who)).toMatch(/email or your name/);
    expect(passwordProblem('ada@example.com', who)).toMatch(/email or your name/);
    expect(passwordProblem(STRONG, who)).toBeNull();
  });
});

describe('public routes', () => {
  it('email-exists says whether an account has the email', async () => {
    const org = await t.createOrg();
    const ip = freshIp();
    const yes = await t.call('POST', '/auth/email-exists', {
      body: { email: ` ${org.admin.email.toUpperCase()} ` },
      ip,
    });
    expect(yes.status).toBe(400); // not an email with the spaces: validation first
    const exact = await t.call('POST', '/auth/email-exists', { body: { email: org.admin.email.toUpperCase() }, ip });
    expect(exact.body).toEqual({ exists: true });
    const no = await t.call('POST', '/auth/email-exists', { body: { email: 'nobody@nowhere.example' }, ip });
    expect(no.body).toEqual({ exists: false });
  });
});

describe('POST /company', () => {
  it('makes a company for a person without one, who becomes its admin; 409 for a member of one', async () => {
    const loner = await t.createUser({ email: `nomad-${Date.now()}@test.example` });
    const token = await t.signIn(loner.email);
    const created = await t.call('POST', '/company', { token, body: { name: '  Nomad Labs ' } });
    expect(created.status).toBe(201);
    const me = await t.call('GET', '/users/me', { token });
    expect(me.body.company).toEqual({ id: created.body.companyId, name: 'Nomad Labs' });
    expect(me.body.role).toBe('admin');
    const again = await t.call('POST', '/company', { token, body: { name: 'Second' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_IN_COMPANY');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, loner.id));
    expect(row!.joinedCompanyAt).not.toBeNull();
  });
});
