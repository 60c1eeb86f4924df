import type { APIRequestContext, Page } from '@playwright/test';
import { FULL_BROWSER } from '../scripts/browser.ts';
import { ADMIN, expect, expectAccessible, test } from './fixtures';

/** A name no other test (or run) uses. */
const unique = (name: string) => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)} ${name}`;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Created = { id: string; name: string };

/** Creates a folder through the API. */
async function createFolder(request: APIRequestContext, token: string, name: string, parentId?: string) {
  const response = await request.post('/api/client/files/nodes', {
    headers: auth(token),
    data: { type: 'folder', name, parentId: parentId ?? null, onConflict: 'fail' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Created;
}

/** Uploads a file through the API's four steps: create, upload URL, PUT the bytes, complete. */
async function uploadFile(
  request: APIRequestContext,
  token: string,
  file: { name: string; mimeType: string; body: Buffer | string; parentId?: string },
): Promise<Created> {
  const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
  const created = await request.post('/api/client/files/nodes', {
    headers: auth(token),
    data: {
      type: 'file',
      name: file.name,
      parentId: file.parentId ?? null,
      fileSize: body.length,
      mimeType: file.mimeType,
      onConflict: 'fail',
    },
  });
  expect(created.status()).toBe(201);
  const node = (await created.json()) as Created;
  const target = await request.post(`/api/client/files/${node.id}/upload-url`, { headers: auth(token) });
  expect(target.status()).toBe(200);
  const upload = (await target.json()) as { mode: string; signedUrl: string; headers: Record<string, string> };
  expect(upload.mode).toBe('single');
  const put = await request.put(upload.signedUrl, { headers: upload.headers, data: body });
  expect(put.ok()).toBe(true);
  const completed = await request.post(`/api/client/files/${node.id}/complete-upload`, {
    headers: auth(token),
    data: {},
  });
  expect(completed.status()).toBe(200);
  return node;
}

async function signedUrl(request: APIRequestContext, token: string, nodeId: string, inline: boolean) {
  const response = await request.get(`/api/client/files/${nodeId}/download-url?inline=${inline}`, {
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { signedUrl: string }).signedUrl;
}

/** An 8×6 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEUlEQVR4nGM4YaOBFTEMpAQAmkY4QXj/pr4AAAAASUVORK5CYII=',
  'base64',
);

/** A one-page PDF saying "Hello PDF", with a correct cross-reference table. */
function helloPdf(): Buffer {
  const stream = 'BT /F1 24 Tf 40 100 Td (Hello PDF) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** `seconds` of a 440 Hz tone: 8 kHz, 8-bit mono PCM in a WAV container. */
function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28); // bytes per second
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) wav[44 + i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return wav;
}

/** What a hostile upload tries: script in the app's origin, in its parent, and a call home. */
const HOSTILE_HTML = `<!doctype html>
<html><head><title>Hostile</title></head><body>
<p>Hello</p>
<script>
  try { window.parent.pwned = 1; } catch (e) {}
  window.pwned = 1;
  document.title = 'pwned';
  fetch('/sentinel-d/script-ran');
