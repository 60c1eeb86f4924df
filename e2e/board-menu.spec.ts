import { ADMIN, MEMBER, expect, expectAccessible, test } from './fixtures';
import { card, cardAction, createBoard, serverOrder, shownOrder } from './pages/board';

const spec = {
  Backlog: ['Write brief', 'Pick venue'],
  Doing: ['Design poster'],
  Done: ['Set date'],
};

test.describe('card menu and card panel', () => {
  test('the period key opens a card’s menu; Archive takes it off the board; Copy link copies the panel’s address', async ({
    page,
    context,
    signedIn,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const token = await signedIn(MEMBER, '/projects');
    const board = await createBoard(request, token, `Menu ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    // No "Move…" button on every card any more: the actions live in one menu per card.
    await expect(card(page, 'Pick venue').getByRole('button', { name: /^Move / })).toHaveCount(0);

    await card(page, 'Pick venue').getByRole('link', { name: 'Pick venue' }).focus();
    await page.keyboard.press('.');
    const menu = page.getByRole('menu', { name: 'Actions for Pick venue' });
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Move to…' })).toBeFocused();
    await expectAccessible(page, '.menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(card(page, 'Pick venue').getByRole('button', { name: 'Actions for Pick venue' })).toBeFocused();

    await cardAction(page, 'Pick venue', 'Copy link');
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/projects/${board.id}\\?card=${board.cards['Pick venue']}$`));

    await cardAction(page, 'Pick venue', 'Archive');
    await expect(card(page, 'Pick venue')).toHaveCount(0);
    // Focus moves to the neighbouring card, not to the page.
    await expect(card(page, 'Write brief').getByRole('link', { name: 'Write brief' })).toBeFocused();
    await expect.poll(() => serverOrder(request, token, board.id)).toMatchObject({ Backlog: ['Write brief'] });
  });

  test('a refused archive puts the card back and shows the server’s message', async ({ page, signedIn, request }) => {
    const token = await signedIn(MEMBER, '/projects');
    const board = await createBoard(request, token, `Menu refused ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    await page.route(`**/api/projects/${board.id}/cards/*`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'You may not archive this card', code: 'FORBIDDEN' }),
          })
        : route.continue(),
    );
    await cardAction(page, 'Write brief', 'Archive');
    await expect(page.getByRole('alert').filter({ hasText: 'Could not archive “Write brief”' })).toContainText(
      'You may not archive this card',
    );
    await expect.poll(() => shownOrder(page, 'Backlog')).toEqual(['Write brief', 'Pick venue']);
  });

  test('the card panel’s Status moves the card to the bottom of the chosen column, and a refused move rolls back', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Status ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}?card=${board.cards['Write brief']}`);
    const panel = page.getByRole('complementary', { name: 'Card details' });
    const status = panel.getByLabel('Status');
    await expect(status).toHaveValue(board.columns['Backlog']!);
    await status.selectOption({ label: 'Done' });
    await expect.poll(() => shownOrder(page, 'Done')).toEqual(['Set date', 'Write brief']);
    await expect
      .poll(() => serverOrder(request, token, board.id))
      .toMatchObject({ Backlog: ['Pick venue'], Done: ['Set date', 'Write brief'] });

    await page.route('**/api/projects/*/cards/*/move', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The column is locked for review', code: 'CONFLICT' }),
      }),
    );
    await status.selectOption({ label: 'Doing' });
    await expect(page.getByRole('alert').filter({ hasText: 'Could not move “Write brief”' })).toContainText(
      'The column is locked for review',
    );
    await expect(status).toHaveValue(board.columns['Done']!);
    await expect.poll(() => shownOrder(page, 'Done')).toEqual(['Set date', 'Write brief']);
  });

  test('the panel header stays on top while the panel scrolls', async ({ page, signedIn, request }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Sticky ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}?card=${board.cards['Write brief']}`);
    const panel = page.getByRole('complementary', { name: 'Card details' });
    await expect(panel.getByLabel('Title')).toHaveValue('Write brief');
    await panel.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    const close = panel.getByRole('button', { name: 'Close panel' });
    const header = await panel.locator('.side-panel-header').boundingBox();
    expect(header?.y).toBe(0);
    // The close button sits in the header, not over the content below it.
    const closeBox = (await close.boundingBox())!;
    expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(header!.y + header!.height);
    await expect(panel.getByRole('button', { name: 'Actions for Write brief' })).toBeVisible();
    await panel.getByRole('button', { name: 'Actions for Write brief' }).click();
    await expect(page.getByRole('menu', { name: 'Actions for Write brief' }).getByRole('menuitem')).toHaveText([
      'Copy link',
      'Archive',
    ]);
  });

  test('completed agents are offered neither by the filter nor by the picker, unless already assigned', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Assignees ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}?card=${board.cards['Write brief']}`);
    const filter = page.getByRole('toolbar').getByLabel('Assignee');
    const picker = page.getByRole('complementary', { name: 'Card details' }).getByLabel('Assignee');
    await expect(picker.locator('option', { hasText: 'Cafébot' })).toHaveCount(1);
    await expect(filter.locator('option', { hasText: 'Cafébot' })).toHaveCount(1);
    await expect(picker.locator('option', { hasText: 'Forecaster' })).toHaveCount(0);
    await expect(filter.locator('option', { hasText: 'Forecaster' })).toHaveCount(0);
  });

  test('a filter that matches nothing says so and offers to clear it; so does the people directory', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER, '/projects');
    const board = await createBoard(request, token, `Empty ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}?blocked=true`);
    await expect(page.getByText('No cards match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.getByText('No cards match these filters')).toBeHidden();
    await expect(card(page, 'Write brief')).toBeVisible();

    await page.goto('/people');
    await page.getByLabel('Filter people').fill('zzzz');
    await expect(page.getByText('No people match “zzzz”')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Filter people')).toHaveValue('');
    await expect(page.getByRole('list', { name: 'People' }).getByRole('link').first()).toBeVisible();
  });

  test('project settings keep a multi-line description; dialogs start at their first field', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER, '/projects');
    await page.getByRole('button', { name: 'New project' }).click();
    await expect(page.getByRole('dialog', { name: 'New project' }).getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    const board = await createBoard(request, token, `Settings ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    await page.getByRole('button', { name: 'Project settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Project settings' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    const description = 'Line one of the plan.\nLine two, with the budget.';
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const saved = await request.get(`/api/projects/${board.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await saved.json()) as { description: string }).description).toBe(description);
  });
});
