import { ADMIN, expect, test } from './fixtures';
import { createBoard } from './pages/board';

const spec = { Backlog: ['Write brief'], Doing: [], Done: [] };

test('a card description is formatted text, saved as Markdown', async ({ page, signedIn, request }) => {
  const token = await signedIn(ADMIN, '/projects');
  const board = await createBoard(request, token, `Description ${Date.now()}`, spec);
  const cardId = board.cards['Write brief']!;
  await page.goto(`/projects/${board.id}?card=${cardId}`);
  const panel = page.getByRole('complementary', { name: 'Card details' });
  const description = panel.getByLabel('Description', { exact: true });
  const toolbar = panel.getByRole('toolbar', { name: 'Formatting' });

  await expect(toolbar).toBeHidden();
  await description.click();
  await expect(toolbar).toBeVisible();
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  // The toolbar keeps the field focused: the typing goes on in the editor.
  await page.keyboard.type('Venue first');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  // A Markdown shortcut: "- " starts a bulleted list.
  await page.keyboard.type('- Call the hall');
  await expect(description.locator('strong')).toHaveText('Venue first');
  await expect(description.locator('ul > li')).toHaveText('Call the hall');
  // … and "[ ] " at the start of an item makes it a task, as in a wiki page.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Then:');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- [ ] Book the band');
  await expect(description.locator('ul[data-type="taskList"] li p')).toHaveText('Book the band');

  // Saves itself once typing stops.
  const stored = async () => {
    const response = await request.get(`/api/projects/${board.id}/cards/${cardId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { description: string }).description;
  };
  await expect.poll(stored).toContain('**Venue first**');
  await expect.poll(stored).toMatch(/^- \[ \] Book the band$/m);
  expect(await stored()).toMatch(/^- Call the hall$/m);
  await expect(panel.getByRole('status').first()).toHaveText('Saved');

  await page.reload();
  const reloaded = page.getByRole('complementary', { name: 'Card details' }).getByLabel('Description', { exact: true });
  await expect(reloaded.locator('strong')).toHaveText('Venue first');
  await expect(reloaded.locator('ul:not([data-type]) > li')).toHaveText('Call the hall');
  await expect(reloaded.getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden();
});

test('a description too long to save says so and is not cut', async ({ page, signedIn, request }) => {
  const token = await signedIn(ADMIN, '/projects');
  const board = await createBoard(request, token, `Long description ${Date.now()}`, spec);
  const cardId = board.cards['Write brief']!;
  await page.goto(`/projects/${board.id}?card=${cardId}`);
  const panel = page.getByRole('complementary', { name: 'Card details' });
  const description = panel.getByLabel('Description', { exact: true });
  await description.fill('x'.repeat(20_001));
  await description.blur();
  await expect(panel.getByRole('alert').filter({ hasText: 'Too long to save' })).toBeVisible();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  const response = await request.get(`/api/projects/${board.id}/cards/${cardId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await response.json()) as { description: string }).description).toBe('');
});
