import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, openPalette, test } from './fixtures';

/** A name no other test (or run) uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Node = { id: string; name: string; parentId: string | null; type: 'folder' | 'file' };

async function createFolder(request: APIRequestContext, token: string, name: string, parentId: string | null = null) {
  const response = await request.post('/api/client/files/nodes', {
    headers: auth(token),
    data: { type: 'folder', name, parentId, onConflict: 'fail' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Node;
}

/** Uploads a small file through the four steps: create, upload URL, PUT the bytes, complete. */
async function uploadFile(
  request: APIRequestContext,
  token: string,
  name: string,
  parentId: string | null,
  body = Buffer.from(`contents of ${name}\n`),
  mimeType = 'text/plain',
) {
  const created = await request.post('/api/client/files/nodes', {
    headers: auth(token),
    data: { type: 'file', name, parentId, fileSize: body.length, mimeType, onConflict: 'fail' },
  });
  expect(created.status()).toBe(201);
  const node = (await created.json()) as Node;
  const target = await request.post(`/api/client/files/${node.id}/upload-url`, { headers: auth(token) });
  expect(target.status()).toBe(200);
  const upload = (await target.json()) as { signedUrl: string; headers: Record<string, string> };
  expect((await request.put(upload.signedUrl, { headers: upload.headers, data: body })).ok()).toBe(true);
  const completed = await request.post(`/api/client/files/${node.id}/complete-upload`, {
    headers: auth(token),
    data: {},
  });
  expect(completed.status()).toBe(200);
  return node;
}

