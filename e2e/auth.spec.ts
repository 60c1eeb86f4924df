import { ADMIN, DEMO_PASSWORD, MEMBER, NOMAD, expect, pageToken, test } from './fixtures';

test.describe('signing in', () => {
  test('the demo admin signs in and sees their name and company', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin/);
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada');
    await expect(page.getByRole('complementary').getByText('Acme Robotics')).toBeVisible();
    await expect(page.getByRole('complementary').getByText('Ada Lovelace')).toBeVisible();
  });

  test('a wrong password shows the server’s message and keeps the email', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(MEMBER);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email or password' })).toHaveText(
      'Email or password is incorrect',
    );
    await expect(page.getByLabel('Email')).toHaveValue(MEMBER);
    await expect(page).toHaveURL(/\/signin/);
  });

  test('a deep link survives signing in', async ({ page }) => {
    await page.goto('/settings/api-keys');
    await expect(page).toHaveURL(/\/signin\?redirect=/);
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    await expect(page.getByRole('heading', { name: 'Create an API key' })).toBeVisible();
  });

  test('a user without a company can sign in', async ({ page, signedIn }) => {
    await signedIn(NOMAD);
    await expect(page.getByText('You are not a member of a company yet.')).toBeVisible();
    await expect(page.getByRole('complementary').getByText('No company')).toBeVisible();
  });
});

test.describe('signing out', () => {
  test('sign out ends the session on the server and returns to the sign-in page', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER);
    await page.getByRole('complementary').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('status').filter({ hasText: 'You signed out.' })).toBeVisible();
    expect(await pageToken(page)).toBeNull();
    const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    expect((await me.json()).code).toBe('SESSION_REVOKED');
    await page.goto('/account');
    await expect(page).toHaveURL(/\/signin/);
  });

  test('a session revoked elsewhere says “you were signed out”, then returns you where you were', async ({
    page,
    signedIn,
    request,
  }) => {
    await signedIn(ADMIN, '/account');
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    const token = await pageToken(page);
    const revoked = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(200);

    await page.reload();
    await expect(page).toHaveURL(/\/signin\?redirect=%2Faccount/);
    await expect(page.getByRole('status').filter({ hasText: 'You were signed out' })).toContainText(
      'this session was revoked',
    );
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('a session revoked while the app is open signs out on the next request', async ({ page, signedIn, request }) => {
    await signedIn(ADMIN, '/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada');
    const token = await pageToken(page);
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole('status').filter({ hasText: 'You were signed out' })).toBeVisible();
  });
});
