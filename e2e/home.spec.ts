import { ADMIN, apiSignIn, expect, expectAccessible, MEMBER, test } from './fixtures';
import { createBoard } from './pages/board';

const DAY = 86_400_000;

test('Home lists a card assigned to Max under its board as overdue, and a colleague’s move appears without reloading', async ({
  page,
  request,
  signedIn,
}) => {
  const adaToken = await apiSignIn(request, ADMIN);
  const maxToken = await apiSignIn(request, MEMBER);
  const asAda = { authorization: `Bearer ${adaToken}` };
  const max = (await (
    await request.get('/api/users/me', { headers: { authorization: `Bearer ${maxToken}` } })
  ).json()) as {
    user: { id: string };
  };
  const name = `Home board ${Date.now()}`;
  const title = `Receipt PDFs ${Date.now()}`;
  const board = await createBoard(request, adaToken, name, { 'To do': [title], Review: [] });
  const cardId = board.cards[title]!;
  const assigned = await request.patch(`/api/projects/${board.id}/cards/${cardId}`, {
    headers: asAda,
    data: { assignee: max.user.id, due: new Date(Date.now() - DAY).toISOString(), priority: 'high' },
  });
  expect(assigned.status()).toBe(200);

  await signedIn(MEMBER, '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Max');
  const cards = page.getByRole('region', { name: 'Assigned to you' });
  const group = cards.getByRole('region', { name });
  const link = group.getByRole('link', { name: title });
  await expect(link).toHaveAttribute('href', `/projects/${board.id}?card=${cardId}`);
  const row = group.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Overdue');
  await expect(row).toContainText('To do');
  await expect(row).toContainText('High');

  // A marker that a reload would wipe.
  await page.evaluate(() => ((window as unknown as { homeMarker: boolean }).homeMarker = true));
  const moved = await request.patch(`/api/projects/${board.id}/cards/${cardId}/move`, {
    headers: asAda,
    data: { columnId: board.columns.Review, position: 0 },
  });
  expect(moved.status()).toBe(200);

  const activity = page.getByRole('region', { name: 'Activity on your cards' });
  const item = activity.getByRole('link', { name: `Ada Lovelace moved “${title}” to Review` });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('href', `/projects/${board.id}?card=${cardId}`);
  await expect(row).toContainText('Review');
  expect(await page.evaluate(() => (window as unknown as { homeMarker?: boolean }).homeMarker)).toBe(true);

  // The card panel opens from Home.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${board.id}\\?card=${cardId}`));
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`Home has no axe violations (${colorScheme} theme)`, async ({ page, request, signedIn }) => {
    // Something in each list: a card of Max's with a comment from Ada (an activity item with a snippet).
    const adaToken = await apiSignIn(request, ADMIN);
    const maxToken = await apiSignIn(request, MEMBER);
    const asAda = { authorization: `Bearer ${adaToken}` };
    const max = (await (
      await request.get('/api/users/me', { headers: { authorization: `Bearer ${maxToken}` } })
    ).json()) as { user: { id: string } };
    const title = `Axe card ${colorScheme} ${Date.now()}`;
    const board = await createBoard(request, adaToken, `Axe home ${colorScheme} ${Date.now()}`, { 'To do': [title] });
    const cardId = board.cards[title]!;
    await request.patch(`/api/projects/${board.id}/cards/${cardId}`, {
      headers: asAda,
      data: {
        assignee: max.user.id,
        blocked: 'Waiting for the printer',
        due: new Date(Date.now() + DAY).toISOString(),
      },
    });
    await request.post(`/api/projects/${board.id}/cards/${cardId}/comments`, {
      headers: asAda,
      data: { text: 'Can you check the paper size?' },
    });

    await page.emulateMedia({ colorScheme });
    await signedIn(MEMBER, '/');
    await expect(
      page.getByRole('region', { name: 'Assigned to you' }).getByRole('link', { name: title }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Activity on your cards' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: `Ada Lovelace commented on “${title}”` }) }),
    ).toContainText('Can you check the paper size?');
    await expect(page.getByRole('region', { name: 'Recent boards' })).toBeVisible();
    await expectAccessible(page, '#main');
  });
}
