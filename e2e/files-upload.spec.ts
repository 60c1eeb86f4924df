import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { ADMIN, apiSignIn, expect, expectAccessible, test } from './fixtures';

type Node = { id: string; name: string; type: 'file' | 'folder'; parentId: string | null };

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh folder of the drive for one test, so tests never see each other's files. */
async function createFolder(request: APIRequestContext, token: string, name: string, parentId?: string) {
  const response = await request.post('/api/client/files/nodes', {
    headers: { Authorization: `Bearer ${token}` },
    data: { type: 'folder', name, parentId, onConflict: 'fail' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Node;
}

async function listFolder(request: APIRequestContext, token: string, parentId: string) {
  const response = await request.get(`/api/client/files?parentId=${parentId}&limit=500`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { nodes: Node[] }).nodes;
}

/** Signs in and opens a new empty folder of the drive (one page load). */
async function openNewFolder(
  page: Page,
  request: APIRequestContext,
  signedIn: (email: string, path?: string) => Promise<string>,
) {
  const folder = await createFolder(request, await apiSignIn(request, ADMIN), unique('Drop zone'));
  const token = await signedIn(ADMIN, `/files/${folder.id}`);
  await expect(page.getByRole('heading', { level: 1, name: folder.name })).toBeVisible();
  return { token, folder };
}

const text = (name: string, content: string, mimeType = 'text/plain') => ({
  name,
  mimeType,
  buffer: Buffer.from(content),
});

/** The page's own file input (the toolbar's; the empty state has a second "Upload"). */
const filesInput = (page: Page) => page.getByLabel('Files to upload').first();

const tray = (page: Page) => page.getByRole('region', { name: 'Uploads', exact: true });
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/**
 * Holds the storage PUTs whose Content-Type is `type` until `release()`; `failOnce` answers the
 * first with a 500 instead.
 */
async function controlPuts(page: Page, rules: { hold?: string; failOnce?: string }) {
  const held: Route[] = [];
  let failed = false;
  await page.route('**/api/storage/**', async (route) => {
    const request = route.request();
    const type = request.headers()['content-type'];
    if (request.method() === 'PUT' && type === rules.hold) {
      held.push(route);
      return;
    }
    if (request.method() === 'PUT' && type === rules.failOnce && !failed) {
      failed = true;
      await route.fulfill({ status: 500, json: { error: 'The storage had a hiccup', code: 'INTERNAL_ERROR' } });
      return;
    }
    await route.continue();
  });
  return {
    held,
    release: async () => {
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

test.describe('uploads', () => {
  test('drops files, picks a folder, shows progress, and the tray follows to other pages', async ({
    page,
    request,
    signedIn,
  }) => {
    const { token, folder } = await openNewFolder(page, request, signedIn);
    const puts = await controlPuts(page, { hold: 'application/x-held' });

    // Several files dropped on the page (a drop synthesised with the files it carries).
    await page.getByRole('region', { name: `Contents of ${folder.name}` }).evaluate((zone) => {
      const data = new DataTransfer();
      data.items.add(new File(['alpha'], 'alpha.txt', { type: 'text/plain' }));
      data.items.add(new File(['beta beta'], 'beta.md', { type: 'text/markdown' }));
      data.items.add(new File(['x'.repeat(200_000)], 'held.bin', { type: 'application/x-held' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    });

    const uploads = tray(page);
    await expect(uploads).toBeVisible();
    // The held file shows its progress bar while its bytes wait.
    const progress = uploads.getByRole('progressbar', { name: 'held.bin' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuetext', /^\d+%/);
    await expect(uploads.getByText('Uploaded, 5 B')).toBeVisible();
    await expect(uploads.getByText('Uploading 3 of 3')).toBeVisible();

    // A folder picked with the folder picker: its structure is recreated.
    const root = mkdtempSync(join(tmpdir(), 'upload-'));
    const picked = join(root, 'Photos');
    mkdirSync(join(picked, '2024'), { recursive: true });
    writeFileSync(join(picked, 'cover.txt'), 'cover');
    writeFileSync(join(picked, '2024', 'beach.txt'), 'beach');
    await page.getByLabel('Folder to upload').first().setInputFiles(picked);
    await expect(uploads.getByText('Photos/2024/beach.txt')).toBeVisible();

    await puts.release();
    await expect(uploads.getByText('5 of 5 uploaded')).toBeVisible();
    // All went well: the tray folds to its summary by itself, and the list ends above it.
    await expect(uploads.getByRole('list')).toBeHidden();
    const [list, shown] = [(await page.locator('.files-scroll').boundingBox())!, (await uploads.boundingBox())!];
    expect(list.y + list.height).toBeLessThanOrEqual(shown.y);
    await expect(row(page, 'alpha.txt')).toBeVisible();
    await expect(row(page, 'held.bin')).toBeVisible();
    await expect(row(page, 'Photos')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /files uploaded\./ })).toBeAttached();

    const top = await listFolder(request, token, folder.id);
    const photos = top.find((node) => node.name === 'Photos' && node.type === 'folder')!;
    expect(top.map((node) => node.name).sort()).toEqual(['Photos', 'alpha.txt', 'beta.md', 'held.bin']);
    const inPhotos = await listFolder(request, token, photos.id);
    expect(inPhotos.map((node) => node.name).sort()).toEqual(['2024', 'cover.txt']);
    const year = inPhotos.find((node) => node.name === '2024')!;
    expect((await listFolder(request, token, year.id)).map((node) => node.name)).toEqual(['beach.txt']);

    // The tray lives in the shell: it stays while the person works elsewhere.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(uploads).toBeVisible();
    await expect(uploads.getByText('5 of 5 uploaded')).toBeVisible();
    await uploads.getByRole('button', { name: 'Show uploads' }).click();
    await expect(uploads.getByRole('list')).toBeVisible();
    await uploads.getByRole('button', { name: 'Hide uploads' }).click();
    await expect(uploads.getByRole('list')).toBeHidden();
    await uploads.getByRole('button', { name: 'Show uploads' }).click();
    await uploads.getByRole('button', { name: 'Clear finished' }).click();
    await expect(uploads).toBeHidden();
  });

  test('cancels one upload and retries one that failed', async ({ page, request, signedIn }) => {
    const { folder } = await openNewFolder(page, request, signedIn);
    const puts = await controlPuts(page, { hold: 'application/x-slow', failOnce: 'application/x-flaky' });

    // The picker, as a person uses it: Upload → Upload files → the browser's file chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Upload files' }).click();
    await (
      await chooser
    ).setFiles([
      text('slow.bin', 'x'.repeat(100_000), 'application/x-slow'),
      text('flaky.txt', 'flaky', 'application/x-flaky'),
      text('fine.txt', 'fine'),
    ]);
    const uploads = tray(page);
    await expect(uploads.getByText('The storage had a hiccup')).toBeVisible();
    await expect(uploads.getByText('Uploading 2 of 3 — 1 failed')).toBeVisible();
    await expect.poll(() => puts.held.length).toBe(1);
    // Leaving the page now would lose the upload: the browser asks first.
    const leaving = () => page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })));
    expect(await leaving()).toBe(true);

    // Cancel: the PUT stops and the pending node is deleted.
    const deleted = page.waitForRequest(
      (request) => request.method() === 'DELETE' && /\/api\/client\/files\/[0-9a-f-]{36}$/.test(request.url()),
    );
    await uploads.getByRole('button', { name: 'Cancel upload of slow.bin' }).click();
    await deleted;
    await expect(uploads.getByText('Cancelled')).toBeVisible();

    // Retry: the second PUT goes through.
    await uploads.getByRole('button', { name: 'Retry upload of flaky.txt' }).click();
    await expect(uploads.getByText('2 of 2 uploaded')).toBeVisible();
    await expect(row(page, 'flaky.txt')).toBeVisible();
    await expect(row(page, 'fine.txt')).toBeVisible();
    await expect(row(page, 'slow.bin')).toHaveCount(0);
    expect(await leaving()).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: folder.name })).toBeVisible();
    await puts.release();
  });

  test('a name clash asks once: keep both, for this file or all of the drop', async ({ page, request, signedIn }) => {
    await openNewFolder(page, request, signedIn);
    const uploads = tray(page);
    await filesInput(page).setInputFiles([text('report.pdf', 'first', 'application/pdf'), text('notes.txt', 'one')]);
    await expect(row(page, 'report.pdf')).toBeVisible();
    await expect(row(page, 'notes.txt')).toBeVisible();

    // One clash: keep both.
    await filesInput(page).setInputFiles([text('report.pdf', 'second', 'application/pdf')]);
    const dialog = page.getByRole('dialog', { name: '“report.pdf” already exists' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Replace' })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Keep both' }).click();
    await expect(row(page, 'report (1).pdf')).toBeVisible();

    // Two clashes in one drop: the answer "for all" settles both with one question.
    await filesInput(page).setInputFiles([text('report.pdf', 'third', 'application/pdf'), text('notes.txt', 'two')]);
    const first = page.getByRole('dialog', { name: /already exists/ });
    await expect(first).toBeVisible();
    await first.getByRole('checkbox', { name: 'Do this for all remaining conflicts' }).check();
    await first.getByRole('button', { name: 'Keep both' }).click();
    await expect(row(page, 'report (2).pdf')).toBeVisible();
    await expect(row(page, 'notes (1).txt')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Skip leaves the folder as it was.
    await filesInput(page).setInputFiles([text('notes.txt', 'three')]);
    await page
      .getByRole('dialog', { name: '“notes.txt” already exists' })
      .getByRole('button', { name: 'Skip' })
      .click();
    // Every upload ended as chosen: the tray folded by itself; opened, it says what was skipped.
    await uploads.getByRole('button', { name: 'Show uploads' }).click();
    await expect(uploads.getByText('Skipped: the name is taken')).toBeVisible();
    await expect(row(page, 'notes (2).txt')).toHaveCount(0);

    // The page with the tray open passes an accessibility scan.
    await expectAccessible(page);
  });
});
