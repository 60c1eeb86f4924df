import { ADMIN, apiSignIn, expect, MEMBER, test } from './fixtures';
import { card, createBoard } from './pages/board';

const spec = { Backlog: ['Write brief'], Doing: [], Done: [] };

test('a title a colleague renamed while you typed it: both are offered, and the one kept is stored', async ({
  page,
  signedIn,
  request,
}) => {
  const token = await signedIn(MEMBER, '/projects');
  const board = await createBoard(request, token, `Conflict ${Date.now()}`, spec);
  const cardId = board.cards['Write brief']!;
  const url = `/api/projects/${board.id}/cards/${cardId}`;
  await page.goto(`/projects/${board.id}?card=${cardId}`);
  const panel = page.getByRole('complementary', { name: 'Card details' });
  const title = panel.getByLabel('Title', { exact: true });

  await title.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' for the venue');
  // Ada renames the card meanwhile, with her own session.
  const adaToken = await apiSignIn(request, ADMIN);
  const renamed = await request.patch(url, {
    headers: { authorization: `Bearer ${adaToken}` },
    data: { title: 'Brief by Ada' },
  });
  expect(renamed.status()).toBe(200);
  // Her change reaches the board live; the field being typed in keeps Max's text.
  await expect(card(page, 'Brief by Ada')).toBeVisible();
  await expect(title).toHaveValue('Write brief for the venue');

  await page.keyboard.press('Tab');
  const conflict = panel.getByRole('alert', { name: 'Edit conflict' });
  await expect(conflict).toContainText('Someone else changed the title while you were editing it.');
  await expect(conflict).toContainText('TheirsBrief by Ada');
  await expect(conflict).toContainText('YoursWrite brief for the venue');
  const stored = async () =>
    ((await (await request.get(url, { headers: { authorization: `Bearer ${token}` } })).json()) as { title: string })
      .title;
  // Nothing was overwritten while no one had chosen.
  expect(await stored()).toBe('Brief by Ada');

  await conflict.getByRole('button', { name: 'Keep my title' }).click();
  await expect(conflict).toBeHidden();
  await expect(panel.getByRole('status').first()).toHaveText('Saved');
  expect(await stored()).toBe('Write brief for the venue');
  await expect(card(page, 'Write brief for the venue')).toBeVisible();
});

test('“Keep theirs” puts the colleague’s description in the field and stores nothing of yours', async ({
  page,
  signedIn,
  request,
}) => {
  const token = await signedIn(MEMBER, '/projects');
  const board = await createBoard(request, token, `Conflict theirs ${Date.now()}`, spec);
  const cardId = board.cards['Write brief']!;
  const url = `/api/projects/${board.id}/cards/${cardId}`;
  await page.goto(`/projects/${board.id}?card=${cardId}`);
  const panel = page.getByRole('complementary', { name: 'Card details' });
  const description = panel.getByLabel('Description', { exact: true });

  await description.click();
  // Ada writes the description as Max starts on it: his text is typed on the version before hers.
  const adaToken = await apiSignIn(request, ADMIN);
  const written = await request.patch(url, {
    headers: { authorization: `Bearer ${adaToken}` },
    data: { description: 'Ada: the hall is booked' },
  });
  expect(written.status()).toBe(200);
  await page.keyboard.type('Max: book the hall');

  const conflict = panel.getByRole('alert', { name: 'Edit conflict' });
  // The description saves itself once typing stops, and is refused.
  await expect(conflict).toContainText('Someone else changed the description while you were editing it.');
  await expect(conflict).toContainText('Ada: the hall is booked');
  await expect(conflict).toContainText('Max: book the hall');
  await conflict.getByRole('button', { name: 'Keep their description' }).click();
  await expect(conflict).toBeHidden();
  await expect(description).toHaveText('Ada: the hall is booked');
  const stored = (await (await request.get(url, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    description: string;
  };
  expect(stored.description).toBe('Ada: the hall is booked');
});
