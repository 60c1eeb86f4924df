import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export type WikiFixture = { projectId: string; pageId: string };

/** Creates a project and one wiki page with the given Markdown, through the API. */
export async function createWikiPage(
  request: APIRequestContext,
  token: string,
  title: string,
  markdown: string,
): Promise<WikiFixture> {
  const headers = { authorization: `Bearer ${token}` };
  const project = await request.post('/api/projects', { headers, data: { name: `${title} ${Date.now()}` } });
  expect(project.status()).toBe(201);
  const { id: projectId } = (await project.json()) as { id: string };
  const created = await request.post(`/api/projects/${projectId}/wiki`, { headers, data: { title, markdown } });
  expect(created.status()).toBe(201);
  const { id: pageId } = (await created.json()) as { id: string };
  return { projectId, pageId };
}

/** Starts a thread through the API on the passage marked `[comment id="<anchor>"]` in the page. */
export async function createThread(
  request: APIRequestContext,
  token: string,
  wiki: WikiFixture,
  anchor: string,
  text: string,
): Promise<string> {
  const response = await request.post(`/api/projects/${wiki.projectId}/wiki/${wiki.pageId}/comments`, {
    headers: { authorization: `Bearer ${token}` },
    data: { text, anchor },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The page's Markdown as the server has it now. */
export async function serverMarkdown(request: APIRequestContext, token: string, wiki: WikiFixture): Promise<string> {
  const response = await request.get(`/api/projects/${wiki.projectId}/wiki/${wiki.pageId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { markdown: string }).markdown;
}

export const editor = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

/** A highlighted (commented) passage in the editor. */
export const highlight = (page: Page, text: string) =>
  editor(page).locator('.wiki-comment-hl', { hasText: text }).first();

/** The thread card in the margin about a passage. */
export const marginThread = (page: Page, quote: string | RegExp) =>
  page
    .getByRole('list', { name: 'Threads beside the text' })
    .getByRole('listitem', { name: typeof quote === 'string' ? new RegExp(`^Comment on “${quote}”`) : quote });

export const composer = (page: Page) => page.getByRole('group', { name: 'New comment' });

/** Selects `text` (its first occurrence, within one paragraph) in the editor, as a person dragging over it would. */
export async function selectInEditor(page: Page, text: string) {
  await editor(page).evaluate((root, wanted) => {
    (root as HTMLElement).focus();
    for (const block of Array.from(root.querySelectorAll('p, li, h1, h2, h3, h4, td, th, pre'))) {
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
      const whole = nodes.map((node) => node.data).join('');
      const index = whole.indexOf(wanted);
      if (index < 0) continue;
      // The text node and offset at a character index of the block's text.
      const at = (offset: number, end: boolean): [Text, number] => {
        let seen = 0;
        for (const node of nodes) {
          if (offset < seen + node.data.length || (end && offset === seen + node.data.length)) {
            return [node, offset - seen];
          }
          seen += node.data.length;
        }
        const last = nodes[nodes.length - 1]!;
        return [last, last.data.length];
      };
      const range = document.createRange();
      range.setStart(...at(index, false));
      range.setEnd(...at(index + wanted.length, true));
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`“${wanted}” is not in the editor`);
  }, text);
}

/** Writes a reply in a thread and sends it. */
export async function reply(thread: Locator, text: string) {
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await thread.getByRole('textbox', { name: /^Reply to / }).fill(text);
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(thread.getByRole('textbox', { name: /^Reply to / })).toHaveCount(0);
}
