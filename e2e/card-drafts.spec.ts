import { expect, MEMBER, test } from './fixtures';
import { createBoard } from './pages/board';

const spec = { Backlog: ['Write brief'], Doing: [], Done: [] };

test('a description typed and then reloaded before it saved is offered back, and restoring it saves it', async ({
  page,
  signedIn,
  request,
}) => {
  const token = await signedIn(MEMBER, '/projects');
  const board = await createBoard(request, token, `Drafts ${Date.now()}`, spec);
  const cardId = board.cards['Write brief']!;
  const url = `/api/projects/${board.id}/cards/${cardId}`;
  const stored = async () =>
    (
      (await (await request.get(url, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        description: string;
      }
    ).description;

  // The network drops every save: what is typed reaches no server.
  await page.route(`**${url}`, (route) => (route.request().method() === 'PATCH' ? route.abort() : route.fallback()));
  await page.goto(`/projects/${board.id}?card=${cardId}`);
  const panel = page.getByRole('complementary', { name: 'Card details' });
  await panel.getByLabel('Description', { exact: true }).click();
  await page.keyboard.type('Venue first, then the band');
  // Kept in the browser as it is typed.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('workspace.draft.'))))
    .toHaveLength(1);

  await page.unroute(`**${url}`);
  await page.reload();
  const reloaded = page.getByRole('complementary', { name: 'Card details' });
  const offer = reloaded.getByRole('status').filter({ hasText: 'You have unsaved text in the description' });
  await expect(offer).toContainText('Venue first, then the band');
  // The field shows the server's text until the person chooses.
  await expect(reloaded.getByLabel('Description', { exact: true })).toHaveText('');
  expect(await stored()).toBe('');

  await offer.getByRole('button', { name: 'Restore your unsaved text' }).click();
  await expect(offer).toBeHidden();
  await expect(reloaded.getByLabel('Description', { exact: true })).toHaveText('Venue first, then the band');
  await expect.poll(stored).toBe('Venue first, then the band');
  await expect(reloaded.getByRole('status').first()).toHaveText('Saved');

  // Saved: nothing is offered on the next visit.
  await page.reload();
  await expect(
    page.getByRole('complementary', { name: 'Card details' }).getByLabel('Description', { exact: true }),
  ).toHaveText('Venue first, then the band');
  await expect(page.getByText('You have unsaved text')).toBeHidden();
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('workspace.draft.'))),
  ).toEqual([]);
});
