import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { keyboardDragListens } from '../fixtures';

export type BoardSpec = Record<string, string[]>;
export type Board = {
  id: string;
  columns: Record<string, string>;
  cards: Record<string, string>;
};

/** Creates a project through the API: columns in order, each with cards titled as given. */
export async function createBoard(
  request: APIRequestContext,
  token: string,
  name: string,
  spec: BoardSpec,
): Promise<Board> {
  const headers = { authorization: `Bearer ${token}` };
  const project = await request.post('/api/projects', { headers, data: { name, columns: Object.keys(spec) } });
  expect(project.status()).toBe(201);
  const { id } = (await project.json()) as { id: string };
  const detail = (await (await request.get(`/api/projects/${id}`, { headers })).json()) as {
    columns: { id: string; name: string }[];
  };
  const columns = Object.fromEntries(detail.columns.map((column) => [column.name, column.id]));
  const cards: Record<string, string> = {};
  for (const [column, titles] of Object.entries(spec)) {
    for (const title of titles) {
      const created = await request.post(`/api/projects/${id}/cards`, {
        headers,
        data: { columnId: columns[column], title },
      });
      expect(created.status()).toBe(201);
      cards[title] = ((await created.json()) as { card: { id: string } }).card.id;
    }
  }
  return { id, columns, cards };
}

/** Titles of each column's cards as the server has them now. */
export async function serverOrder(
  request: APIRequestContext,
  token: string,
  projectId: string,
): Promise<Record<string, string[]>> {
  const response = await request.get(`/api/projects/${projectId}`, { headers: { authorization: `Bearer ${token}` } });
  const board = (await response.json()) as { columns: { name: string; cards: { title: string }[] }[] };
  return Object.fromEntries(board.columns.map((column) => [column.name, column.cards.map((card) => card.title)]));
}

export const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
export const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** Titles of a column's cards as the page shows them. */
export async function shownOrder(page: Page, name: string): Promise<string[]> {
  return column(page, name).locator('.card-face-title').allTextContents();
}

/** Drags a card with real mouse steps and drops it above `before` (a card title), or at the end of the column. */
export async function dragCard(page: Page, title: string, to: { column: string; before?: string }) {
  const source = card(page, title);
  const box = (await source.boundingBox())!;
  // Grab the card by its lower edge area, away from the title link.
  const grab = { x: box.x + box.width / 2, y: box.y + box.height - 10 };
  let target: Locator;
  let point: { x: number; y: number };
  if (to.before) {
    target = card(page, to.before);
    const rect = (await target.boundingBox())!;
    point = { x: rect.x + rect.width / 2, y: rect.y + 4 };
  } else {
    target = column(page, to.column).locator('.board-column-cards');
    const rect = (await target.boundingBox())!;
    point = { x: rect.x + rect.width / 2, y: rect.y + rect.height - 6 };
  }
  // The drop position follows the dragged card's centre, which sits above the grab point.
  const offset = box.y + box.height / 2 - grab.y;
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 10, grab.y + 10, { steps: 4 });
  await page.mouse.move(point.x, point.y - offset, { steps: 20 });
  await page.mouse.move(point.x, point.y - offset + 2, { steps: 2 });
  await page.mouse.up();
}

/** Opens a card's menu with its "⋯" button and chooses `action` (Open, Move to…, Copy link, Archive). */
export async function cardAction(page: Page, title: string, action: string) {
  await card(page, title)
    .getByRole('button', { name: `Actions for ${title}` })
    .click();
  await page
    .getByRole('menu', { name: `Actions for ${title}` })
    .getByRole('menuitem', { name: action })
    .click();
}

/** Picks a card up with the keyboard (Space on its drag handle), ready for its arrow keys. */
export async function pickUp(page: Page, title: string, announced: string) {
  await card(page, title)
    .getByRole('button', { name: `Drag ${title}` })
    .focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(announced);
  await keyboardDragListens(page);
}
