import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, keyboardDragListens, test } from './fixtures';
import { card, cardAction, column, createBoard, dragCard, pickUp, serverOrder, shownOrder } from './pages/board';

const spec = {
  Backlog: ['Write brief', 'Pick venue', 'Book caterer'],
  Doing: ['Design poster', 'Send invites'],
  Done: ['Set date'],
};

test.describe('board', () => {
  test('keyboard drag through five columns, one of them virtualized: each arrow moves one column or one place, and back', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const many = Array.from({ length: 45 }, (_, index) => `Task ${index + 1}`);
    const board = await createBoard(request, token, `Five columns ${Date.now()}`, {
      Backlog: ['Write brief', 'Pick venue', 'Book caterer'],
      'To do': [],
      'In progress': many,
      Review: ['Check copy'],
      Done: ['Set date', 'Order flowers'],
    });
    await page.goto(`/projects/${board.id}`);
    const live = page.locator('[id^="DndLiveRegion"]');
    const said = async (key: string, text: string) => {
      await page.keyboard.press(key);
      await expect(live).toHaveText(text);
    };

    // Picked up at position 2 of Backlog: each arrow goes one column on, keeping the position.
    await pickUp(page, 'Pick venue', 'Picked up Pick venue, in Backlog, position 2 of 3.');
    const overlay = await page.locator('.drag-overlay').boundingBox();
    expect(overlay!.width).toBe((await card(page, 'Write brief').boundingBox())!.width);
    await said('ArrowRight', 'Pick venue: To do, position 1 of 1.');
    await said('ArrowRight', 'Pick venue: In progress, position 1 of 46.');
    await said('ArrowDown', 'Pick venue: In progress, position 2 of 46.');
    await said('ArrowRight', 'Pick venue: Review, position 2 of 2.');
    await said('ArrowRight', 'Pick venue: Done, position 2 of 3.');
    // Past the last column it stays.
    await page.keyboard.press('ArrowRight');
    await expect(live).toHaveText('Pick venue: Done, position 2 of 3.');
    await said('ArrowLeft', 'Pick venue: Review, position 2 of 2.');
    await said('ArrowLeft', 'Pick venue: In progress, position 2 of 46.');
    await said('ArrowLeft', 'Pick venue: To do, position 1 of 1.');
    await said('ArrowLeft', 'Pick venue: Backlog, position 1 of 3.');
    await said('ArrowDown', 'Pick venue: Backlog, position 2 of 3.');
    // Dropped where it was picked up: nothing moves.
    await said('Space', 'Dropped Pick venue in Backlog at position 2.');
    expect(await shownOrder(page, 'Backlog')).toEqual(['Write brief', 'Pick venue', 'Book caterer']);

    // Up and down within the virtualized column, then one column left.
    await pickUp(page, 'Task 2', 'Picked up Task 2, in In progress, position 2 of 45.');
    await said('ArrowDown', 'Task 2: In progress, position 3 of 45.');
    await said('ArrowUp', 'Task 2: In progress, position 2 of 45.');
    await said('ArrowUp', 'Task 2: In progress, position 1 of 45.');
    await page.keyboard.press('ArrowUp');
    await expect(live).toHaveText('Task 2: In progress, position 1 of 45.');
    await said('ArrowLeft', 'Task 2: To do, position 1 of 1.');
    await said('Space', 'Dropped Task 2 in To do at position 1.');
    await expect
      .poll(() => serverOrder(request, token, board.id))
      .toMatchObject({ 'To do': ['Task 2'], Backlog: ['Write brief', 'Pick venue', 'Book caterer'] });
    expect((await serverOrder(request, token, board.id))['In progress']!.slice(0, 2)).toEqual(['Task 1', 'Task 3']);
  });

  test('drag a card with the mouse to another column and position; it stays there after a reload', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Launch party ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    await expect(card(page, 'Pick venue')).toBeVisible();

    await dragCard(page, 'Pick venue', { column: 'Doing', before: 'Send invites' });
    await expect.poll(() => shownOrder(page, 'Doing')).toEqual(['Design poster', 'Pick venue', 'Send invites']);
    await expect
      .poll(() => serverOrder(request, token, board.id))
      .toMatchObject({
        Backlog: ['Write brief', 'Book caterer'],
        Doing: ['Design poster', 'Pick venue', 'Send invites'],
      });

    await dragCard(page, 'Write brief', { column: 'Done' });
    await expect.poll(() => shownOrder(page, 'Done')).toEqual(['Set date', 'Write brief']);
    await page.reload();
    await expect.poll(() => shownOrder(page, 'Done')).toEqual(['Set date', 'Write brief']);
    expect(await shownOrder(page, 'Backlog')).toEqual(['Book caterer']);
  });

  test('move a card with the keyboard, with screen-reader announcements', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Keyboard ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    const handle = card(page, 'Write brief').getByRole('button', { name: 'Drag Write brief' });
    await handle.focus();
    await page.keyboard.press('Space');
    const live = page.locator('[id^="DndLiveRegion"]');
    await expect(live).toContainText('Picked up Write brief');
    await keyboardDragListens(page);
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText('Write brief: Doing, position 1');
    await page.keyboard.press('ArrowDown');
    await expect(live).toContainText('Write brief: Doing, position 2');
    await page.keyboard.press('Space');
    await expect(live).toContainText('Dropped Write brief in Doing at position 2');
    await expect
      .poll(() => serverOrder(request, token, board.id))
      .toMatchObject({
        Backlog: ['Pick venue', 'Book caterer'],
        Doing: ['Design poster', 'Write brief', 'Send invites'],
      });
    await expect.poll(() => shownOrder(page, 'Doing')).toEqual(['Design poster', 'Write brief', 'Send invites']);
  });

  test('“Move…” moves a card without dragging', async ({ page, signedIn, request }) => {
    const token = await signedIn(MEMBER, '/projects');
    const board = await createBoard(request, token, `Move menu ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    await cardAction(page, 'Book caterer', 'Move to…');
    const dialog = page.getByRole('dialog', { name: 'Move “Book caterer”' });
    await dialog.getByLabel('Column').selectOption({ label: 'Done' });
    await dialog.getByLabel('Position').selectOption({ label: '1 (top)' });
    await dialog.getByRole('button', { name: 'Move card' }).click();
    await expect.poll(() => shownOrder(page, 'Done')).toEqual(['Book caterer', 'Set date']);
    await expect
      .poll(() => serverOrder(request, token, board.id))
      .toMatchObject({ Done: ['Book caterer', 'Set date'] });
  });

  test('a move the server rejects rolls back and says why', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Rejected ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    await page.route('**/api/projects/*/cards/*/move', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'This card is archived; restore it before moving it', code: 'CONFLICT' }),
      }),
    );
    await dragCard(page, 'Pick venue', { column: 'Done' });
    await expect(page.getByRole('alert').filter({ hasText: 'Could not move “Pick venue”' })).toContainText(
      'This card is archived; restore it before moving it',
    );
    await expect.poll(() => shownOrder(page, 'Backlog')).toEqual(['Write brief', 'Pick venue', 'Book caterer']);
    expect(await shownOrder(page, 'Done')).toEqual(['Set date']);
  });

  test('quick add, filters kept in the URL, and WIP limits', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Filters ${Date.now()}`, spec);
    const headers = { authorization: `Bearer ${token}` };
    await request.patch(`/api/projects/${board.id}/cards/${board.cards['Send invites']}`, {
      headers,
      data: { priority: 'high' },
    });
    await request.patch(`/api/projects/${board.id}/columns/${board.columns.Doing}`, { headers, data: { wipLimit: 2 } });
    await page.goto(`/projects/${board.id}`);

    await column(page, 'Doing').getByRole('button', { name: 'Add a card to Doing' }).click();
    await page.getByLabel('Title of the new card in Doing').fill('Order balloons');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownOrder(page, 'Doing')).toEqual(['Design poster', 'Send invites', 'Order balloons']);
    await expect(column(page, 'Doing').locator('.board-column-count')).toContainText('3/2');
    await expect(column(page, 'Doing').locator('.board-column-count')).toContainText('over the limit');

    await page.getByLabel('Priority').selectOption('high');
    await expect(page).toHaveURL(/priority=high/);
    await expect.poll(() => shownOrder(page, 'Doing')).toEqual(['Send invites']);
    expect(await shownOrder(page, 'Backlog')).toEqual([]);
    await page.reload();
    await expect.poll(() => shownOrder(page, 'Doing')).toEqual(['Send invites']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => shownOrder(page, 'Backlog')).toHaveLength(3);
  });

  test('the card panel edits every field with autosave', async ({ page, signedIn, request }) => {
    // Every field, each saved and checked against the server: about 10 s, several times that on a busy machine.
    test.setTimeout(60_000);
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Panel ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    await card(page, 'Write brief').getByRole('link', { name: 'Write brief' }).click();
    await expect(page).toHaveURL(new RegExp(`card=${board.cards['Write brief']}`));
    const panel = page.getByRole('complementary', { name: 'Card details' });
    const status = panel.getByRole('status').first();

    await panel.getByLabel('Title').fill('Write the brief');
    await panel.getByLabel('Title').press('Enter');
    await expect(status).toHaveText('Saved');
    await panel.getByLabel('Priority').selectOption('urgent');
    await panel.getByLabel('Assignee').selectOption({ label: 'Max Mustermann' });
    await panel.getByLabel('Due').fill('2030-03-14');
    await panel.getByLabel('New label').fill('marketing');
    await panel.getByLabel('New label').press('Enter');
    await panel.getByLabel('This card is blocked').check();
    await panel.getByLabel('Why is it blocked?').fill('Budget not approved');
    await panel.getByLabel('Why is it blocked?').press('Enter');
    await panel.getByLabel('Description').fill('Two pages, for the board.');
    await panel.getByLabel('Description').blur();
    // The first checklist save's answer (one item, unticked) is held back until the checklist's
    // other steps are made: they are all made while it is on its way, and it used to roll them back.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let hold = true;
    await page.route(`**/api/projects/${board.id}/cards/${board.cards['Write brief']}`, async (route) => {
      if (!hold || route.request().method() !== 'PATCH' || !route.request().postData()?.includes('"checklist"'))
        return route.fallback();
      hold = false;
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    const checklist = panel.getByRole('group', { name: /^Checklist/ });
    const items = checklist.getByRole('listitem').locator('label');
    await panel.getByLabel('New checklist item').fill('Draft outline');
    await panel.getByLabel('New checklist item').press('Enter');
    await panel.getByLabel('New checklist item').fill('Get sign-off');
    await panel.getByLabel('New checklist item').press('Enter');
    await expect(items).toHaveText(['Draft outline', 'Get sign-off']);
    await panel.getByRole('checkbox', { name: 'Draft outline' }).check();
    // Reorder with the keyboard: Space picks the item up, an arrow moves it, Space drops it.
    // Each step waits for its announcement: the sensor measures the list after picking up.
    const announced = (text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });
    await panel.getByRole('button', { name: 'Reorder “Get sign-off”' }).focus();
    await page.keyboard.press('Space');
    await expect(announced('Picked up “Get sign-off”, item 2 of 2')).toHaveCount(1);
    await keyboardDragListens(page);
    await page.keyboard.press('ArrowUp');
    await expect(announced('“Get sign-off” is now at position 1 of 2')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(announced('Dropped “Get sign-off” at position 1 of 2')).toHaveCount(1);
    await expect(items).toHaveText(['Get sign-off', 'Draft outline']);
    release();
    // "Saved" once every save has been answered.
    await expect(status).toHaveText('Saved');

    await expect
      .poll(async () => {
        const response = await request.get(`/api/projects/${board.id}/cards/${board.cards['Write brief']}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return response.json();
      })
      .toMatchObject({
        title: 'Write the brief',
        priority: 'urgent',
        labels: ['marketing'],
        blocked: 'Budget not approved',
        description: 'Two pages, for the board.',
        checklist: [
          { text: 'Get sign-off', done: false },
          { text: 'Draft outline', done: true },
        ],
        // The field is a local date; the card is due at 17:00 that day, local time.
        due: new Date(2030, 2, 14, 17).toISOString(),
      });
    // Every answer is in: the panel and the card's face show the checklist as it was made.
    await expect(items).toHaveText(['Get sign-off', 'Draft outline']);
    await expect(checklist.getByRole('checkbox', { name: 'Draft outline' })).toBeChecked();
    await expect(checklist.getByRole('checkbox', { name: 'Get sign-off' })).not.toBeChecked();
    const face = card(page, 'Write the brief');
    await expect(face).toContainText('Blocked: Budget not approved');
    await expect(face).toContainText('Urgent');
    await expect(face).toContainText('1/2');
  });

  test('the card panel clears fields, and J/K/Esc move through the board and close it', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Panel keys ${Date.now()}`, spec);
    await request.patch(`/api/projects/${board.id}/cards/${board.cards['Write brief']}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { blocked: 'Budget not approved', due: '2030-03-14T16:00:00Z' },
    });
    await page.goto(`/projects/${board.id}?card=${board.cards['Write brief']}`);
    const panel = page.getByRole('complementary', { name: 'Card details' });
    const status = panel.getByRole('status').first();
    const face = card(page, 'Write brief');
    await expect(face).toContainText('Blocked: Budget not approved');

    // Clearing: blocked and due go away.
    await panel.getByLabel('This card is blocked').uncheck();
    await panel.getByRole('button', { name: 'Clear the due date' }).click();
    await expect(status).toHaveText('Saved');
    await expect(face).not.toContainText('Blocked');
    await expect(face.locator('time')).toHaveCount(0);

    // J / K move through the board, Esc closes and returns focus to the card.
    await panel.focus();
    await page.keyboard.press('j');
    await expect(page).toHaveURL(new RegExp(`card=${board.cards['Pick venue']}`));
    await page.keyboard.press('k');
    await expect(page).toHaveURL(new RegExp(`card=${board.cards['Write brief']}`));
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(card(page, 'Write brief').getByRole('link', { name: 'Write brief' })).toBeFocused();
  });

  test('a double click on Comment posts one comment', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Double ${Date.now()}`, spec);
    const cardId = board.cards['Design poster']!;
    await page.goto(`/projects/${board.id}?card=${cardId}`);
    const panel = page.getByRole('complementary', { name: 'Card details' });
    await panel.getByLabel('New comment').fill('Only once, please');
    await panel.getByRole('button', { name: 'Comment', exact: true }).dblclick();
    await expect(panel.getByLabel('New comment')).toHaveValue('');
    await expect(panel.getByRole('listitem', { name: /Thread started by Ada Lovelace/ })).toHaveCount(1);
    const response = await request.get(`/api/projects/${board.id}/cards/${cardId}/comments`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const stored = (await response.json()) as { comments: { text: string }[] };
    expect(stored.comments.map((comment) => comment.text)).toEqual(['Only once, please']);
  });

  test('a comment thread round trip: reply, resolve, reopen by replying, edit and delete', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Comments ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}?card=${board.cards['Design poster']}`);
    const panel = page.getByRole('complementary', { name: 'Card details' });

    await panel.getByLabel('New comment').fill('Which font do we use?');
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    const thread = panel.getByRole('listitem', { name: /Thread started by Ada Lovelace/ });
    await expect(thread).toContainText('Which font do we use?');
    await expect(panel.getByLabel('New comment')).toHaveValue('');

    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.getByLabel('Reply to Ada Lovelace').fill('The brand one.');
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(thread).toContainText('The brand one.');

    await thread.getByRole('button', { name: 'Resolve' }).click();
    await expect(panel.getByText('All threads are resolved.')).toBeVisible();
    await panel.getByLabel(/Show resolved/).check();
    const resolved = panel.getByRole('listitem', { name: /Thread started by Ada Lovelace, resolved/ });
    await expect(resolved).toBeVisible();

    await resolved.getByRole('button', { name: 'Reply' }).click();
    await expect(resolved).toContainText('Replying reopens this thread.');
    await resolved.getByLabel('Reply to Ada Lovelace').fill('Actually, let us check the size too.');
    await resolved.getByRole('button', { name: 'Reply', exact: true }).click();
    const reopened = panel.getByRole('listitem', { name: 'Thread started by Ada Lovelace' });
    await expect(reopened.getByRole('button', { name: 'Resolve' })).toBeVisible();

    const first = reopened.getByRole('article').filter({ hasText: 'Which font do we use?' });
    await first.getByRole('button', { name: 'Edit your comment' }).click();
    await reopened.getByLabel('Edit comment').fill('Which font and size do we use?');
    await reopened.getByRole('button', { name: 'Save' }).click();
    await expect(reopened).toContainText('(edited)');

    const reply = reopened.getByRole('article').filter({ hasText: 'The brand one.' });
    await reply.getByRole('button', { name: 'Delete your comment' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this comment?' })
      .getByRole('button', { name: 'Delete comment' })
      .click();
    await expect(reopened).not.toContainText('The brand one.');
    await expect(card(page, 'Design poster')).toContainText('2 comments');
  });

  test('one person’s moves and comments appear live for another', async ({ page, signedIn, browser, request }) => {
    const token = await signedIn(MEMBER, '/projects');
    const board = await createBoard(request, token, `Live ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    await expect(card(page, 'Send invites')).toBeVisible();

    const other = await browser.newContext();
    const adaPage = await other.newPage();
    const adaToken = await apiSignIn(request, ADMIN);
    await adaPage.addInitScript((value) => localStorage.setItem('workspace.session', value), adaToken);
    await adaPage.goto(`/projects/${board.id}`);
    await cardAction(adaPage, 'Send invites', 'Move to…');
    const dialog = adaPage.getByRole('dialog', { name: 'Move “Send invites”' });
    await dialog.getByLabel('Column').selectOption({ label: 'Backlog' });
    await dialog.getByLabel('Position').selectOption({ label: '1 (top)' });
    await dialog.getByRole('button', { name: 'Move card' }).click();

    await expect
      .poll(() => shownOrder(page, 'Backlog'))
      .toEqual(['Send invites', 'Write brief', 'Pick venue', 'Book caterer']);
    expect(await shownOrder(page, 'Doing')).toEqual(['Design poster']);

    await request.post(`/api/projects/${board.id}/cards/${board.cards['Set date']}/comments`, {
      headers: { authorization: `Bearer ${adaToken}` },
      data: { text: 'Saturday works for me' },
    });
    await expect(card(page, 'Set date')).toContainText('1 comment');
    await other.close();
  });

  test('a move whose answer arrives after a colleague’s move does not undo theirs', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER, '/projects');
    const board = await createBoard(request, token, `Late answer ${Date.now()}`, spec);
    await page.goto(`/projects/${board.id}`);
    await expect(card(page, 'Write brief')).toBeVisible();
    // The move reaches the server and commits; its answer is held until a colleague has moved too.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/projects/*/cards/*/move', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await cardAction(page, 'Write brief', 'Move to…');
    const dialog = page.getByRole('dialog', { name: 'Move “Write brief”' });
    await dialog.getByLabel('Column').selectOption({ label: 'Doing' });
    await dialog.getByLabel('Position').selectOption({ label: '1 (top)' });
    await dialog.getByRole('button', { name: 'Move card' }).click();
    await expect
      .poll(() => serverOrder(request, token, board.id))
      .toMatchObject({ Doing: ['Write brief', 'Design poster', 'Send invites'] });

    // Ada moves “Send invites” back to the top of Backlog; the live stream shows it.
    const adaToken = await apiSignIn(request, ADMIN);
    const moved = await request.patch(`/api/projects/${board.id}/cards/${board.cards['Send invites']}/move`, {
      headers: { authorization: `Bearer ${adaToken}` },
      data: { columnId: board.columns.Backlog, position: 0 },
    });
    expect(moved.status()).toBe(200);
    await expect.poll(() => shownOrder(page, 'Backlog')).toEqual(['Send invites', 'Pick venue', 'Book caterer']);

    // Now the first move's answer arrives, with the orders as they were before Ada's move: applied
    // alone it would put “Send invites” back in Doing. The board is fetched again and shows both.
    const refetched = page.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url().endsWith(`/api/projects/${board.id}`),
    );
    release();
    await refetched;
    await expect.poll(() => shownOrder(page, 'Doing')).toEqual(['Write brief', 'Design poster']);
    expect(await shownOrder(page, 'Backlog')).toEqual(['Send invites', 'Pick venue', 'Book caterer']);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`board and card panel pass an axe scan (${colorScheme})`, async ({ page, signedIn, request }) => {
      await page.emulateMedia({ colorScheme });
      const token = await signedIn(ADMIN, '/projects');
      const board = await createBoard(request, token, `Axe ${colorScheme} ${Date.now()}`, spec);
      await request.patch(`/api/projects/${board.id}/cards/${board.cards['Pick venue']}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { blocked: 'Waiting for quotes', priority: 'high', labels: ['venue'], due: '2020-01-01T10:00:00Z' },
      });
      await page.goto(`/projects/${board.id}?card=${board.cards['Pick venue']}`);
      await expect(card(page, 'Pick venue')).toContainText('Blocked');
      const panel = page.getByRole('complementary', { name: 'Card details' });
      await expect(panel.getByLabel('Title')).toHaveValue('Pick venue');
      await expect(panel.getByRole('heading', { name: /Comments/ })).toBeVisible();
      // The board page with the panel open: header, toolbar, columns and the whole panel.
      await expectAccessible(page, '#main');
    });
  }
});

test.describe('projects page', () => {
  test('create a project, archive it, and find it under “Show archived”', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expectAccessible(page);
    const name = `Offsite ${Date.now()}`;
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByRole('dialog', { name: 'New project' }).getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(column(page, 'To do')).toBeVisible();

    await page.getByRole('button', { name: 'Project settings' }).click();
    await page.getByRole('button', { name: 'Archive project' }).click();
    await expect(page.getByText('Archived', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
    await page.getByLabel(/Show archived/).check();
    await expect(page).toHaveURL(/archived=true/);
    await expect(page.getByRole('link', { name: new RegExp(name) })).toContainText('Archived');
  });
});
