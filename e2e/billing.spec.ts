import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_STRIPE_WEBHOOK_SECRET } from '../playwright.config.ts';
import { checkoutEvent, signedStripeEvent } from '../server/test/fake-stripe.ts';
import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, openPalette, test } from './fixtures';

const SESSION_KEY = 'workspace.session';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
let serial = 0;

/**
 * Signs up a new company through the API and returns its admin's token: everything that changes a
 * balance or a plan runs on a company of its own, since other specs share the demo company.
 */
async function freshCompany(request: APIRequestContext, label: string): Promise<string> {
  const stamp = `${Date.now()}-${process.pid}-${serial++}`;
  const response = await request.post('/api/auth/signup', {
    data: {
      name: 'Bea Billing',
      email: `billing-${label}-${stamp}@example.com`,
      password: 'Ledger-Checks-2026!',
      companyName: `Billing ${label} ${stamp}`,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** Opens `path` signed in with `token` (planted before the app loads). */
async function openAs(page: Page, token: string, path: string) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, token] as const);
  await page.goto(path);
}

/** `count` admin grants of 1, 2, … credits, through the API, a few at a time. */
async function grantMany(request: APIRequestContext, token: string, count: number) {
  for (let start = 1; start <= count; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - start + 1) }, (_, offset) => start + offset).map(async (amount) => {
        const response = await request.post('/api/subscriptions/credits/adjustments', {
          headers: auth(token),
          data: { type: 'grant', amount, note: `Goodwill ${amount}` },
        });
        expect(response.status()).toBe(201);
      }),
    );
  }
}

const balanceFigure = (page: Page, heading: string) =>
  page.locator('.billing-balance', { has: page.getByRole('heading', { name: heading }) }).locator('.billing-figure');
const ledger = (page: Page) => page.getByRole('table', { name: 'Credit ledger' });
/** The ledger's rendered rows (the virtual table's spacers are not rows of the ledger). */
const ledgerRows = (page: Page) => ledger(page).locator('tbody tr:not([aria-hidden])');

