import { ADMIN, MEMBER, expect, expectAccessible, openPalette, test } from './fixtures';
import { createBoard } from './pages/board';

test.describe('search palette', () => {
  test('Ctrl+K opens it anywhere (inside a field too); typing finds people, agents and projects, accents ignored', async ({
    page,
    signedIn,
  }) => {
    await signedIn(MEMBER, '/account');
    await page.getByRole('button', { name: /^Search/ }).waitFor();
    await page.getByLabel('Title').focus();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    await expect(palette).toBeVisible();
    const input = palette.getByRole('combobox');
    await expect(input).toBeFocused();
    await input.fill('cafe');
    const results = palette.getByRole('listbox', { name: 'Results' });
    await expect(results.getByRole('group', { name: 'People' })).toContainText('Zoë Café');
    await expect(results.getByRole('group', { name: 'Agents' })).toContainText('Cafébot');
    await expect(results.getByRole('group', { name: 'Projects' })).toContainText('Café roadmap');
    // The matched part is highlighted.
    await expect(results.getByRole('option', { name: /Zoë Café/ }).locator('mark')).toHaveText('Café');
    await expect(palette.getByRole('status')).toContainText('results');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(page.getByLabel('Title')).toBeFocused();
  });

  test('arrow keys move, Enter opens a card in its board’s card panel, and it becomes a recent item', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/');
    const unique = `Quokka${Date.now()}`;
    const board = await createBoard(request, token, `Search board ${Date.now()}`, {
      Todo: [`Feed the ${unique}`, 'Other card'],
    });
    const input = await openPalette(page);
    await input.fill(unique.toLowerCase());
    const option = page.getByRole('option', { name: new RegExp(`Feed the ${unique}`) });
    await expect(option).toBeVisible();
    await expect(option).toContainText('Search board');
    // Move down into the commands and back up to the card.
    await input.press('ArrowDown');
    await input.press('ArrowUp');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/projects/${board.id}\\?.*card=${board.cards[`Feed the ${unique}`]}`));
    await expect(page.getByRole('complementary', { name: 'Card details' }).getByLabel('Title')).toHaveValue(
      `Feed the ${unique}`,
    );

    await page.keyboard.press('Control+k');
    const recent = page.getByRole('group', { name: 'Recent' });
    await expect(recent).toContainText(`Feed the ${unique}`);
  });

  test('commands: “Toggle theme” and “Go to API keys”; no results says so', async ({ page, signedIn }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signedIn(MEMBER, '/');
    const input = await openPalette(page);
    await input.fill('toggle theme');
    await page.getByRole('option', { name: 'Toggle theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await page.keyboard.press('Control+k');
    await input.fill('api keys');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/settings\/api-keys$/);

    await page.keyboard.press('Control+k');
    await input.fill('zzzqqqxxx');
    await expect(page.getByText('No results for “zzzqqqxxx”')).toBeVisible();

    // Each command has its own icon.
    await input.fill('');
    const icon = (name: string) =>
      page
        .getByRole('option', { name: new RegExp(name) })
        .locator('.palette-icon')
        .innerHTML();
    const icons = await Promise.all(['Go to Home', 'Go to Projects', 'Go to Account', 'Toggle theme'].map(icon));
    expect(new Set(icons).size).toBe(4);
  });

  test('“Create card…” creates a card and opens it on its board', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/');
    const name = `Palette board ${Date.now()}`;
    const board = await createBoard(request, token, name, { Inbox: [], Doing: [] });
    await (await openPalette(page)).fill('create card');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create a card' });
    await dialog.getByLabel('Project').selectOption({ label: name });
    await dialog.getByLabel('Column').selectOption({ label: 'Doing' });
    await dialog.getByLabel('Title').fill('Made from the palette');
    await dialog.getByRole('button', { name: 'Create card' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${board.id}\\?card=`));
    await expect(page.getByRole('region', { name: 'Doing', exact: true })).toContainText('Made from the palette');
  });
});

test.describe('directory', () => {
  test('people filter and profile panel', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/people');
    await page.getByLabel('Filter people').fill('zoe');
    await expect(page.getByRole('list', { name: 'People' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('link', { name: /Zoë Café/ }).click();
    const profile = page.getByRole('complementary', { name: 'Zoë Café, profile' });
    await expect(profile).toContainText('Product Designer');
    await expect(profile).toContainText('Grace Hopper');
    await expectAccessible(page, '#main');
  });

  test('agents, completed ones behind a filter, each with its page', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/agents');
    const agents = page.getByRole('table', { name: 'Agents' });
    await expect(agents).toContainText('Cafébot');
    await expect(agents).not.toContainText('Forecaster');
    await page.getByLabel(/Show completed/).check();
    await expect(agents).toContainText('Forecaster');
    await agents.getByRole('link', { name: 'Triage' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Triage' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'About' })).toContainText('Linus Berg');
    await expectAccessible(page, '#main');
  });

  test('teams with a profile panel', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/teams');
    await page.getByRole('link', { name: /Platform/ }).click();
    const team = page.getByRole('complementary', { name: 'Platform team' });
    await expect(team).toContainText('Linus Berg');
    await expect(team).toContainText('Max Mustermann');
    await expectAccessible(page, '#main');
  });
});