async function serverNode(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/api/client/files/${id}`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { node: Node & { trashedAt: string | null } }).node;
}

/** Whether the node is in the trash (a deleted node is not found by its id). */
async function inTrash(request: APIRequestContext, token: string, id: string) {
  const response = await request.get('/api/client/files/trash', { headers: auth(token) });
  return ((await response.json()) as { nodes: Node[] }).nodes.some((node) => node.id === id);
}

/** A folder of its own for one test, at the top level, opened in the page. */
async function openTestFolder(page: Page, request: APIRequestContext, token: string, label: string) {
  const folder = await createFolder(request, token, unique(label));
  await page.goto(`/files/${folder.id}`);
  await expect(page.getByRole('heading', { level: 1, name: folder.name })).toBeVisible();
  return folder;
}

const files = (page: Page) => page.getByRole('grid').first();
const row = (page: Page, name: string) => files(page).getByRole('row').filter({ hasText: name });

test.describe('Files', () => {
  test('create a folder, open it, and come back through the breadcrumb', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada');
    // “g” then “f” goes to Files; the navigation marks it.
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await expect(page).toHaveURL(/\/files$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Files' })).toHaveAttribute('aria-current', 'page');
    const parent = await openTestFolder(page, request, token, 'Create');
    const name = unique('Reports');
    await page.getByRole('button', { name: 'New folder' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, name)).toBeVisible();
    // The same name again: the server's message, the text kept.
    await page.getByRole('button', { name: 'New folder' }).first().click();
    await dialog.getByLabel('Name').fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await expect(dialog.getByText(/already/i)).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row(page, name).dblclick();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('This folder is empty')).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await breadcrumb.getByRole('link', { name: parent.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: parent.name })).toBeVisible();
    await expect(row(page, name)).toBeVisible();
  });

  test('rename with F2; a name taken keeps the text and shows the server’s message', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/files');
    const folder = await createFolder(request, token, unique('Rename'));
    const alpha = await uploadFile(request, token, 'alpha.txt', folder.id);
    await uploadFile(request, token, 'beta.txt', folder.id);
    await page.goto(`/files/${folder.id}`);

    await row(page, 'alpha.txt').click();
    await page.keyboard.press('F2');
    const field = page.getByRole('textbox', { name: 'New name for alpha.txt' });
    await expect(field).toBeFocused();
    // The name without its extension is selected: typing replaces it.
    await page.keyboard.type('gamma');
    await page.keyboard.press('Enter');
    await expect(row(page, 'gamma.txt')).toBeVisible();
    await expect(field).toBeHidden();
    await expect(row(page, 'gamma.txt')).toBeFocused();
    expect((await serverNode(request, token, alpha.id)).name).toBe('gamma.txt');

    await page.keyboard.press('F2');
    const again = page.getByRole('textbox', { name: 'New name for gamma.txt' });
    await again.fill('BETA.txt');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: /beta\.txt/i })).toBeVisible();
    await expect(again).toHaveValue('BETA.txt');
    await expect(again).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await expect(row(page, 'gamma.txt')).toBeFocused();
    expect((await serverNode(request, token, alpha.id)).name).toBe('gamma.txt');
  });

  test('move by dragging onto a folder row and onto a breadcrumb', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/files');
    const folder = await createFolder(request, token, unique('Drag'));
    const target = await createFolder(request, token, 'Target', folder.id);
    const file = await uploadFile(request, token, 'drag-me.txt', folder.id);
    await page.goto(`/files/${folder.id}`);

    await dragTo(page, row(page, 'drag-me.txt'), row(page, 'Target'));
    await expect(row(page, 'drag-me.txt')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Moved “drag-me.txt” to Target' })).toBeVisible();
    await expect.poll(async () => (await serverNode(request, token, file.id)).parentId).toBe(target.id);

    await row(page, 'Target').dblclick();
    await expect(page.getByRole('heading', { level: 1, name: 'Target' })).toBeVisible();
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: folder.name });
    await dragTo(page, row(page, 'drag-me.txt'), crumb);
    await expect(row(page, 'drag-me.txt')).toHaveCount(0);
    await expect.poll(async () => (await serverNode(request, token, file.id)).parentId).toBe(folder.id);
    await crumb.click();
    await expect(row(page, 'drag-me.txt')).toBeVisible();
  });

  test('move with “Move to…” from the keyboard; a refused move comes back with the server’s message', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/files');
    const folder = await createFolder(request, token, unique('Keyboard move'));
    const archive = await createFolder(request, token, 'Archive', folder.id);
    await createFolder(request, token, 'Drafts', folder.id);
    const file = await uploadFile(request, token, 'notes.txt', folder.id);
    await uploadFile(request, token, 'taken.txt', archive.id);
    await uploadFile(request, token, 'taken.txt', folder.id);
    await page.goto(`/files/${folder.id}`);

    // Tab into the list, arrow down to the file, open its menu with Shift+F10.
    await files(page).getByRole('row').nth(1).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await expect(row(page, 'notes.txt')).toBeFocused();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Actions for notes.txt' });
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    await page.keyboard.press('m');
    await expect(menu.getByRole('menuitem', { name: 'Move to…' })).toBeFocused();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Move “notes.txt”' });
    const picker = dialog.getByRole('listbox', { name: `Folders in ${folder.name}` });
    await expect(picker).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(picker.getByRole('option', { name: 'Archive' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Move to Archive' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row(page, 'notes.txt')).toHaveCount(0);
    await expect.poll(async () => (await serverNode(request, token, file.id)).parentId).toBe(archive.id);

    // Archive holds a taken.txt already: the move is refused, the file comes back, the message shows.
    await row(page, 'taken.txt').click();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: 'Move to…' }).click();
    await expect(page.getByRole('listbox', { name: `Folders in ${folder.name}` })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('button', { name: 'Move to Archive' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not move “taken.txt”' })).toBeVisible();
    await expect(row(page, 'taken.txt')).toBeVisible();
  });

  test('keyboard selection: arrows, Shift, Ctrl+A, Enter opens a folder', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/files');
    const folder = await createFolder(request, token, unique('Select'));
    await createFolder(request, token, 'Inner', folder.id);
    for (const name of ['a.txt', 'b.txt', 'c.txt']) await uploadFile(request, token, name, folder.id);
    await page.goto(`/files/${folder.id}`);

    await page.keyboard.press('Tab');
    await files(page).getByRole('row', { name: /Inner/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(row(page, 'a.txt')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(page.getByText('3 selected')).toBeVisible();
    await expect(row(page, 'Inner')).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ControlOrMeta+a');
    await expect(page.getByText('4 selected')).toBeVisible();
    // Ctrl+click takes one out; Shift+click selects a range from the anchor.
    await row(page, 'b.txt').click({ modifiers: ['ControlOrMeta'] });
    await expect(page.getByText('3 selected')).toBeVisible();
    await row(page, 'a.txt').click();
    await row(page, 'c.txt').click({ modifiers: ['Shift'] });
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText(/selected$/)).toHaveCount(0);
    await page.keyboard.press('Home');
    await expect(row(page, 'Inner')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Inner' })).toBeVisible();
  });

  test('sorting by a column header', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/files');
    const folder = await createFolder(request, token, unique('Sort'));
    await uploadFile(request, token, 'small.txt', folder.id, Buffer.from('x'));
    await uploadFile(request, token, 'large.txt', folder.id, Buffer.alloc(5000, 'y'));
    await page.goto(`/files/${folder.id}`);
    const names = () => files(page).locator('[role="row"][data-node-id] .files-name-text').allInnerTexts();
    await expect.poll(names).toEqual([expect.stringContaining('large.txt'), expect.stringContaining('small.txt')]);
    const name = page.getByRole('columnheader', { name: 'Name' });
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(names).toEqual([expect.stringContaining('small.txt'), expect.stringContaining('large.txt')]);
    await page.getByRole('columnheader', { name: 'Size' }).getByRole('button').click();
    await expect(page.getByRole('columnheader', { name: 'Size' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=size/);
    await expect.poll(names).toEqual([expect.stringContaining('small.txt'), expect.stringContaining('large.txt')]);
  });

  test('delete moves to the trash at once, and Undo brings it back', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/files');
    const folder = await createFolder(request, token, unique('Delete'));
    const file = await uploadFile(request, token, 'old-draft.txt', folder.id);
    await page.goto(`/files/${folder.id}`);

    await row(page, 'old-draft.txt').click();
    await page.keyboard.press('Delete');
    // One way back is enough: no confirmation first, an Undo after.
    await expect(row(page, 'old-draft.txt')).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect.poll(() => inTrash(request, token, file.id)).toBe(true);
    const toast = page.getByRole('status').filter({ hasText: 'Moved “old-draft.txt” to the trash' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(row(page, 'old-draft.txt')).toBeVisible();
    await expect.poll(() => inTrash(request, token, file.id)).toBe(false);
    expect((await serverNode(request, token, file.id)).parentId).toBe(folder.id);
  });

  test('the trash lists what was deleted; Restore brings it back, or says why not', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/files');
    const folder = await createFolder(request, token, unique('Trash'));
    const first = await uploadFile(request, token, `${unique('restore-me')}.txt`, folder.id);
    const second = await uploadFile(request, token, `${unique('clash')}.txt`, folder.id);
    for (const node of [first, second])
      expect((await request.delete(`/api/client/files/${node.id}`, { headers: auth(token) })).status()).toBe(200);
    // A new file takes the second one's name meanwhile.
    await uploadFile(request, token, second.name, folder.id);

    await page.goto('/files/trash');
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    const trash = page.getByRole('table');
    await trash.getByRole('button', { name: `Restore ${first.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Restored “${first.name}”` })).toBeVisible();
    await expect(trash.getByRole('row').filter({ hasText: first.name })).toHaveCount(0);
    expect((await serverNode(request, token, first.id)).trashedAt).toBeNull();

    await trash.getByRole('button', { name: `Restore ${second.name}` }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Could not restore “${second.name}”` })).toBeVisible();
    await expect(trash.getByRole('row').filter({ hasText: second.name })).toBeVisible();

    await page.goto(`/files/${folder.id}`);
    await expect(row(page, first.name)).toBeVisible();
  });

  test('a member cannot change an admin’s file: no controls, and the server’s 403 if forced', async ({
    page,
    signedIn,
    request,
  }) => {
    const adminToken = await apiSignIn(request, ADMIN);
    const folder = await createFolder(request, adminToken, unique('Admin only'));
    await uploadFile(request, adminToken, 'policy.txt', folder.id);
    await signedIn(MEMBER, `/files/${folder.id}`);

    await row(page, 'policy.txt').click();
    await page.keyboard.press('F2');
    await expect(page.getByRole('textbox', { name: /New name/ })).toHaveCount(0);
    await page.keyboard.press('Delete');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await row(page, 'policy.txt').getByRole('button', { name: 'Actions for policy.txt' }).click();
    const menu = page.getByRole('menu', { name: 'Actions for policy.txt' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Open', 'Download']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

    // The page believes the member may (a stale permission): the server refuses, and says why.
    await page.route('**/api/users/me', async (route) => {
      const response = await route.fetch();
      const me = (await response.json()) as { permissions: Record<string, boolean> };
      await route.fulfill({ response, json: { ...me, permissions: { ...me.permissions, manageCompanyFiles: true } } });
    });
    await page.reload();
    await row(page, 'policy.txt').click();
    await page.keyboard.press('F2');
    await page.getByRole('textbox', { name: 'New name for policy.txt' }).fill('mine.txt');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: /author|admin/i })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'New name for policy.txt' })).toHaveValue('mine.txt');
  });

  test('changes by a colleague appear live', async ({ page, signedIn, request, browser }) => {
    // Two browsers on a busy machine.
    test.setTimeout(60_000);
    const token = await signedIn(MEMBER, '/files');
    const folder = await createFolder(request, token, unique('Live'));
    await uploadFile(request, token, 'shared.txt', folder.id);
    await page.goto(`/files/${folder.id}`);
    await expect(row(page, 'shared.txt')).toBeVisible();

    const other = await browser.newContext();
    const adaPage = await other.newPage();
    const adaToken = await apiSignIn(request, ADMIN);
    await adaPage.addInitScript((value) => localStorage.setItem('workspace.session', value), adaToken);
    await adaPage.goto(`/files/${folder.id}`);
    await adaPage.getByRole('button', { name: 'New folder' }).first().click();
    await adaPage.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill('From Ada');
    await adaPage.getByRole('button', { name: 'Create folder' }).click();
    await expect(row(page, 'From Ada')).toBeVisible();

    await row(adaPage, 'shared.txt').click();
    await adaPage.keyboard.press('F2');
    await adaPage.getByRole('textbox', { name: 'New name for shared.txt' }).fill('renamed-by-ada.txt');
    await adaPage.keyboard.press('Enter');
    await expect(row(page, 'renamed-by-ada.txt')).toBeVisible();
    await expect(row(page, 'shared.txt')).toHaveCount(0);

    await dragTo(adaPage, row(adaPage, 'renamed-by-ada.txt'), row(adaPage, 'From Ada'));
    await expect(row(page, 'renamed-by-ada.txt')).toHaveCount(0);
    await row(page, 'From Ada').dblclick();
    await expect(row(page, 'renamed-by-ada.txt')).toBeVisible();

    await row(adaPage, 'From Ada').dblclick();
    await row(adaPage, 'renamed-by-ada.txt').click();
    await adaPage.keyboard.press('Delete');
    await expect(row(page, 'renamed-by-ada.txt')).toHaveCount(0);
    await other.close();
  });

  test('a file found in the palette opens in its folder with its preview', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/');
    const folder = await createFolder(request, token, unique('Found'));
    const name = `${unique('findable')}.txt`;
    const file = await uploadFile(request, token, name, folder.id);
    const input = await openPalette(page);
    await input.fill(name.slice(0, 20));
    await page
      .getByRole('option', { name: new RegExp(name.slice(0, 20)) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/files/${folder.id}\\?.*preview=${file.id}`));
    await expect(page.getByRole('heading', { level: 1, name: folder.name })).toBeVisible();
    await expect(page.getByRole('complementary', { name: `Preview of ${name}` })).toBeVisible();
  });

  test('grid view shows image thumbnails; the page passes axe in both views', async ({ page, signedIn, request }) => {
    // Four axe scans.
    test.setTimeout(60_000);
    const token = await signedIn(ADMIN, '/files');
    const folder = await createFolder(request, token, unique('Axe'));
    await createFolder(request, token, 'Photos', folder.id);
    await uploadFile(request, token, 'pixel.png', folder.id, PNG, 'image/png');
    await uploadFile(request, token, 'readme.txt', folder.id);
    await page.goto(`/files/${folder.id}`);
    await row(page, 'readme.txt').click();
    await expectAccessible(page, '#main');

    await page.getByRole('button', { name: 'Grid' }).click();
    await expect(page).toHaveURL(/view=grid/);
    const grid = files(page);
    await expect(grid.getByRole('gridcell', { name: /pixel\.png/ }).locator('img')).toHaveJSProperty('complete', true);
    await expect
      .poll(() =>
        grid
          .getByRole('gridcell', { name: /pixel\.png/ })
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(8);
    await grid.getByRole('gridcell', { name: /readme\.txt/ }).click();
    await page.keyboard.press('ArrowLeft');
    await expect(grid.getByRole('gridcell', { name: /pixel\.png/ })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page, '#main');

    await page.keyboard.press('Shift+F10');
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, '.menu');
    await page.getByRole('menuitem', { name: 'Move to…' }).click();
    await expect(page.getByRole('dialog', { name: 'Move “pixel.png”' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, '#main');

    await page.goto('/files/trash');
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await expectAccessible(page, '#main');
  });
});

/** An 8×6 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEUlEQVR4nGM4YaOBFTEMpAQAmkY4QXj/pr4AAAAASUVORK5CYII=',
  'base64',
);

/** A real mouse drag: press on the source, move in steps (past the 6 px threshold), release on the target. */
async function dragTo(page: Page, source: Locator, target: Locator) {
  // The page has settled (the usage line is in), so the rows are where they were measured.
  await expect(page.getByText(/ used · /)).toBeVisible();
  const from = (await source.boundingBox())!;
  await page.mouse.move(from.x + 40, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 50, from.y + from.height / 2 + 10, { steps: 4 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + Math.min(40, to.width / 2), to.y + to.height / 2, { steps: 8 });
  await expect(target).toHaveAttribute('data-drop', 'true');
  await page.mouse.up();
}
