import { NOMAD, expect, test } from './fixtures';

test('a person without a company gets one page with the ways on, no live stream, and a palette of commands only', async ({
  page,
  signedIn,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const streams: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/notifications/sse')) streams.push(request.url());
  });

  await signedIn(NOMAD);
  await expect(page.getByRole('heading', { name: 'Welcome, Noor', level: 1 })).toBeVisible();
  await expect(page.getByText('you are not a member of a company yet')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start a company' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join with an invitation' })).toBeVisible();
  await expect(page.getByLabel('Invitation link')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Account']);
  await expect(page.getByText(/Reconnecting/)).toHaveCount(0);

  for (const [path, title] of [
    ['/projects', 'Projects'],
    ['/people', 'People'],
    ['/teams', 'Teams'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Start a company' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  }

  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Type a command' });
  await expect(input).toBeFocused();
  await expect(page.getByRole('option', { name: /Go to Account/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Go to Projects/ })).toHaveCount(0);
  await input.fill('ada');
  await expect(page.getByText('No command matches “ada”')).toBeVisible();
  await input.fill('theme');
  await expect(page.getByRole('option', { name: /Toggle theme/ })).toBeVisible();

  expect(streams).toEqual([]);
  expect(errors).toEqual([]);
});
