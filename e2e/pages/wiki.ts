import { type APIRequestContext, expect, type Page } from '@playwright/test';

export type WikiPageData = {
  id: string;
  title: string;
  markdown: string;
  revisionId: string;
  parentId: string | null;
  position: number;
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Creates an empty project (one column) through the API; returns its id. */
export async function createProject(request: APIRequestContext, token: string, name: string): Promise<string> {
  const response = await request.post('/api/projects', { headers: auth(token), data: { name, columns: ['To do'] } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Creates a wiki page through the API. */
export async function createPage(
  request: APIRequestContext,
  token: string,
  projectId: string,
  data: { title: string; markdown?: string; parentId?: string | null },
): Promise<WikiPageData> {
  const response = await request.post(`/api/projects/${projectId}/wiki`, { headers: auth(token), data });
  expect(response.status()).toBe(201);
  return (await response.json()) as WikiPageData;
}

/** A page as the server has it now. */
export async function serverPage(
  request: APIRequestContext,
  token: string,
  projectId: string,
  pageId: string,
): Promise<WikiPageData> {
  const response = await request.get(`/api/projects/${projectId}/wiki/${pageId}`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as WikiPageData;
}

/** The live tree as the server has it: `title` → parent title (or null) and position. */
export async function serverTree(
  request: APIRequestContext,
  token: string,
  projectId: string,
): Promise<Record<string, { parent: string | null; position: number }>> {
  const response = await request.get(`/api/projects/${projectId}/wiki`, { headers: auth(token) });
  const { pages } = (await response.json()) as { pages: WikiPageData[] };
  const titles = new Map(pages.map((page) => [page.id, page.title]));
  return Object.fromEntries(
    pages.map((page) => [
      page.title,
      { parent: page.parentId ? (titles.get(page.parentId) ?? null) : null, position: page.position },
    ]),
  );
}

/** Saves a page through the API on top of its current revision (a colleague's edit). */
export async function savePageAsColleague(
  request: APIRequestContext,
  token: string,
  projectId: string,
  pageId: string,
  change: (markdown: string) => string,
) {
  const current = await serverPage(request, token, projectId, pageId);
  const response = await request.patch(`/api/projects/${projectId}/wiki/${pageId}`, {
    headers: auth(token),
    data: { baseRevisionId: current.revisionId, markdown: change(current.markdown) },
  });
  expect(response.status()).toBe(200);
}

export const wikiUrl = (projectId: string, pageId?: string) =>
  pageId ? `/projects/${projectId}/wiki/${pageId}` : `/projects/${projectId}/wiki`;

export const editor = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

/** Opens a wiki page and waits for its editor (a chunk of its own, slower on a busy machine). */
export async function openWikiPage(page: Page, projectId: string, pageId: string) {
  await page.goto(wikiUrl(projectId, pageId));
  await expect(editor(page)).toBeVisible({ timeout: 20_000 });
}
export const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
export const tool = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true });
export const tree = (page: Page) => page.getByRole('tree', { name: 'Pages' });
export const treeItem = (page: Page, title: string) => tree(page).getByRole('treeitem', { name: title, exact: true });
/** The autosave's state line ("Saving…", "Saved", "Offline — will retry", "Conflict"). */
export const saveState = (page: Page) => page.locator('.wiki-save');

/** Waits until the page says everything is saved. */
export async function expectSaved(page: Page) {
  await expect(saveState(page)).toHaveText('Saved', { timeout: 10_000 });
}

/** Titles of the tree's rows in order, each prefixed by its level's indent ("  Child"). */
export async function shownTree(page: Page): Promise<string[]> {
  return tree(page)
    .getByRole('treeitem')
    .evaluateAll((items) =>
      items.map(
        (item) => `${'  '.repeat(Number(item.getAttribute('aria-level')) - 1)}${item.getAttribute('aria-label')}`,
      ),
    );
}

/**
 * Drags a tree row with real mouse steps into `target`'s place (the rows make room), `dx` pixels
 * sideways (16 per level).
 */
export async function dragTreeItem(page: Page, title: string, target: string, dx = 0) {
  const source = treeItem(page, title).locator('.wiki-tree-row').first();
  const box = (await source.boundingBox())!;
  const destination = (await treeItem(page, target).locator('.wiki-tree-row').first().boundingBox())!;
  const start = { x: box.x + box.width - 40, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 4, start.y + 8, { steps: 3 });
  const y = destination.y + destination.height / 2;
  await page.mouse.move(start.x + dx, y, { steps: 15 });
  await page.mouse.move(start.x + dx, y + 1, { steps: 2 });
  await page.mouse.up();
}

/** The tree's own status line (moves and renames said for screen readers; not dnd-kit's region). */
export const treeStatus = (page: Page) =>
  page.getByRole('navigation', { name: 'Wiki pages' }).locator('p[role="status"]');

/** Opens a tree row's actions from the keyboard (the period key) and chooses one. */
export async function treeAction(page: Page, title: string, action: string) {
  await treeItem(page, title).focus();
  await page.keyboard.press('.');
  await page
    .getByRole('menu', { name: `Actions for ${title}` })
    .getByRole('menuitem', { name: action })
    .click();
}

/** A toast (not an error) that says `text`. */
export const toastSaying = (page: Page, text: string) =>
  page.locator('.toaster [role="status"] .toast').filter({ hasText: text });

/** The WCAG contrast ratio of two CSS colours (`rgb(…)`), measured in the page. */
export function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number)
      .map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
