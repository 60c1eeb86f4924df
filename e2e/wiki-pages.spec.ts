import { MEMBER, expect, expectAccessible, keyboardDragListens, test } from './fixtures';
import {
  contrast,
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
  toastSaying,
  treeAction,
  treeStatus,
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
    await expect(page).toHaveTitle(/^(\(\d+\) )?Launch plan · Workspace$/);
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
    await expect(page).toHaveTitle(/^(\(\d+\) )?First week · Workspace$/);
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
    await keyboardDragListens(page);
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

  test('archive a page with its subpages: the toast says so and Undo puts them back where they were', async ({
    page,
    signedIn,
    request,
  }) => {
    // Several archives and restores, each a round trip and a toast.
    test.setTimeout(60_000);
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Archive ${Date.now()}`);
    const keep = await createPage(request, token, projectId, { title: 'Keep me' });
    const old = await createPage(request, token, projectId, { title: 'Old notes' });
    await createPage(request, token, projectId, { title: 'Older notes', parentId: old.id });
    await createPage(request, token, projectId, { title: 'Last one' });
    await openWikiPage(page, projectId, keep.id);
    await expect(treeItem(page, 'Older notes')).toBeVisible();

    // A move first: what the tree's status said about it must not outlive it.
    await treeItem(page, 'Keep me').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(treeStatus(page)).toContainText('Moved. Keep me: top level, position 2.');
    await expect.poll(() => shownTree(page)).toEqual(['Old notes', '  Older notes', 'Keep me', 'Last one']);
    await expect
      .poll(() => serverTree(request, token, projectId))
      .toMatchObject({ 'Keep me': { parent: null, position: 1 } });

    await treeAction(page, 'Old notes', 'Archive');
    await expect(treeItem(page, 'Old notes')).toHaveCount(0);
    await expect(treeItem(page, 'Older notes')).toHaveCount(0);
    const archived = toastSaying(page, 'Archived “Old notes” and 1 subpage');
    await expect(archived).toBeVisible();
    await expect(treeStatus(page)).toHaveText('');
    // The focus moves on to the next page rather than being lost with the row.
    await expect(treeItem(page, 'Keep me')).toBeFocused();
    await archived.getByRole('button', { name: 'Undo' }).click();
    await expect(archived).toHaveCount(0);
    await expect(toastSaying(page, 'Restored “Old notes”')).toBeVisible();
    // Back in its place (the server alone would put it last), its subpage with it.
    await expect.poll(() => shownTree(page)).toEqual(['Old notes', '  Older notes', 'Keep me', 'Last one']);
    await expect
      .poll(() => serverTree(request, token, projectId))
      .toEqual({
        'Old notes': { parent: null, position: 0 },
        'Older notes': { parent: 'Old notes', position: 0 },
        'Keep me': { parent: null, position: 1 },
        'Last one': { parent: null, position: 2 },
      });
    await expect(treeItem(page, 'Old notes')).toBeFocused();

    // Archiving the open page leaves it; Undo comes back to it.
    await treeAction(page, 'Keep me', 'Archive');
    await expect(page).not.toHaveURL(wikiUrl(projectId, keep.id));
    await toastSaying(page, 'Archived “Keep me”').getByRole('button', { name: 'Undo' }).click();
    await expect(page).toHaveURL(wikiUrl(projectId, keep.id));
    await expect(treeItem(page, 'Keep me')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => shownTree(page)).toEqual(['Old notes', '  Older notes', 'Keep me', 'Last one']);

    // Later, from the archived pages.
    await treeAction(page, 'Old notes', 'Archive');
    await expect(treeItem(page, 'Old notes')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show archived pages' }).click();
    const list = page.getByRole('list', { name: 'Archived pages' });
    await expect(list.getByRole('link', { name: 'Older notes' })).toBeVisible();
    await list.getByRole('button', { name: 'Restore Old notes' }).click();
    await expect(treeItem(page, 'Old notes')).toBeVisible();
    await expect(treeItem(page, 'Older notes')).toBeVisible();
    await expect(list.getByRole('link', { name: 'Old notes', exact: true })).toHaveCount(0);

    // An archived page opens read only, and restores from its own notice.
    await treeAction(page, 'Older notes', 'Archive');
    await expect(treeItem(page, 'Older notes')).toHaveCount(0);
    await list.getByRole('link', { name: 'Older notes' }).click();
    await expect(page.getByText('This page is archived: it is read only.')).toBeVisible({ timeout: 20_000 });
    await expect(editor(page)).toHaveAttribute('contenteditable', 'false');
    await page.getByRole('button', { name: 'Restore page' }).click();
    await expect(treeItem(page, 'Older notes')).toBeVisible();
    await expect(editor(page)).toHaveAttribute('contenteditable', 'true');
  });

  test('rename a page in the tree: Enter saves, Escape cancels, F2 starts; a refused title stays as typed', async ({
    page,
    signedIn,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Tree rename ${Date.now()}`);
    const alpha = await createPage(request, token, projectId, { title: 'Alpha' });
    await createPage(request, token, projectId, { title: 'Beta' });
    await openWikiPage(page, projectId, alpha.id);
    await expect(treeItem(page, 'Beta')).toBeVisible();

    // From the menu: the title becomes a field with the old title selected.
    await treeAction(page, 'Beta', 'Rename');
    const field = tree(page).getByRole('textbox', { name: 'Rename Beta' });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('Beta');
    await page.keyboard.type('Budget');
    await page.keyboard.press('Enter');
    await expect(treeItem(page, 'Budget')).toBeFocused();
    await expect(treeStatus(page)).toHaveText('Renamed to Budget.');
    await expect.poll(async () => Object.keys(await serverTree(request, token, projectId))).toContain('Budget');

    // F2, then Escape: nothing changes.
    await page.keyboard.press('F2');
    await page.keyboard.type('Nope');
    await page.keyboard.press('Escape');
    await expect(treeItem(page, 'Budget')).toBeFocused();
    await expect(tree(page).getByRole('textbox')).toHaveCount(0);

    // Too long: said, not cut; Escape lets it go.
    await page.keyboard.press('F2');
    await tree(page).getByRole('textbox', { name: 'Rename Budget' }).fill('x'.repeat(201));
    await page.keyboard.press('Enter');
    await expect(tree(page).getByRole('alert')).toHaveText(
      'A title can have up to 200 characters: this one has 201, remove 1.',
    );
    await page.keyboard.press('Escape');
    await expect(treeItem(page, 'Budget')).toBeFocused();

    // The server refuses: its reason is shown, and what was typed stays to try again.
    await page.route(`**/api/projects/${projectId}/wiki/*`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 409, json: { error: 'The page is archived: restore it first', code: 'CONFLICT' } })
        : route.fallback(),
    );
    await page.keyboard.press('F2');
    const again = tree(page).getByRole('textbox', { name: 'Rename Budget' });
    await again.fill('Budget 2026');
    await page.keyboard.press('Enter');
    await expect(tree(page).getByRole('alert')).toContainText('The page is archived: restore it first');
    await expect(again).toHaveValue('Budget 2026');
    await expect(again).toHaveAttribute('aria-invalid', 'true');
    await page.unroute(`**/api/projects/${projectId}/wiki/*`);
    await page.keyboard.press('Enter');
    await expect(treeItem(page, 'Budget 2026')).toBeFocused();

    // The open page is renamed in its own title field (its autosave knows of unsaved edits).
    await treeItem(page, 'Alpha').focus();
    await page.keyboard.press('F2');
    const title = page.getByRole('textbox', { name: 'Page title' });
    await expect(title).toBeFocused();
    await page.keyboard.type('Overview');
    await expect(title).toHaveValue('Overview');
    await page.keyboard.press('Enter');
    await expect(editor(page)).toBeFocused();
    await expectSaved(page);
    await expect(treeItem(page, 'Overview')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle(/^(\(\d+\) )?Overview · Workspace$/);
    await expect.poll(async () => (await serverPage(request, token, projectId, alpha.id)).title).toBe('Overview');
  });

  test('a title longer than the limit is not cut silently when creating a page', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Long title ${Date.now()}`);
    await page.goto(wikiUrl(projectId));
    await page.getByRole('button', { name: 'Create page', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a page' });
    const title = dialog.getByLabel('Title');
    await title.fill('x'.repeat(201));
    await expect(title).toHaveValue('x'.repeat(201));
    await expect(dialog.getByText('A title can have up to 200 characters: this one has 201, remove 1.')).toBeVisible();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('button', { name: 'Create page' })).toBeDisabled();
    await page.keyboard.press('Backspace');
    await expect(dialog.getByText('200/200 characters')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create page' })).toBeEnabled();
  });

  test('on a phone the page comes first: the tree folds away behind a Pages button', async ({
    page,
    signedIn,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Phone ${Date.now()}`);
    const first = await createPage(request, token, projectId, { title: 'First', markdown: 'The first page.\n' });
    const parent = await createPage(request, token, projectId, { title: 'Handbook' });
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five'])
      await createPage(request, token, projectId, { title, parentId: parent.id });
    await openWikiPage(page, projectId, first.id);

    const pages = page.getByRole('button', { name: 'Pages', exact: true });
    await expect(pages).toHaveAttribute('aria-expanded', 'false');
    await expect(tree(page)).toBeHidden();
    // The text starts on the first screen.
    const text = (await editor(page).getByText('The first page.').boundingBox())!;
    expect(text.y + text.height).toBeLessThan(844);
    await expectAccessible(page, '#main');

    // By keyboard: the button opens the tree; a page opened from it folds it again.
    await pages.focus();
    await page.keyboard.press('Enter');
    await expect(pages).toHaveAttribute('aria-expanded', 'true');
    await expect(tree(page)).toBeVisible();
    await expectAccessible(page, '#main');
    await treeItem(page, 'Handbook').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(wikiUrl(projectId, parent.id));
    await expect(pages).toHaveAttribute('aria-expanded', 'false');
    await expect(tree(page)).toBeHidden();
    await expect(pages).toBeFocused();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    // A wide window always shows the tree, and no button.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(tree(page)).toBeVisible();
    await expect(pages).toBeHidden();
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
  test('the toolbar keeps one height in a table and a code block, and its icons say what they do', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Toolbar ${Date.now()}`);
    const created = await createPage(request, token, projectId, {
      title: 'Toolbar',
      markdown: 'Intro.\n\n| Owner | Task |\n| --- | --- |\n| Ada | Grinders |\n\n```ts\nconst opening = 1;\n```\n',
    });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await openWikiPage(page, projectId, created.id);
      const intro = editor(page).getByText('Intro.');
      await intro.click();
      const where = async () => ({
        toolbar: (await toolbar(page).boundingBox())!.height,
        text: (await intro.boundingBox())!.y,
      });
      const before = await where();
      expect(before.toolbar).toBeLessThan(48);
      await editor(page).getByRole('cell', { name: 'Grinders' }).click();
      await expect(toolbar(page).getByRole('group', { name: 'Table' })).toBeVisible();
      await expect(toolbar(page).getByRole('button', { name: 'Add row below' })).toBeInViewport();
      expect(await where(), `in a table at ${viewport.width}`).toEqual(before);
      await editor(page).getByText('const opening').click();
      await expect(toolbar(page).getByRole('combobox', { name: 'Language' })).toBeInViewport();
      expect(await where(), `in a code block at ${viewport.width}`).toEqual(before);
      await intro.click();
      await expect(toolbar(page).getByRole('group')).toHaveCount(0);
      expect(await where()).toEqual(before);
    }

    // Icons, not glyphs; the name and the title (with its shortcut) say what each does.
    for (const name of ['Undo', 'Heading 2', 'Bold', 'Bulleted list', 'Numbered list', 'Task list', 'Quote']) {
      await expect(tool(page, name).locator('svg')).toHaveCount(1);
      await expect(tool(page, name)).toHaveText('');
    }
    for (const name of ['Code block', 'Horizontal rule', 'Insert table', 'Comment']) {
      await expect(tool(page, name).locator('svg')).toHaveCount(1);
    }
    await expect(tool(page, 'Bold')).toHaveAttribute('title', 'Bold (Ctrl+B)');
    await expect(tool(page, 'Bulleted list')).toHaveAttribute('title', 'Bulleted list (type - and a space)');
  });

  test('the editor has room around its text, a quiet focus ring and a selection that shows', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, token, `Editor look ${Date.now()}`);
    const created = await createPage(request, token, projectId, {
      title: 'Look',
      markdown: 'Some text to select.\n\n1. First\n2. Second\n\n> Quoted\n',
    });
    await openWikiPage(page, projectId, created.id);
    await editor(page).getByText('Some text to select.').click();
    await expect(editor(page)).toBeFocused();
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
      // The focus ring fades in: read the styles once its transition has ended (or been replaced).
      await editor(page).evaluate((element) =>
        Promise.allSettled(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      const look = await editor(page).evaluate((element) => {
        const style = getComputedStyle(element);
        const selection = getComputedStyle(element.querySelector('p')!, '::selection');
        let background = element.parentElement!;
        while (getComputedStyle(background).backgroundColor === 'rgba(0, 0, 0, 0)')
          background = background.parentElement!;
        const list = element.querySelector('ol')!.getBoundingClientRect().left - element.getBoundingClientRect().left;
        return {
          paddingLeft: parseFloat(style.paddingLeft),
          ring: style.boxShadow,
          list,
          selection: selection.backgroundColor,
          selected: selection.color,
          page: getComputedStyle(background).backgroundColor,
        };
      });
      // Text and list markers clear of the edge; a 1px ring, not a thick bar at the left.
      expect(look.paddingLeft, theme).toBeGreaterThanOrEqual(12);
      expect(look.list, theme).toBeGreaterThanOrEqual(12);
      expect(look.ring, theme).toMatch(/ 0px 0px 0px 1px$/);
      // Selected text reads well, and the selection stands out from the page.
      expect(contrast(look.selection, look.selected), theme).toBeGreaterThanOrEqual(7);
      expect(contrast(look.selection, look.page), theme).toBeGreaterThanOrEqual(1.4);
    }
  });
});
