import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignIn, expect, expectAccessible, MEMBER, test } from './fixtures';
import { uniqueEmail } from './pages/people-admin';

/*
 * Newsletter signup (issue 18): the public pages, signed out, and Content → Newsletter for admins.
 * Other specs use the demo company meanwhile: every address here is unique, and no test assumes
 * which other subscribers exist.
 */

async function acmeId(request: APIRequestContext): Promise<string> {
  const token = await apiSignIn(request, ADMIN);
  const response = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { company: { id: string } }).company.id;
}

/** The page is no wider than the phone's screen (nothing to scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('newsletter signup (public)', () => {
  test('a visitor signs up on a phone; the admin sees the address pending, exports it and removes it', async ({
    browser,
    page,
    request,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    const companyId = await acmeId(request);
    const email = uniqueEmail('reader');

    // The visitor: signed out, on a phone.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await visitor.newPage();
    await phone.goto(`/subscribe/${companyId}`);
    await expect(phone.getByRole('heading', { name: 'Acme Robotics newsletter', level: 1 })).toBeVisible();
    await expectAccessible(phone);
    await expectNoSidewaysScroll(phone);
    await phone.getByRole('textbox', { name: 'Email' }).fill(email);
    await phone.getByRole('button', { name: 'Subscribe' }).click();
    await expect(phone.getByRole('heading', { name: 'Check your inbox to confirm' })).toBeFocused();
    await expect(phone.getByRole('status').filter({ hasText: 'confirmation link' })).toBeVisible();
    await expectAccessible(phone);
    await expectNoSidewaysScroll(phone);
    await visitor.close();

    // The admin finds the address, pending.
    await signedIn(ADMIN, `/content/newsletter?q=${encodeURIComponent(email)}`);
    const table = page.getByRole('table', { name: 'Subscribers' });
    const row = table.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search by email' })).toHaveValue(email);
    await expectAccessible(page, 'main');

    // Pending only, then the export: the server's CSV of that list, with the address.
    await page.getByLabel('Status').selectOption('Pending');
    await expect(page).toHaveURL(/status=pending/);
    await expect(row).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^newsletter-.*\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('email,status,subscribed,confirmed,unsubscribed');
    expect(lines.filter((line) => line.startsWith(`${email},pending,`))).toHaveLength(1);

    // Removed (after confirming), for good: a reload does not bring it back.
    await row.getByRole('button', { name: `Remove ${email}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Remove ${email}?` });
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: 'Remove subscriber' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText(`Removed ${email}`)).toBeVisible();
    await page.reload();
    await expect(page.getByText('No subscribers match these filters.')).toBeVisible();
  });

  test('the signup form keeps the address and says how long to wait after too many attempts', async ({
    page,
    request,
  }) => {
    const companyId = await acmeId(request);
    await page.goto(`/subscribe/${companyId}`);
    // The e2e server's limit is raised for the whole suite: one answer is the limiter's 429, as the
    // server sends it (the same envelope and header the component test feeds the form).
    await page.route('**/api/newsletter', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            headers: { 'retry-after': '840' },
            body: JSON.stringify({
              error: 'Too many requests. Try again in 840 s.',
              code: 'RATE_LIMITED',
              retryAfter: 840,
            }),
          })
        : route.fallback(),
    );
    const email = uniqueEmail('eager');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Too many attempts from your network. Try again in 14 minutes.',
    );
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expectAccessible(page);

    // Once the network may again: the real server's answer.
    await page.unroute('**/api/newsletter');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox to confirm' })).toBeVisible();
  });

  test('a signup link for no company, and the server’s refusal of an invalid address', async ({ page, request }) => {
    await page.goto('/subscribe/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'This signup link is not valid' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(`/subscribe/${await acmeId(request)}`);
    const field = page.getByRole('textbox', { name: 'Email' });
    await field.fill('reader..news@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('reader..news@example.com');
  });

  test('the confirm and unsubscribe links act only on a click, and say when they cannot be used', async ({ page }) => {
    // Three pages, four scans: slow on a loaded machine.
    test.setTimeout(60_000);
    let posted = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && /\/api\/newsletter\/(confirm|unsubscribe)$/.test(sent.url())) posted += 1;
    });

    await page.goto('/newsletter/confirm?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
    await expectAccessible(page);
    expect(posted).toBe(0);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByRole('heading', { name: 'This confirmation link cannot be used' })).toBeFocused();
    await expect(page.getByRole('main').getByRole('alert')).not.toBeEmpty();
    await expectAccessible(page);

    await page.goto('/newsletter/unsubscribe?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'This unsubscribe link cannot be used' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).not.toBeEmpty();
    expect(posted).toBe(2);

    await page.goto('/newsletter/confirm');
    await expect(page.getByRole('heading', { name: 'This link is incomplete' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);
  });

  test('a member is told the subscribers are for admins', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/content/newsletter');
    await expect(page.getByText('Only company admins can see the newsletter’s subscribers.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Subscribers' })).toHaveCount(0);
  });
});
