import { MEMBER, expect, expectAccessible, test } from './fixtures';
import {
  createPage,
  createProject,
  dragTreeItem,
  editor,
  expectSaved,
  saveState,
  serverPage,
  serverTree,
  shownTree,
  tool,
  toolbar,
  tree,
  treeItem,
  openWikiPage,
  wikiUrl,
} from './pages/wiki';

test.describe('wiki pages', () => {
  test('create a page from the Wiki tab, format it with Markdown shortcuts and the toolbar; it is all there after a reload', async ({
    page,
    signedIn,
    request,
  }) => {
    // Much typing, two page loads: slow on a busy machine.
    test.setTimeout(60_000);
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Wiki ${Date.now()}`);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Wiki' }).click();
    await expect(page).toHaveURL(wikiUrl(projectId));
    await expect(page.getByText('This wiki has no pages yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create page', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a page' });
    await dialog.getByLabel('Title').fill('Launch plan');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await expect(page).toHaveURL(/\/wiki\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle('Launch plan · Workspace');
    await expect(editor(page)).toBeVisible({ timeout: 20_000 });
    await expect(treeItem(page, 'Launch plan')).toHaveAttribute('aria-selected', 'true');
    await expect(editor(page)).toBeFocused();

    await page.keyboard.type('## Goals');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- [ ] Book the venue');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('This is ');
    await tool(page, 'Bold').click();
    await page.keyboard.type('important');
    await tool(page, 'Bold').click();
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');
    await tool(page, 'Insert table').click();
    await page.keyboard.type('Owner');
    await expect(toolbar(page).getByRole('group', { name: 'Table' })).toBeVisible();
    await toolbar(page).getByRole('button', { name: 'Add row below' }).click();
    await expectSaved(page);

    const url = page.url();
    const pageId = url.split('/').at(-1)!;
    const stored = await serverPage(request, token, projectId, pageId);
    expect(stored.markdown).toContain('## Goals');
    expect(stored.markdown).toContain('- [ ] Book the venue');
    expect(stored.markdown).toContain('**important**');
    expect(stored.markdown).toMatch(/\| Owner\s*\|/);

    await page.reload();
    await expect(editor(page).getByRole('heading', { name: 'Goals', level: 2 })).toBeVisible({ timeout: 20_000 });
    const task = editor(page).locator('ul[data-type="taskList"] > li');
    await expect(task.locator('p')).toHaveText('Book the venue');
    await expect(task.getByRole('checkbox')).not.toBeChecked();
    await expect(editor(page).locator('strong')).toHaveText('important');
    await expect(editor(page).getByRole('table')).toContainText('Owner');
    await expect(editor(page).getByRole('row')).toHaveCount(4);
    await expectSaved(page);
  });

  test('rename a page: the tree, breadcrumbs and tab title follow', async ({ page, signedIn, request }) => {
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Rename ${Date.now()}`);
    const parent = await createPage(request, token, projectId, { title: 'Handbook' });
    const child = await createPage(request, token, projectId, { title: 'Onboarding', parentId: parent.id });
    await openWikiPage(page, projectId, child.id);
    const path = page.getByRole('navigation', { name: 'Page path' });
    await expect(path.getByRole('link', { name: 'Handbook' })).toBeVisible();
    const title = page.getByRole('textbox', { name: 'Page title' });
    await title.fill('First week');
    await expectSaved(page);
    await expect(treeItem(page, 'First week')).toBeVisible();
    await expect(page).toHaveTitle('First week · Workspace');
    await expect.poll(async () => (await serverPage(request, token, projectId, child.id)).title).toBe('First week');
    await path.getByRole('link', { name: 'Handbook' }).click();
    await expect(page).toHaveURL(wikiUrl(projectId, parent.id));
  });

  test('nest and reorder pages with the keyboard', async ({ page, signedIn, request }) => {
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Tree keys ${Date.now()}`);
    const first = await createPage(request, token, projectId, { title: 'Alpha' });
    await createPage(request, token, projectId, { title: 'Beta' });
    await createPage(request, token, projectId, { title: 'Gamma' });
    await openWikiPage(page, projectId, first.id);
    await expect(treeItem(page, 'Gamma')).toBeVisible();

    // Arrow keys move through the tree; Alt+Right nests Beta under Alpha.
    await treeItem(page, 'Alpha').focus();
    await page.keyboard.press('ArrowDown');
    await expect(treeItem(page, 'Beta')).toBeFocused();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => shownTree(page)).toEqual(['Alpha', '  Beta', 'Gamma']);
    await expect
      .poll(() => serverTree(request, token, projectId))
      .toMatchObject({ Beta: { parent: 'Alpha', position: 0 } });

    // Alt+Up on Gamma puts it above Alpha; Alt+Left takes Beta back out.
    await treeItem(page, 'Gamma').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => shownTree(page)).toEqual(['Gamma', 'Alpha', '  Beta']);
    await treeItem(page, 'Beta').focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => shownTree(page)).toEqual(['Gamma', 'Alpha', 'Beta']);
    await expect
      .poll(() => serverTree(request, token, projectId))
      .toEqual({
        Gamma: { parent: null, position: 0 },
        Alpha: { parent: null, position: 1 },
        Beta: { parent: null, position: 2 },
      });

    // Drag with the keyboard: Space picks up, arrows move and change the level, Space drops.
    await treeItem(page, 'Beta').focus();
    await page.keyboard.press('Space');
    const live = page.locator('[id^="DndLiveRegion"]');
    await expect(live).toContainText('Picked up Beta');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: 'Beta: inside Gamma' })).toBeAttached();
    await page.keyboard.press('Space');
    await expect(live).toContainText('Dropped. Beta: inside Gamma, position 1.');
    await expect.poll(() => shownTree(page)).toEqual(['Gamma', '  Beta', 'Alpha']);
    await expect
      .poll(() => serverTree(request, token, projectId))
      .toMatchObject({ Beta: { parent: 'Gamma', position: 0 } });

    // Enter opens the focused page.
    await treeItem(page, 'Beta').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Page title' })).toHaveValue('Beta');
  });

  test('nest a page by dragging it with the mouse, and move one from its menu', async ({ page, signedIn, request }) => {
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Tree drag ${Date.now()}`);
    const first = await createPage(request, token, projectId, { title: 'Plans' });
    await createPage(request, token, projectId, { title: 'Budget' });
    await createPage(request, token, projectId, { title: 'Venues' });
    await openWikiPage(page, projectId, first.id);
    await expect(treeItem(page, 'Venues')).toBeVisible();

    // Venues dropped in Budget's place, one level in: under Plans, which is just above.
    await dragTreeItem(page, 'Venues', 'Budget', 20);
    await expect.poll(() => shownTree(page)).toEqual(['Plans', '  Venues', 'Budget']);
    await expect
      .poll(() => serverTree(request, token, projectId))
      .toMatchObject({ Venues: { parent: 'Plans', position: 0 }, Budget: { parent: null, position: 1 } });

    // "Move to…" from the row's menu.
    await treeItem(page, 'Budget').hover();
    await treeItem(page, 'Budget').getByRole('button', { name: 'Actions for Budget' }).click();
    await page.getByRole('menu', { name: 'Actions for Budget' }).getByRole('menuitem', { name: 'Move to…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move “Budget”' });
    await dialog.getByLabel('Inside').selectOption({ label: '\u2003Plans' });
    await dialog.getByLabel('Position').selectOption({ index: 0 });
    await dialog.getByRole('button', { name: 'Move page' }).click();
    await expect.poll(() => shownTree(page)).toEqual(['Plans', '  Budget', '  Venues']);
    await expect
      .poll(() => serverTree(request, token, projectId))
      .toMatchObject({ Budget: { parent: 'Plans', position: 0 }, Venues: { parent: 'Plans', position: 1 } });
  });

  test('archive a page with its subpages, then restore it from the archived pages', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Archive ${Date.now()}`);
    const keep = await createPage(request, token, projectId, { title: 'Keep me' });
    const old = await createPage(request, token, projectId, { title: 'Old notes' });
    await createPage(request, token, projectId, { title: 'Older notes', parentId: old.id });
    await openWikiPage(page, projectId, keep.id);
    await expect(treeItem(page, 'Older notes')).toBeVisible();

    await treeItem(page, 'Old notes').focus();
    await page.keyboard.press('.');
    await page.getByRole('menu', { name: 'Actions for Old notes' }).getByRole('menuitem', { name: 'Archive' }).click();
    await expect(treeItem(page, 'Old notes')).toHaveCount(0);
    await expect(treeItem(page, 'Older notes')).toHaveCount(0);
    await expect(page.getByText('Archived “Old notes”')).toBeVisible();

    await page.getByRole('button', { name: 'Show archived pages' }).click();
    const archived = page.getByRole('list', { name: 'Archived pages' });
    await expect(archived.getByRole('link', { name: 'Older notes' })).toBeVisible();
    await archived.getByRole('button', { name: 'Restore Old notes' }).click();
    await expect(treeItem(page, 'Old notes')).toBeVisible();
    await expect(treeItem(page, 'Older notes')).toBeVisible();
    await expect(archived.getByRole('link', { name: 'Old notes', exact: true })).toHaveCount(0);

    // An archived page opens read only, and restores from its own notice.
    await treeItem(page, 'Older notes').focus();
    await page.keyboard.press('.');
    await page
      .getByRole('menu', { name: 'Actions for Older notes' })
      .getByRole('menuitem', { name: 'Archive' })
      .click();
    await expect(treeItem(page, 'Older notes')).toHaveCount(0);
    await archived.getByRole('link', { name: 'Older notes' }).click();
    await expect(page.getByText('This page is archived: it is read only.')).toBeVisible({ timeout: 20_000 });
    await expect(editor(page)).toHaveAttribute('contenteditable', 'false');
    await page.getByRole('button', { name: 'Restore page' }).click();
    await expect(treeItem(page, 'Older notes')).toBeVisible();
    await expect(editor(page)).toHaveAttribute('contenteditable', 'true');
  });

  test('the / menu inserts blocks by name', async ({ page, signedIn, request }) => {
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Slash ${Date.now()}`);
    const created = await createPage(request, token, projectId, { title: 'Slash', markdown: 'Intro.\n' });
    await openWikiPage(page, projectId, created.id);
    await editor(page).locator('p', { hasText: 'Intro.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/head');
    const menu = page.getByRole('listbox', { name: 'Insert block' });
    await expect(menu.getByRole('option')).toHaveText(['Heading 1', 'Heading 2', 'Heading 3']);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('option', { name: 'Heading 2' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await page.keyboard.type('Risks');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/tab');
    await expect(menu.getByRole('option')).toHaveText(['Table']);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('/table');
    await page.keyboard.press('Enter');
    await expect(editor(page).getByRole('table')).toBeVisible();
    await expectSaved(page);
    const stored = await serverPage(request, token, projectId, created.id);
    expect(stored.markdown).toMatch(/^Intro\.\n\n## Risks\n\n\|/);
    expect(stored.markdown).not.toContain('/tab');
  });

  test('the wiki page is accessible, and its toolbar works from the keyboard', async ({ page, signedIn, request }) => {
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `A11y ${Date.now()}`);
    const parent = await createPage(request, token, projectId, { title: 'Guides' });
    const created = await createPage(request, token, projectId, {
      title: 'Style guide',
      parentId: parent.id,
      markdown:
        '# Voice\n\nWrite **plainly**.\n\n- [x] Short words\n- [ ] Short sentences\n\n| Do | Don’t |\n| --- | --- |\n| Say | Utilise |\n\n```ts\nconst a = 1;\n```\n\n> Quoted\n',
    });
    await openWikiPage(page, projectId, created.id);
    await expect(editor(page).getByRole('table')).toBeVisible();
    await expect(tree(page)).toBeVisible();
    await expectAccessible(page, '#main');

    // Alt+F10 from the text reaches the toolbar; arrows move; Escape returns to the text.
    await editor(page).click();
    await page.keyboard.press('Alt+F10');
    await expect(tool(page, 'Heading 1')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tool(page, 'Heading 2')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor(page)).toBeFocused();
    await expect(saveState(page)).toHaveText('Saved');
  });
});
