/**
 * Mentioning an agent hands it the comment as work: a person mentions the demo agent Cafébot (run
 * by the reference runner `npm start` starts) in a card comment, choosing it in the mention picker
 * with the keyboard, and the agent's answer appears live in the same thread, mentioning them back.
 */
import type { APIRequestContext } from '@playwright/test';
import { MEMBER, expect, expectAccessible, test } from './fixtures';

const DEMO_BOARD = 'Café roadmap';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The demo board's id and its Backlog column. */
async function demoBoard(request: APIRequestContext, token: string) {
  const projects = (await (await request.get('/api/projects', { headers: bearer(token) })).json()) as {
    projects: { id: string; name: string }[];
  };
  const id = projects.projects.find((project) => project.name === DEMO_BOARD)!.id;
  const detail = (await (await request.get(`/api/projects/${id}`, { headers: bearer(token) })).json()) as {
    columns: { id: string; name: string }[];
  };
  return { id, backlog: detail.columns.find((column) => column.name === 'Backlog')!.id };
}

test('Cafébot, mentioned in a card comment, answers in its thread live (the demo agent, run by the reference runner)', async ({
  page,
  signedIn,
  request,
}) => {
  // The runner answers through the API while other tests run: more than the default on 2 cores.
  test.setTimeout(60_000);
  const token = await signedIn(MEMBER, '/projects');
  const board = await demoBoard(request, token);
  const title = `Ask Cafébot ${Date.now()}`;
  const created = await request.post(`/api/projects/${board.id}/cards`, {
    headers: bearer(token),
    data: { columnId: board.backlog, title },
  });
  expect(created.status()).toBe(201);
  const cardId = ((await created.json()) as { card: { id: string } }).card.id;

  await page.goto(`/projects/${board.id}?card=${cardId}`);
  const panel = page.getByRole('complementary', { name: 'Card details' });
  const composer = panel.getByLabel('New comment');
  await composer.click();
  // `@` and the name's start: the picker suggests Cafébot; Enter writes the mention.
  await composer.pressSequentially('@Cafébo');
  const suggestions = page.getByRole('listbox', { name: 'People and agents to mention' });
  await expect(suggestions.getByRole('option', { selected: true })).toContainText('Cafébot');
  await composer.press('Enter');
  await expect(suggestions).toBeHidden();
  await composer.pressSequentially('what is blocked?');
  await expect(composer).toHaveValue(/^@\[Cafébot\]\(agent:[0-9a-f-]{36}\) ?what is blocked\?$/);
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();

  const thread = panel.getByRole('listitem', { name: 'Thread started by Max Mustermann' });
  await expect(thread.getByRole('link', { name: '@Cafébot', exact: true })).toBeVisible();
  // The runner reads the card and the thread and answers from the card's own board, in the thread.
  const reply = thread.getByRole('article', { name: /^Cafébot,/ });
  await expect(reply).toContainText(`on “${DEMO_BOARD}”`, { timeout: 20_000 });
  await expect(reply.getByRole('link', { name: '@Max Mustermann', exact: true })).toBeVisible();
  await expect(reply).toContainText('Agent');
  await expect(thread.getByRole('article')).toHaveCount(2);
  await expectAccessible(page, '[aria-label="Card details"]');
});
