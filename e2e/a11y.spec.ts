import { ADMIN, MEMBER, expect, expectAccessible, test } from './fixtures';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${colorScheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme });
    });

    test('sign-in page, also with an error shown', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { name: 'Sign in to Workspace' })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password').fill('wrong');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect' })).toBeVisible();
      await expectAccessible(page);
    });

    test('home', async ({ page, signedIn }) => {
      await signedIn(ADMIN);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada');
      await expectAccessible(page);
    });

    test('account and the delete confirmation', async ({ page, signedIn }) => {
      await signedIn(MEMBER, '/account');
      await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Delete account…' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectAccessible(page);
    });

    test('API keys for an admin, with the new-key dialog and the revoke confirmation', async ({ page, signedIn }) => {
      await signedIn(ADMIN, '/settings/api-keys');
      await expect(page.getByRole('heading', { name: 'Create an API key' })).toBeVisible();
      await page.getByLabel('Name').fill(`a11y ${colorScheme} ${Date.now()}`);
      await page.getByRole('button', { name: 'Create key' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'I have stored it' }).click();
      await expect(page.getByRole('table', { name: 'Your keys' })).toBeVisible();
      await expectAccessible(page);
      await page
        .getByRole('button', { name: /^Revoke / })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectAccessible(page);
    });

    test('API keys for a member', async ({ page, signedIn }) => {
      await signedIn(MEMBER, '/settings/api-keys');
      await expect(page.getByText('Only admins of Acme Robotics can create API keys.')).toBeVisible();
      await expectAccessible(page);
    });

    test('the shortcut sheet', async ({ page, signedIn }) => {
      await signedIn(MEMBER);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