test.describe('Billing', () => {
  test('an admin sees the balances and the chart, pages the ledger to the end and exports it', async ({
    page,
    request,
  }) => {
    // 220 grants through the API, three ledger pages and an export: slow on a loaded machine.
    test.setTimeout(120_000);
    const token = await freshCompany(request, 'ledger');
    await grantMany(request, token, 220);
    await openAs(page, token, '/settings/billing');

    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Billing' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(balanceFigure(page, 'Included credits')).toHaveText('1,000');
    // 1 + 2 + … + 220 granted credits, kept until used.
    await expect(balanceFigure(page, 'Purchased credits')).toHaveText('24,310');
    await expect(balanceFigure(page, 'Available')).toHaveText('25,310');
    await expect(page.getByText(/From your plan; renews on/)).toBeVisible();

    // The chart (uPlot, loaded with the page), named, and described in words.
    const chart = page.getByRole('img', { name: 'Credit balances and daily usage, last 30 days' });
    await expect(chart.locator('canvas')).toHaveCount(1);
    await expect(page.getByText('Last 30 days: 0 credits used and 25,310 added.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: '90 days' }).click();
    await expect(page).toHaveURL(/range=90/);
    await expect(page.getByRole('img', { name: 'Credit balances and daily usage, last 90 days' })).toBeVisible();
    await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    const byType = page.getByRole('table', { name: 'Credits by type' });
    await expect(byType.getByRole('row', { name: /Grant · 220 transactions 24,310/ })).toBeVisible();

    // Newest first: the last grant on top, with its effect on each balance and the balances after it.
    await expect(ledgerRows(page).first()).toContainText('Grant');
    await expect(ledgerRows(page).first()).toContainText('+220');
    await expect(ledgerRows(page).first()).toContainText('Goodwill 220');
    await expect(ledgerRows(page).first()).toContainText('24,310');
    await expectAccessible(page, 'main');

    // The second page from the keyboard ("Load more"), the third by scrolling to the end.
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    const scroller = page.getByRole('region', { name: 'Ledger, scrollable' });
    await expect(async () => {
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await expect(page.getByText('End of the ledger: 221 transactions.')).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(ledgerRows(page).last()).toContainText('Trial credits');
    await expect(ledgerRows(page).last()).toContainText('+1,000');

    // The export: every row, newest first, with the notes.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/type/);
    expect(lines).toHaveLength(222);
    expect(lines[1]).toContain('Goodwill 220');
    expect(lines[221]).toContain('trial_grant');
  });

  test('the ledger filters by agent and type, kept in the address', async ({ page, request, signedIn }) => {
    // Two filters and a reload, each reading the ledger again: about a minute on a loaded machine.
    test.setTimeout(90_000);
    // Read-only on the demo company: its seeded history has agents' work.
    const token = await apiSignIn(request, ADMIN);
    const usage = await request.get('/api/subscriptions/credits/usage?days=90', { headers: auth(token) });
    expect(usage.status()).toBe(200);
    const { byAgent } = (await usage.json()) as { byAgent: { agentId: string; name: string }[] };
    expect(byAgent.length).toBeGreaterThan(0);
    const agent = byAgent[0]!;

    // Billing is a palette command away.
    await signedIn(ADMIN, '/');
    const input = await openPalette(page);
    await input.fill('Go to Billing');
    await page.getByRole('option', { name: /Go to Billing/ }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(ledgerRows(page).first()).toBeVisible();
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: agent.name });
    await expect(page).toHaveURL(new RegExp(`agent=${agent.agentId}`));
    await expect(ledgerRows(page).first()).toContainText(agent.name);
    const agentCells = ledgerRows(page).locator('td:nth-child(8)');
    await expect(async () => {
      const names = await agentCells.allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names)).toEqual(new Set([agent.name]));
    }).toPass();

    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Agent work' });
    await expect(page).toHaveURL(/type=consumption/);
    await expect(async () => {
      const types = await ledgerRows(page).locator('td:nth-child(2)').allTextContents();
      expect(types.length).toBeGreaterThan(0);
      expect(new Set(types)).toEqual(new Set(['Agent work']));
    }).toPass();

    // The address keeps the filters.
    await page.reload();
    await expect(page.getByLabel('Agent', { exact: true })).toHaveValue(agent.agentId);
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('consumption');
  });

  test('a member sees why billing is not for them', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/settings/billing');
    await expect(page.getByText('Only company admins can manage billing.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Billing' })).toHaveCount(
      0,
    );
  });

  test('an admin changes the plan after a confirmation, cancels and resumes', async ({ page, request }) => {
    // Four dialogs, each change reading the balance, ledger and usage again.
    test.setTimeout(90_000);
    const token = await freshCompany(request, 'plan');
    await openAs(page, token, '/settings/billing');
    await expect(page.getByRole('heading', { name: 'Plan: Starter' })).toBeVisible();

    // Upgrade: the confirmation says it applies now and what expires.
    await page.getByRole('button', { name: 'Change plan…' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change plan' });
    await dialog.getByRole('radio', { name: /^Team/ }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    dialog = page.getByRole('dialog', { name: 'Move to Team?' });
    await expect(dialog).toContainText('Team starts now');
    await expect(dialog).toContainText('unused included credits expire');
    await expectAccessible(page, 'dialog[open]');
    await dialog.getByRole('button', { name: 'Move to Team' }).click();
    await expect(page.getByRole('heading', { name: 'Plan: Team' })).toBeVisible();
    await expect(balanceFigure(page, 'Included credits')).toHaveText('10,000');
    await expect(ledgerRows(page).first()).toContainText('Plan credits');

    // Downgrade: at the period's end.
    await page.getByRole('button', { name: 'Change plan…' }).click();
    dialog = page.getByRole('dialog', { name: 'Change plan' });
    await dialog.getByRole('radio', { name: /^Starter/ }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    dialog = page.getByRole('dialog', { name: 'Move to Starter?' });
    await expect(dialog).toContainText('Starter starts at the end of this period');
    await dialog.getByRole('button', { name: 'Move to Starter' }).click();
    await expect(page.getByText(/Moving to Starter \(2,000 credits a month\) on/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plan: Team' })).toBeVisible();

    // Cancel at the period's end, then resume.
    await page.getByRole('button', { name: 'Cancel subscription…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel the subscription?' });
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByText(/Canceled: the subscription ends on/)).toBeVisible();
    await expect(page.getByText(/From your plan; they expire on/)).toBeVisible();
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page
      .getByRole('alertdialog', { name: 'Resume the subscription?' })
      .getByRole('button', { name: 'Resume subscription' })
      .click();
    await expect(page.getByText(/Canceled: the subscription ends on/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel subscription…' })).toBeVisible();
  });

  test('a purchase: checkout, back from it, and the signed webhook updating the balance live', async ({
    page,
    request,
  }) => {
    // Two trips to the checkout page and back.
    test.setTimeout(90_000);
    const token = await freshCompany(request, 'purchase');
    await openAs(page, token, '/settings/billing');
    await expect(balanceFigure(page, 'Purchased credits')).toHaveText('0');

    // Buy, then change one's mind on the checkout page.
    await page.getByRole('button', { name: 'Buy 1,000 credits for $10.00' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await expect(page.getByText('Checkout canceled: nothing was charged.')).toBeVisible();

    // Buy again: back from paying, the page waits for the payment's confirmation.
    await page.getByRole('button', { name: 'Buy 1,000 credits for $10.00' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
    const checkoutId = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(page.url())?.[1];
    expect(checkoutId).toBeTruthy();
    await page.goto(`/settings/billing?checkout=${checkoutId}`);
    await expect(page.getByText('Waiting for the payment to be confirmed…')).toBeVisible();
    await expect(balanceFigure(page, 'Purchased credits')).toHaveText('0');

    // Stripe's signed event reaches the server; the open page hears of it.
    const { body, header } = signedStripeEvent(E2E_STRIPE_WEBHOOK_SECRET, checkoutEvent({ id: checkoutId! }));
    const delivered = await request.post('/api/payments/stripe/webhook', {
      data: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
    expect(delivered.status()).toBe(200);
    await expect(balanceFigure(page, 'Purchased credits')).toHaveText('1,000');
    await expect(page.getByText('Payment received: 1,000 credits added.')).toBeVisible();
    await expect(ledgerRows(page).first()).toContainText('Purchase');
    await expect(ledgerRows(page).first()).toContainText('Credit pack');
  });
});