</script>
<img src="x" onerror="fetch('/sentinel-d/onerror-ran')">
</body></html>
`;

/** Counts requests to the sentinel route, from any page or frame of the browser context. */
async function watchSentinel(page: Page) {
  const hits: string[] = [];
  await page.context().route('**/sentinel-d/**', (route) => {
    hits.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  return hits;
}

const previewPanel = (page: Page, name: string) => page.getByRole('complementary', { name: `Preview of ${name}` });

async function openPreview(page: Page, id: string, name: string) {
  await page.goto(`/files?preview=${id}`);
  const panel = previewPanel(page, name);
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('file previews', () => {
  test('an image shows in the panel, full size on request, and downloads under its name', async ({
    page,
    request,
    signedIn,
  }) => {
    // Several page loads and a download: slow on a busy machine.
    test.setTimeout(60_000);
    const token = await signedIn(ADMIN, '/files');
    const name = unique('red.png');
    const file = await uploadFile(request, token, { name, mimeType: 'image/png', body: PNG });

    const panel = await openPreview(page, file.id, name);
    await expect(panel).toBeFocused();
    const image = panel.getByRole('img', { name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    await expect(panel.getByText('Image · image/png')).toBeVisible();
    await expect(panel.getByText(`${PNG.length} bytes`)).toBeVisible();
    await expect(panel.getByText('Ada Lovelace')).toBeVisible();
    await expectAccessible(page, '.side-panel');

    await panel.getByRole('button', { name: `Show ${name} full size` }).click();
    const lightbox = page.getByRole('dialog', { name });
    await expect(lightbox.getByRole('img', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(panel).toBeVisible();

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe(name);

    // Esc closes the panel.
    await panel.focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page).not.toHaveURL(/preview=/);
  });

  // The full browser: the headless shell the other tests run in has no PDF viewer.
  test(
    'a PDF shows in the browser viewer, in a frame without a sandbox attribute',
    { tag: FULL_BROWSER },
    async ({ page, request, signedIn }) => {
      const token = await signedIn(ADMIN, '/files');
      const name = unique('hello.pdf');
      const file = await uploadFile(request, token, { name, mimeType: 'application/pdf', body: helloPdf() });

      const pdfResponse = page.waitForResponse(
        (response) => response.url().includes(`/${file.id}/`) && response.url().includes('/api/storage/'),
      );
      const panel = await openPreview(page, file.id, name);
      const frame = panel.locator('iframe');
      await expect(frame).toHaveAttribute('title', `${name} (PDF preview)`);
      await expect(frame).toHaveAttribute('src', /\/api\/storage\/.*disposition=inline/);
      expect(await frame.getAttribute('sandbox')).toBeNull();
      const response = await pdfResponse;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
      // Chromium's viewer took the frame: no error page ("This page has been blocked").
      await expect.poll(() => page.frames().some((child) => child.url().startsWith('chrome-extension://'))).toBe(true);
      expect(page.frames().some((child) => child.url().startsWith('chrome-error://'))).toBe(false);
    },
  );

  test('text and Markdown are shown as text: a script in them is text, links are made safe', async ({
    page,
    request,
    signedIn,
  }) => {
    const hits = await watchSentinel(page);
    const token = await signedIn(ADMIN, '/files');
    const textName = unique('notes.txt');
    const text = await uploadFile(request, token, {
      name: textName,
      mimeType: 'text/plain',
      body: 'Line one\n<script>fetch("/sentinel-d/text")</script>\n',
    });
    const markdownName = unique('plan.md');
    const markdown = await uploadFile(request, token, {
      name: markdownName,
      mimeType: 'text/markdown',
      body: [
        '# Launch plan',
        '',
        'Some **bold** text and [a site](https://example.com).',
        '',
        '<script>fetch("/sentinel-d/markdown")</script>',
        '',
        'Inline <img src=x onerror="fetch(\'/sentinel-d/img\')"> and [bad](javascript:fetch("/sentinel-d/link")).',
        '',
      ].join('\n'),
    });

    let panel = await openPreview(page, text.id, textName);
    const contents = panel.getByRole('region', { name: 'File contents' });
    await expect(contents).toContainText('<script>fetch("/sentinel-d/text")</script>');

    panel = await openPreview(page, markdown.id, markdownName);
    await expect(panel.getByRole('heading', { name: 'Launch plan' })).toBeVisible();
    await expect(panel.getByText('bold', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    const link = panel.getByRole('link', { name: 'a site' });
    await expect(link).toHaveAttribute('href', 'https://example.com');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(panel.getByText('<script>fetch("/sentinel-d/markdown")</script>')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'bad' })).toHaveCount(0);
    await expect(panel.locator('.file-preview-stage img, .file-preview-stage script')).toHaveCount(0);
    await expectAccessible(page, '.side-panel');

    await panel.getByRole('button', { name: 'Show Markdown source' }).click();
    await expect(panel.getByRole('region', { name: 'File contents' })).toContainText('# Launch plan');
    expect(hits).toEqual([]);
  });

  test('an uploaded HTML file never runs: not in the preview, not by its download URL', async ({
    page,
    request,
    signedIn,
  }) => {
    const hits = await watchSentinel(page);
    const token = await signedIn(ADMIN, '/files');
    const name = unique('hostile.html');
    const file = await uploadFile(request, token, { name, mimeType: 'text/html', body: HOSTILE_HTML });

    // The preview shows its source as text, in no frame.
    const panel = await openPreview(page, file.id, name);
    await expect(panel.getByRole('region', { name: 'File contents' })).toContainText("document.title = 'pwned'");
    await expect(panel.locator('iframe, object, embed')).toHaveCount(0);

    // Both URLs, inline asked or not, serve it as an inert attachment.
    for (const inline of [true, false]) {
      const url = await signedUrl(request, token, file.id, inline);
      const response = await request.get(url);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers['content-type']).toBe('application/octet-stream');
      expect(headers['content-disposition']).toMatch(/^attachment;/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    }

    // The Download button saves it.
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe(name);

    // Opening the URL itself in a tab downloads it too: no page is rendered.
    const tab = await page.context().newPage();
    const tabDownload = tab.waitForEvent('download');
    await tab.goto(await signedUrl(request, token, file.id, true)).catch(() => undefined);
    expect((await tabDownload).suggestedFilename()).toBe(name);
    await tab.close();

    await page.waitForTimeout(500);
    expect(hits).toEqual([]);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await expect(page).toHaveTitle(/· Workspace$/);
  });

  test('audio plays from the inline URL, read in byte ranges', async ({ page, request, signedIn }) => {
    const token = await signedIn(ADMIN, '/files');
    const name = unique('tone.wav');
    const file = await uploadFile(request, token, { name, mimeType: 'audio/wav', body: toneWav(2) });
    const ranged = page.waitForResponse(
      (response) => response.url().includes(`/${file.id}/`) && response.status() === 206,
    );
    const panel = await openPreview(page, file.id, name);
    const audio = panel.locator('audio');
    await expect(audio).toHaveAttribute('controls', '');
    await expect(audio).toHaveAttribute('src', /\/api\/storage\/.*disposition=inline/);
    // Metadata read: the element knows the length of the tone.
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => Math.round(element.duration))).toBe(2);
    const response = await ranged;
    expect(response.headers()['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
    expect(response.headers()['content-type']).toBe('audio/wav');
  });

  test('arrows step through files when the page offers it; other files show "No preview"', async ({
    page,
    request,
    signedIn,
  }) => {
    const token = await signedIn(ADMIN, '/files');
    const folder = await createFolder(request, token, unique('Step folder'));
    const first = await uploadFile(request, token, {
      name: 'a-archive.zip',
      mimeType: 'application/zip',
      body: Buffer.from('PK\u0003\u0004'),
      parentId: folder.id,
    });
    await uploadFile(request, token, { name: 'b-notes.txt', mimeType: 'text/plain', body: 'B', parentId: folder.id });
    await page.goto(`/files/${folder.id}?preview=${first.id}`);
    const panel = previewPanel(page, 'a-archive.zip');
    await expect(panel.getByText('No preview for this type')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Download' })).toBeVisible();
    const next = panel.getByRole('button', { name: 'Next file' });
    // The page may or may not pass onNext; when it does, → opens the next file.
    if (await next.isVisible()) {
      await panel.focus();
      await page.keyboard.press('ArrowRight');
      await expect(previewPanel(page, 'b-notes.txt')).toBeVisible();
      await page.keyboard.press('ArrowLeft');
      await expect(previewPanel(page, 'a-archive.zip')).toBeVisible();
    }
  });
});

test.describe('grants to agents', () => {
  test('grant a folder to an agent: listed, inherited by its files, revoked', async ({ page, request, signedIn }) => {
    // Three dialogs over three page loads: slow on a busy machine.
    test.setTimeout(60_000);
    const token = await signedIn(ADMIN, '/files');
    const members = (await (await request.get('/api/company/members', { headers: auth(token) })).json()) as {
      members: { id: string; name: string; kind: string; status: string }[];
    };
    const agent = members.members.find((member) => member.kind === 'agent' && member.status === 'active')!;
    const completed = members.members.find((member) => member.kind === 'agent' && member.status === 'completed');
    const folderName = unique('Shared with agent');
    const folder = await createFolder(request, token, folderName);
    const fileName = unique('inside.txt');
    await uploadFile(request, token, { name: fileName, mimeType: 'text/plain', body: 'inside', parentId: folder.id });

    await page.goto('/files');
    await page.getByRole('button', { name: `Actions for ${folderName}` }).click();
    await page.getByRole('menuitem', { name: 'Grant to agent…' }).click();
    let dialog = page.getByRole('dialog', { name: `Share “${folderName}” with agents` });
    await expect(dialog.getByText('No agent can read it yet.')).toBeVisible();
    const search = dialog.getByRole('searchbox', { name: 'Find an agent' });
    await expect(search).toBeFocused();
    if (completed) {
      await expect(dialog.getByRole('button', { name: `Grant access to ${completed.name}` })).toBeDisabled();
    }
    await expectAccessible(page, 'dialog[open]');

    // Keyboard only: filter, then Tab to the agent's Grant button.
    await search.fill(agent.name);
    const candidates = dialog.getByRole('list', { name: 'Agents' });
    await expect(candidates.getByRole('listitem')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: `Grant access to ${agent.name}` })).toBeFocused();
    await page.keyboard.press('Enter');
    const access = dialog.getByRole('list', { name: 'Agents with access' });
    await expect(access.getByRole('button', { name: `Revoke access for ${agent.name}` })).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: `${agent.name} can now read` })).toBeAttached();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const grants = await request.get(`/api/client/files/${folder.id}/grants`, { headers: auth(token) });
    expect(((await grants.json()) as { grants: { agentId: string }[] }).grants.map((g) => g.agentId)).toEqual([
      agent.id,
    ]);

    // The file inside has access through its folder, not revocable there.
    await page.goto(`/files/${folder.id}`);
    await page.getByRole('button', { name: `Actions for ${fileName}` }).click();
    await page.getByRole('menuitem', { name: 'Grant to agent…' }).click();
    dialog = page.getByRole('dialog', { name: `Share “${fileName}” with agents` });
    const inherited = dialog.getByRole('list', { name: 'Agents with access' }).getByRole('listitem');
    await expect(inherited).toHaveCount(1);
    await expect(inherited).toContainText(agent.name);
    await expect(inherited).toContainText(`via ${folderName}`);
    await expect(inherited.getByRole('button')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Revoke on the folder.
    await page.goto('/files');
    await page.getByRole('button', { name: `Actions for ${folderName}` }).click();
    await page.getByRole('menuitem', { name: 'Grant to agent…' }).click();
    dialog = page.getByRole('dialog', { name: `Share “${folderName}” with agents` });
    await dialog.getByRole('button', { name: `Revoke access for ${agent.name}` }).click();
    await expect(dialog.getByText('No agent can read it yet.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: `Grant access to ${agent.name}` })).toBeVisible();
    const after = await request.get(`/api/client/files/${folder.id}/grants`, { headers: auth(token) });
    expect(((await after.json()) as { grants: unknown[] }).grants).toEqual([]);
  });

  test('the server’s refusal shows in the dialog', async ({ page, request, signedIn }) => {
    const token = await signedIn(ADMIN, '/files');
    const folderName = unique('Refused');
    await createFolder(request, token, folderName);
    await page.route('**/api/agents/*/file-grants', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'The agent is completed and takes no more work', code: 'CONFLICT' }),
          })
        : route.fallback(),
    );
    await page.goto('/files');
    await page.getByRole('button', { name: `Actions for ${folderName}` }).click();
    await page.getByRole('menuitem', { name: 'Grant to agent…' }).click();
    const dialog = page.getByRole('dialog', { name: `Share “${folderName}” with agents` });
    await dialog
      .getByRole('button', { name: /^Grant access to / })
      .first()
      .click();
    await expect(dialog.getByRole('alert')).toHaveText('The agent is completed and takes no more work');
    await expect(dialog.getByText('No agent can read it yet.')).toBeVisible();
  });
});
