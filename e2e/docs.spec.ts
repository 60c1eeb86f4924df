import { readFileSync } from 'node:fs';
import { ADMIN, expect, expectAccessible, test } from './fixtures';

type Operation = { summary: string; tags: string[] };
const contract = JSON.parse(readFileSync(new URL('../contract/openapi.json', import.meta.url), 'utf8')) as {
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
};
/** An operation the reference must show, named as the contract names it, and its group. */
const moveCard = contract.paths['/projects/{projectId}/cards/{cardId}/move']!.patch!;

test.describe('API reference', () => {
  test('renders the contract at /api/docs with nothing refused by its security policy', async ({ page }) => {
    // The reference renders all of the contract's ~130 operations at once: 20 s and more on two busy cores.
    test.setTimeout(60_000);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });

    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    // Scalar reads, bundles and checks the whole document before it draws anything: 18 s measured at
    // a load average of 5 on the 2-core machine, inside the test's budget above.
    await expect(page.getByRole('heading', { name: contract.info.title, exact: true })).toBeVisible({
      timeout: 45_000,
    });
    await page.getByRole('navigation').first().getByText(moveCard.tags[0]!, { exact: true }).click();
    await expect(page.getByText(moveCard.summary).first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('Settings → API keys links to it', async ({ page, signedIn }) => {
    await signedIn(ADMIN, '/settings/api-keys');
    const link = page.getByRole('link', { name: 'API reference' });
    await expect(link).toHaveAttribute('href', '/api/docs');
    await expectAccessible(page);
    await link.click();
    await expect(page).toHaveURL(/\/api\/docs$/);
    await expect(page).toHaveTitle('Workspace API reference');
  });
});
