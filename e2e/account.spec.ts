import { DEMO_PASSWORD, expect, test } from './fixtures';

test.describe('account', () => {
  test('editing the profile saves it and the shell shows the new name', async ({ page, signedIn }) => {
    await signedIn('hedy@acme.example', '/account');
    const name = `Hedy Kiesler ${Date.now() % 1000}`;
    await page.getByLabel('Display name').fill(name);
    await page.getByLabel('Title').fill('Inventor');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
    await expect(page.getByRole('complementary').getByText(name)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue(name);
    await expect(page.getByLabel('Title')).toHaveValue('Inventor');
  });

  test('an empty display name cannot be saved', async ({ page, signedIn }) => {
    await signedIn('ken@acme.example', '/account');
    await page.getByLabel('Display name').fill('   ');
    await expect(page.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  });

  test('deleting the account needs the email typed, then signs out for good', async ({ page, signedIn, request }) => {
    const email = 'sam@acme.example';
    await signedIn(email, '/account');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Your email').fill('someone@else.example');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Your email').fill(email);
    await confirm.click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your account was deleted.' })).toBeVisible();
    const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    expect(login.status()).toBe(401);
  });
});
