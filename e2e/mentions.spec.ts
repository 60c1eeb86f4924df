import type { Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, test } from './fixtures';
import { createBoard } from './pages/board';
import { createThread, createWikiPage, marginThread } from './pages/wiki-comments';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const listbox = (page: Page) => page.getByRole('listbox', { name: 'People and agents to mention' });

/** The comments of a card, oldest first, as the server has them. */
async function cardComments(page: Page, token: string, projectId: string, cardId: string) {
  const response = await page.request.get(`/api/projects/${projectId}/cards/${cardId}/comments`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { comments: { id: string; text: string }[] }).comments;
}

test.describe('mentions', () => {
  test('mention a colleague in a card comment with the keyboard; the comment shows a chip; axe with the picker open', async ({
    page,
    signedIn,
    request,
  }) => {
    test.slow();
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Mentions ${Date.now()}`, { Todo: ['Print flyers'] });
    await page.goto(`/projects/${board.id}?card=${board.cards['Print flyers']}`);
    const panel = page.getByRole('complementary', { name: 'Card details' });
    const box = panel.getByRole('textbox', { name: 'New comment' });

    await box.click();
    await box.pressSequentially('Could you check the proofs, @m');
    await expect(listbox(page)).toBeVisible();
    await expect(listbox(page).getByRole('option', { name: /Max Mustermann/ })).toBeVisible();
    // The field says which list it drives and which option Enter takes.
    const listId = await listbox(page).getAttribute('id');
    await expect(box).toHaveAttribute('aria-controls', listId!);
    await expect(box).toHaveAttribute('aria-activedescendant', new RegExp(`^${listId}-\\d+$`));
    await expectAccessible(page);

    // Other specs add people and agents to the demo company meanwhile: Max comes first, and the
    // live region says how many are listed.
    await box.pressSequentially('ax');
    await expect(listbox(page).getByRole('option').first()).toHaveAccessibleName(/Max Mustermann/);
    const shown = await listbox(page).getByRole('option').count();
    await expect(
      panel.locator('[aria-live="polite"]').filter({ hasText: new RegExp(`^${shown} suggestions?$`) }),
    ).toHaveCount(1);
    // Esc closes the suggestions, not the card panel; typing on after the same @ keeps them closed.
    await page.keyboard.press('Escape');
    await expect(listbox(page)).toHaveCount(0);
    await expect(panel).toBeVisible();
    await page.keyboard.type('!');
    await expect(listbox(page)).toHaveCount(0);
    // Once the @ is gone, a new one opens them again.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('@ma');
    await expect(listbox(page)).toBeVisible();
    const options = listbox(page).getByRole('option');
    expect(await options.count()).toBeGreaterThan(1);
    // The arrows move the active option (the field names it), and wrap around.
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    // Narrowed down to Max, Enter takes him.
    await page.keyboard.type('x Mus');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(listbox(page)).toHaveCount(0);
    await expect(box).toHaveValue(
      new RegExp(`^Could you check the proofs, @\\[Max Mustermann\\]\\(person:${UUID}\\) $`),
    );
    await page.keyboard.type('before Friday?');
    await page.keyboard.press('Control+Enter');

    const thread = panel.getByRole('listitem', { name: /Thread started by Ada Lovelace/ });
    const chip = thread.getByRole('link', { name: '@Max Mustermann' });
    await expect(chip).toBeVisible();
    await expect(thread).toContainText('Could you check the proofs, @Max Mustermann before Friday?');
    await expect(chip).toHaveAttribute('href', new RegExp(`^/people\\?person=${UUID}$`));
    await expect(box).toHaveValue('');

    // The chip opens the person's profile.
    await chip.click();
    await expect(page).toHaveURL(/\/people\?person=/);
    await expect(page.getByRole('heading', { name: 'Max Mustermann' }).first()).toBeVisible();
  });

  test('a mention typed by hand of someone outside the company: the server’s message, the text kept', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Bad mention ${Date.now()}`, { Todo: ['Order paper'] });
    await page.goto(`/projects/${board.id}?card=${board.cards['Order paper']}`);
    const panel = page.getByRole('complementary', { name: 'Card details' });
    const text = 'Ask @[Ghost](person:00000000-0000-4000-8000-000000000000) about it';
    await panel.getByRole('textbox', { name: 'New comment' }).fill(text);
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(panel.getByRole('alert')).toContainText('Ghost');
    await expect(panel.getByRole('alert')).toContainText('not a member of this company');
    await expect(panel.getByRole('textbox', { name: 'New comment' })).toHaveValue(text);
  });

  test('a link to a card comment opens the panel there, highlighted and focused; a deleted one says so', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await createBoard(request, token, `Linked ${Date.now()}`, { Todo: ['Book venue'] });
    const cardId = board.cards['Book venue']!;
    const headers = { authorization: `Bearer ${token}` };
    let linked = '';
    for (let index = 1; index <= 12; index++) {
      const created = await request.post(`/api/projects/${board.id}/cards/${cardId}/comments`, {
        headers,
        data: { text: `Note number ${index}, with enough words to take some room in the panel.` },
      });
      expect(created.status()).toBe(201);
      if (index === 11) linked = ((await created.json()) as { id: string }).id;
    }
    await page.goto(`/projects/${board.id}?card=${cardId}&comment=${linked}`);
    const panel = page.getByRole('complementary', { name: 'Card details' });
    const comment = panel.locator(`[data-comment-id="${linked}"]`);
    await expect(comment).toHaveAttribute('data-highlighted', 'true');
    await expect(comment).toBeFocused();
    await expect(comment).toBeInViewport();
    await expect(comment).toContainText('Note number 11,');
    await expect(panel.locator('[data-highlighted]')).toHaveCount(1);

    await page.goto(`/projects/${board.id}?card=${cardId}&comment=99999999-9999-4999-8999-999999999999`);
    await expect(panel.getByRole('status').filter({ hasText: 'That comment was deleted.' })).toBeVisible();
    await expect(panel.locator('[data-highlighted]')).toHaveCount(0);
    expect(await cardComments(page, token, board.id, cardId)).toHaveLength(12);
  });

  test('mention in a wiki reply; a link to that reply highlights it in its thread', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const anchor = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const wiki = await createWikiPage(
      request,
      token,
      'Venue notes',
      `The hall holds [comment id="${anchor}"]two hundred people[/comment] seated.\n`,
    );
    const threadId = await createThread(request, token, wiki, anchor, 'Standing too?');
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}`);
    const thread = marginThread(page, 'two hundred people');
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    const box = thread.getByRole('textbox', { name: /^Reply to / });
    // Her whole name: other specs add and rename people of the demo company meanwhile (the account
    // spec renames Hedy), none of them Grace.
    await box.pressSequentially('Asking @grace hop');
    await expect(listbox(page).getByRole('option').first()).toHaveAccessibleName(/Grace Hopper/);
    await expect(listbox(page).getByRole('option', { name: /Grace Hopper/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.type('now');
    await expect(box).toHaveValue(new RegExp(`^Asking @\\[Grace Hopper\\]\\(person:${UUID}\\) now$`));
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(thread.getByRole('link', { name: '@Grace Hopper' })).toBeVisible();

    const replies = await page.request.get(`/api/projects/${wiki.projectId}/wiki/${wiki.pageId}/comments`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const replyId = ((await replies.json()) as { comments: { id: string; parentId: string | null }[] }).comments.find(
      (comment) => comment.parentId === threadId,
    )!.id;
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}?thread=${threadId}&comment=${replyId}`);
    const reply = page.locator(`.wiki-margin-threads [data-comment-id="${replyId}"]`);
    await expect(reply).toHaveAttribute('data-highlighted', 'true');
    await expect(reply).toBeFocused();
    await expect(reply.getByRole('link', { name: '@Grace Hopper' })).toHaveAttribute(
      'href',
      new RegExp(`^/people\\?person=${UUID}$`),
    );
  });
});
