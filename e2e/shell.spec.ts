import { ADMIN, MEMBER, expect, test } from './fixtures';

test.describe('shell', () => {
  test('“?” opens the shortcut sheet; Esc closes it and focus returns', async ({ page, signedIn }) => {
    await signedIn(MEMBER);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Max');
    const trigger = page.getByRole('button', { name: 'Shortcuts' });
    await trigger.focus();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Go to Settings → API keys');
    // The keys of the board and of the wiki editor are listed under their own headings.
    const wiki = sheet.getByRole('table', { name: 'In a wiki page or description' });
    await expect(wiki.getByRole('row', { name: /Comment on the selected text/ })).toContainText('Ctrl/⌘ + Alt + M');
    await expect(sheet.getByRole('table', { name: 'On a board' })).toContainText('j or k');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('“g” then “k” goes to API keys, “g” then “a” to Account, but not while typing', async ({ page, signedIn }) => {
    await signedIn(ADMIN);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada');
    await page.keyboard.press('g');
    await page.keyboard.press('k');
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    await page.getByLabel('Name').fill('gk');
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    await page.getByLabel('Name').blur();
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await expect(page).toHaveURL(/\/account$/);
  });

  test('the theme follows the system until one is picked, and the choice survives a reload', async ({
    page,
    signedIn,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signedIn(MEMBER);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByLabel('Theme').selectOption('light');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByLabel('Theme').selectOption('system');
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('at phone width the navigation sits behind a menu button', async ({ page, signedIn }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signedIn(MEMBER);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(nav).toBeHidden();
  });

  test('Settings in the navigation opens the settings area and stays current on each of its tabs', async ({
    page,
    signedIn,
  }) => {
    await signedIn(ADMIN);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'API keys' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    const tabs = page.getByRole('navigation', { name: 'Settings' });
    for (const tab of ['Members', 'Integrations', 'Billing']) {
      await tabs.getByRole('link', { name: tab }).click();
      await expect(tabs.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    }
  });

  test('an unknown address shows a page-not-found message', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
