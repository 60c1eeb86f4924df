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

/**
 * Selects `text` (its first occurrence, within one paragraph) in the editor through the editor's
 * own commands, the selection a drag over it leaves. A DOM selection set from a script reaches
 * ProseMirror only when it next reads the DOM, so a shortcut could act on the selection before it.
 */
export async function selectInEditor(page: Page, text: string) {
  await editor(page).evaluate((root, wanted) => {
    type Node = {
      isTextblock: boolean;
      isText: boolean;
      text?: string;
      forEach: (each: (child: Node, offset: number) => void) => void;
    };
    type Editor = {
      state: { doc: { descendants: (each: (node: Node, pos: number) => boolean | void) => void } };
      chain: () => {
        focus: () => { setTextSelection: (range: { from: number; to: number }) => { run: () => boolean } };
      };
    };
    const instance = (root as HTMLElement & { editor?: Editor }).editor;
    if (!instance) throw new Error('the editor is not ready');
    let found: { from: number; to: number } | null = null;
    instance.state.doc.descendants((block, pos) => {
      if (found) return false;
      if (!block.isTextblock) return true;
      // Character offsets of the block's text mapped to document positions (inline atoms have no text).
      let whole = '';
      const positions: number[] = [];
      block.forEach((child, offset) => {
        if (!child.isText || !child.text) return;
        for (let i = 0; i < child.text.length; i += 1) positions.push(pos + 1 + offset + i);
        whole += child.text;
      });
      const index = whole.indexOf(wanted);
      if (index >= 0) found = { from: positions[index]!, to: positions[index + wanted.length - 1]! + 1 };
      return false;
    });
    if (!found) throw new Error(`“${wanted}” is not in the editor`);
    instance.chain().focus().setTextSelection(found).run();
  }, text);
  await expect(editor(page)).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe(text);
}

/** Writes a reply in a thread and sends it. */
export async function reply(thread: Locator, text: string) {
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await thread.getByRole('textbox', { name: /^Reply to / }).fill(text);
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(thread.getByRole('textbox', { name: /^Reply to / })).toHaveCount(0);
}
