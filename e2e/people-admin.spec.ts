import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, test } from './fixtures';
import {
  NEW_PASSWORD,
  companylessPerson,
  inviteByApi,
  openSignedIn,
  signUpByApi,
  uniqueEmail,
} from './pages/people-admin';

test.describe('Settings → Members', () => {
  test('an admin invites; the link opens in another browser, a new account joins, and the admin sees them live', async ({
    page,
    signedIn,
    browser,
    context,
  }) => {
    // Two browsers, three pages and a live update: more than the default time on a busy machine.
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedIn(ADMIN, '/settings/members');
    await expect(page.getByRole('heading', { name: 'Invite someone' })).toBeVisible();
    const email = uniqueEmail('invitee');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Create invitation' }).click();

    await expect(page.getByText(`Invitation created for ${email}.`)).toBeVisible();
    // The reference server runs here without mail: the admin is told to send the link.
    await expect(page.getByText('No email was sent')).toBeVisible();
    const link = await page.getByRole('textbox', { name: `Invitation link for ${email}` }).inputValue();
    expect(link).toMatch(/\/invite#[A-Za-z0-9_-]{20,}$/);
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const invitations = page.getByRole('table', { name: 'Pending invitations' });
    const invitationRow = invitations.getByRole('row').filter({ hasText: email });
    await expect(invitationRow).toContainText('Ada Lovelace');
    await expect(invitationRow).toContainText('Pending');
    await expect(invitationRow.getByRole('button', { name: `Copy the invitation link for ${email}` })).toBeVisible();

    // The admin also has the organization chart open in another tab.
    const chart = await context.newPage();
    await chart.goto('/organization');
    await expect(chart.getByRole('heading', { name: 'Organization', level: 1 })).toBeVisible();

    const guest = await browser.newContext();
    try {
      const invitee = await guest.newPage();
      await invitee.goto(link);
      await expect(invitee.getByRole('heading', { name: 'Join Acme Robotics', level: 1 })).toBeVisible();
      await expect(invitee.getByText('Ada Lovelace invited you to join Acme Robotics as a member.')).toBeVisible();
      await expect(invitee.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
      await invitee.getByLabel('Your name').fill('Quinn Newcomer');
      await invitee.getByLabel('Password').fill(NEW_PASSWORD);
      await invitee.getByRole('button', { name: 'Create account and join Acme Robotics' }).click();
      await expect(invitee.getByRole('heading', { level: 1 })).toContainText('Quinn');
      await expect(invitee.getByRole('complementary').getByText('Acme Robotics')).toBeVisible();
    } finally {
      await guest.close();
    }

    // Live: the admin's page refreshes on the organization event, without a reload.
    const people = page.getByRole('table', { name: /People/ });
    const personRow = people.getByRole('row').filter({ hasText: email });
    await expect(personRow).toContainText('Quinn Newcomer');
    await expect(personRow.getByRole('combobox', { name: 'Role of Quinn Newcomer' })).toHaveValue('member');
    await expect(invitations.getByRole('row').filter({ hasText: email })).toHaveCount(0);

    // …and on the chart, found from its search box, without a reload either.
    await chart.getByRole('combobox', { name: 'Find a person, agent or team' }).fill('Quinn Newcomer');
    await expect(chart.getByRole('option', { name: /Quinn Newcomer/ })).toBeVisible();
  });

  test('an admin changes a role, is refused demoting the last admin, and removes someone after confirming', async ({
    page,
    request,
  }) => {
    // A company of its own, so no other test changes its admins meanwhile.
    const ownerEmail = uniqueEmail('owner');
    const ownerToken = await signUpByApi(request, { name: 'Olive Owner', email: ownerEmail, companyName: 'Roles Inc' });
    const colleagueEmail = uniqueEmail('colleague');
    const invitation = await inviteByApi(request, ownerToken, colleagueEmail);
    await signUpByApi(request, {
      name: 'Cole Colleague',
      email: colleagueEmail,
      invitationToken: invitation.link.split('#')[1],
    });

    await openSignedIn(page, ownerToken, '/settings/members');
    const people = page.getByRole('table', { name: /People/ });
    await expect(people.getByRole('row')).toHaveCount(3);

    // Demoting yourself asks first; the server refuses the last admin and the role comes back.
    const ownRole = people.getByRole('combobox', { name: 'Role of Olive Owner' });
    await ownRole.selectOption('member');
    const demote = page.getByRole('alertdialog', { name: 'Make yourself a member?' });
    await demote.getByRole('button', { name: 'Make me a member' }).click();
    await expect(page.getByText('Could not change Olive Owner’s role')).toBeVisible();
    await expect(page.getByText(/last admin/i)).toBeVisible();
    await expect(ownRole).toHaveValue('admin');

    const colleagueRole = people.getByRole('combobox', { name: 'Role of Cole Colleague' });
    await colleagueRole.selectOption('admin');
    await expect(page.getByText('Cole Colleague is now an admin')).toBeVisible();
    await page.reload();
    await expect(colleagueRole).toHaveValue('admin');

    await people.getByRole('button', { name: 'Remove Cole Colleague from the company' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Cole Colleague from Roles Inc?' });
    await expect(confirm).toContainText('Their cards and comments stay, under their name.');
    await confirm.getByRole('button', { name: 'Remove from company' }).click();
    await expect(people.getByRole('row').filter({ hasText: colleagueEmail })).toHaveCount(0);
    await page.reload();
    await expect(people.getByRole('row')).toHaveCount(2);
    await expect(people.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  });

  test('a revoked invitation is gone from the list and its link says it cannot be used', async ({
    page,
    signedIn,
    browser,
  }) => {
    const adminToken = await signedIn(ADMIN, '/settings/members');
    const email = uniqueEmail('revoked');
    const invitation = await inviteByApi(page.request, adminToken, email);
    await page.reload();
    const row = page.getByRole('table', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: `Revoke the invitation for ${email}` }).click();
    await page
      .getByRole('alertdialog', { name: `Revoke the invitation for ${email}?` })
      .getByRole('button', { name: 'Revoke invitation' })
      .click();
    await expect(row).toHaveCount(0);

    const guest = await browser.newContext();
    try {
      const invitee = await guest.newPage();
      await invitee.goto(invitation.link);
      await expect(invitee.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
      await expect(invitee.getByText(/may have expired, been revoked, or already been used/)).toBeVisible();
      await expect(invitee.getByLabel('Password')).toHaveCount(0);
      await invitee.goto('/invite#not-a-real-invitation-token-at-all');
      await expect(invitee.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
      await invitee.goto('/invite');
      await expect(invitee.getByRole('heading', { name: 'This invitation link is incomplete' })).toBeVisible();
    } finally {
      await guest.close();
    }
  });

  test('a member is told only admins manage members', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/settings/members');
    await expect(page.getByRole('heading', { name: 'Only admins manage members' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create invitation' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'People', exact: true }).last()).toBeVisible();
    await expectAccessible(page, 'main');
  });

  test('members settings pass an accessibility scan', async ({ page, signedIn }) => {
    test.slow();
    const adminToken = await signedIn(ADMIN, '/settings/members');
    await inviteByApi(page.request, adminToken, uniqueEmail('axe'));
    await page.reload();
    await expect(page.getByRole('table', { name: 'Pending invitations' })).toBeVisible();
    await expect(page.getByRole('table', { name: /People/ })).toBeVisible();
    await expectAccessible(page, 'main');
  });

  test('the invitation page passes an accessibility scan in both of its forms', async ({ page, request }) => {
    const adminToken = await apiSignIn(request, ADMIN);
    const invitation = await inviteByApi(request, adminToken, uniqueEmail('axe-invite'));
    await page.goto(invitation.link);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I already have an account' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to join' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('joining with an existing account', () => {
  test('a person without a company signs in from the invitation and lands in the workspace', async ({
    page,
    request,
  }) => {
    const adminToken = await apiSignIn(request, ADMIN);
    const { email } = await companylessPerson(request, adminToken, 'Sam Returning');
    const invitation = await inviteByApi(request, adminToken, email);
    await page.goto(invitation.link);
    await page.getByRole('button', { name: 'I already have an account' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sam');
    await expect(page.getByRole('complementary').getByText('Acme Robotics')).toBeVisible();
  });
  test('someone signed in to a company is told their account cannot join another', async ({
    page,
    signedIn,
    request,
  }) => {
    const ownerToken = await signUpByApi(request, {
      name: 'Otto Other',
      email: uniqueEmail('other-owner'),
      companyName: 'Other Co',
    });
    const invitation = await inviteByApi(request, ownerToken, MEMBER);
    await signedIn(MEMBER, '/');
    await page.goto(invitation.link);
    await expect(page.getByRole('heading', { name: 'Join Other Co', level: 1 })).toBeVisible();
    await expect(page.getByText('This account already belongs to Acme Robotics')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join Other Co' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign out to use another account' })).toBeVisible();
  });
});

test.describe('sign-up', () => {
  test('signing up without an invitation creates a company with its first admin', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your Workspace', level: 1 })).toBeVisible();
    await expectAccessible(page);

    // An email with an account is pointed out on leaving the field.
    await page.getByLabel('Your name').fill('Frida Founder');
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN);
    await page.getByLabel('Password').focus();
    await expect(page.getByText(/already has an account — /)).toBeVisible();
    await expect(page.getByRole('link', { name: 'sign in instead' })).toBeVisible();

    // A refused password is explained at its field, and nothing typed is lost.
    const email = uniqueEmail('founder');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Company name').fill('Founders Ltd');
    await page.getByRole('button', { name: 'Create account and company' }).click();
    await expect(page.getByText('Use at least 10 characters (5 so far).')).toBeVisible();
    await expect(page.getByLabel('Your name')).toHaveValue('Frida Founder');
    await expect(page.getByLabel('Company name')).toHaveValue('Founders Ltd');
    await expect(page.getByText(/already has an account — /)).toHaveCount(0);

    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create account and company' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Frida');
    await expect(page.getByRole('complementary').getByText('Founders Ltd')).toBeVisible();

    await page.goto('/settings/members');
    const row = page
      .getByRole('table', { name: /People/ })
      .getByRole('row')
      .filter({ hasText: email });
    await expect(row.getByRole('combobox', { name: 'Role of Frida Founder' })).toHaveValue('admin');
  });

  test('an email that already has an account is refused and the form keeps what was typed', async ({ page }) => {
    // The hint comes from leaving the field; typing and submitting at once meets the server's refusal.
    await page.goto('/signup');
    await page.getByLabel('Your name').fill('Max Again');
    await page.getByRole('textbox', { name: 'Email' }).fill(MEMBER);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByLabel('Company name').fill('Second Try');
    await page.getByLabel('Company name').press('Enter');
    await expect(page.getByText(/already has an account — /)).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveValue('Second Try');
    await expect(page.getByLabel('Password')).toHaveValue(NEW_PASSWORD);
    await expect(page).toHaveURL(/\/signup$/);
  });
  test('the server’s refusals show where they belong: a common password at its field, a rate limit with the wait', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('Your name').fill('Rita Refused');
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('refused'));
    await page.getByLabel('Password').fill('password1234');
    await page.getByLabel('Company name').fill('Refusals Ltd');
    await page.getByRole('button', { name: 'Create account and company' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/common password/);
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

    await page.route('**/api/auth/signup', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '700' },
        body: JSON.stringify({
          error: 'Too many requests. Try again in 700 s.',
          code: 'RATE_LIMITED',
          retryAfter: 700,
        }),
      }),
    );
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create account and company' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Too many attempts' })).toHaveText(
      'Too many attempts from your network. Try again in 12 minutes.',
    );
    await expect(page.getByLabel('Your name')).toHaveValue('Rita Refused');
    await expect(page.getByLabel('Company name')).toHaveValue('Refusals Ltd');
  });
});

test.describe('onboarding without a company', () => {
  test('a person without a company creates one and lands on its Home', async ({ page, request }) => {
    const adminToken = await apiSignIn(request, ADMIN);
    const { token } = await companylessPerson(request, adminToken, 'Nora Nomadic');
    await openSignedIn(page, token);
    await expect(page.getByRole('heading', { name: 'Welcome, Nora', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Start a company' })).toBeVisible();
    await expectAccessible(page, 'main');
    await page.getByLabel('Company name').fill('Nomad Works');
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByText('Nomad Works is ready. You are its admin.')).toBeVisible();
    await expect(page.getByRole('complementary').getByText('Nomad Works')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Welcome, Nora');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' })).toBeVisible();
  });

  test('a person without a company joins one by pasting an invitation link', async ({ page, request }) => {
    const adminToken = await apiSignIn(request, ADMIN);
    const { token, email } = await companylessPerson(request, adminToken, 'Pia Paster');
    const invitation = await inviteByApi(request, adminToken, email);
    await openSignedIn(page, token, '/projects');
    await expect(page.getByRole('heading', { name: 'Join with an invitation' })).toBeVisible();

    await page.getByLabel('Invitation link').fill('https://example.com/nothing-here');
    await page.getByRole('button', { name: 'Join company' }).click();
    await expect(page.getByText('Paste the whole invitation link')).toBeVisible();

    await page.getByLabel('Invitation link').fill(invitation.link);
    await page.getByRole('button', { name: 'Join company' }).click();
    await expect(page.getByText('Welcome to Acme Robotics!')).toBeVisible();
    await expect(page.getByRole('complementary').getByText('Acme Robotics')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Pia');
  });
});
