import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, MEMBER, expect, expectAccessible, test } from './fixtures';

const keysTable = (page: Page) => page.getByRole('table', { name: 'Your keys' });

/** One JSON-RPC request to the MCP endpoint, as an MCP client sends it (no session: the endpoint is stateless). */
async function mcpRequest(request: APIRequestContext, url: string, key: string, method: string) {
  return request.post(url, {
    headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method, params: {} },
  });
}

type ListedTool = { name: string; annotations?: { readOnlyHint?: boolean } };
async function toolsAt(request: APIRequestContext, url: string, key: string): Promise<ListedTool[]> {
  const answer = await mcpRequest(request, url, key, 'tools/list');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { result: { tools: ListedTool[] } }).result.tools;
}

test.describe('Settings → API keys', () => {
  test('an admin creates a key, copies the secret once, and the key works against the API', async ({
    page,
    signedIn,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedIn(ADMIN, '/settings/api-keys');
    const name = `Exporter ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByRole('radio', { name: /Write/ }).check();
    await page.getByLabel('Expires after').selectOption({ label: '30 days' });
    // A double click makes one key (a second would be a secret nobody saw).
    await page.getByRole('button', { name: 'Create key' }).dblclick();

    const dialog = page.getByRole('dialog', { name: `Copy your new key “${name}”` });
    await expect(dialog).toBeVisible();
    const secret = await dialog.getByLabel(/API key/).inputValue();
    expect(secret).toMatch(/^aik_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).credential).toMatchObject({ kind: 'api_key', name, scope: 'write' });

    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Name')).toHaveValue('');
    const row = keysTable(page).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Write');
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.reload();
    await expect(keysTable(page).getByRole('row').filter({ hasText: name })).toHaveCount(1);
  });

  test('revoking asks first, removes the key, and the key stops working', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/settings/api-keys');
    const name = `Short-lived ${Date.now()}`;
    const created = await request.post('/api/users/api-keys', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, scope: 'read', expiresInDays: null },
    });
    const { secret } = (await created.json()) as { secret: string };
    await page.reload();

    const row = keysTable(page).getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke “${name}”?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: `Revoked “${name}”` })).toBeVisible();

    const after = await request.get('/api/users/me', { headers: { authorization: `Bearer ${secret}` } });
    expect(after.status()).toBe(401);
    expect((await after.json()).code).toBe('API_KEY_REVOKED');
  });

  test('a revoke the server fails puts the key back, shows why, and keeps it there', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/settings/api-keys');
    const name = `Contested ${Date.now()}`;
    const created = await request.post('/api/users/api-keys', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, scope: 'read', expiresInDays: 90 },
    });
    const { secret } = (await created.json()) as { secret: string };
    await page.reload();
    const row = keysTable(page).getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();

    // The server fails this one request; the key is not revoked.
    await page.route('**/api/users/api-keys/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Internal server error', code: 'INTERNAL_ERROR', requestId: 'req-42' }),
          })
        : route.continue(),
    );
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const refetched = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/api-keys') && response.request().method() === 'GET',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Could not revoke “${name}”` })).toContainText(
      'Internal server error (reference req-42)',
    );
    await expect(row).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your keys' })).toBeFocused();
    // Still there after the list is fetched again, and still working.
    await refetched;
    await expect(row).toBeVisible();
    const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status()).toBe(200);
  });

  test('a long key name scrolls nothing sideways: the secret and its Copy button stay in view, the table in its card', async ({
    page,
    signedIn,
  }) => {
    await signedIn(ADMIN, '/settings/api-keys');
    const name = `deploy-${Date.now()}-${'x'.repeat(70)}`;
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: /Copy your new key/ });
    await expect(dialog).toBeVisible();
    const overflow = (selector: string) =>
      page.locator(selector).evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(await overflow('dialog[open]')).toBeLessThanOrEqual(0);
    const box = (await dialog.boundingBox())!;
    for (const control of [dialog.getByLabel(/API key/), dialog.getByRole('button', { name: 'Copy' })]) {
      const at = (await control.boundingBox())!;
      expect(at.x).toBeGreaterThanOrEqual(box.x);
      expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width);
    }
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    const table = keysTable(page);
    await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible();
    const card = table.locator('xpath=ancestor::*[contains(@class, "card")][1]');
    const [tableBox, cardBox] = [(await table.boundingBox())!, (await card.boundingBox())!];
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
  });

  test('a member is told why they cannot create keys', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/settings/api-keys');
    await expect(page.getByText('Only admins of Acme Robotics can create API keys.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
    await expect(page.getByText('You have no API keys.')).toBeVisible();
  });

  test('connect an MCP client: this server’s URL, its toolsets, a config that works with a read key; axe-clean', async ({
    page,
    signedIn,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const token = await signedIn(ADMIN, '/settings/api-keys');
    const box = page.getByRole('region', { name: 'Connect an MCP client' });
    const endpoint = box.getByLabel('Endpoint URL');
    const base = `${new URL(page.url()).origin}/api/mcp`;
    await expect(endpoint).toHaveValue(base);

    // The toolsets offered are the server's, and its default set is the one marked.
    const offered = await box.locator('.mcp-toolset').evaluateAll((labels) =>
      labels.map((label) => ({
        name: label.querySelector('.choice-title')?.textContent ?? '',
        byDefault: label.querySelector('.badge') !== null,
        checked: (label.querySelector('input') as HTMLInputElement).checked,
      })),
    );
    const refused = await mcpRequest(request, `${base}?toolsets=no-such-toolset`, token, 'tools/list');
    expect(refused.status()).toBe(400);
    const { issues } = (await refused.json()) as { issues: { message: string }[] };
    const valid = issues[0]!.message.split('valid toolsets: ')[1]!.split(/, (?:or )?/);
    expect(offered.map((toolset) => toolset.name)).toEqual(valid.filter((name) => name !== 'all'));
    expect(offered.every((toolset) => toolset.checked === toolset.byDefault)).toBe(true);
    const defaults = offered.filter((toolset) => toolset.byDefault).map((toolset) => toolset.name);
    expect((await toolsAt(request, base, token)).map((tool) => tool.name)).toEqual(
      (await toolsAt(request, `${base}?toolsets=${defaults.join(',')}`, token)).map((tool) => tool.name),
    );

    // Pick every toolset, copy the configuration: it names this server and the Bearer header.
    await box.getByRole('button', { name: 'All toolsets' }).click();
    await expect(endpoint).toHaveValue(`${base}?toolsets=all`);
    await box.getByRole('button', { name: 'Copy configuration' }).click();
    await expect(box.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(box.getByRole('status').filter({ hasText: 'Copied to the clipboard' })).toBeAttached();
    const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      mcpServers: { workspace: { url: string; headers: { Authorization: string } } };
    };
    const { url, headers } = config.mcpServers.workspace;
    expect(url).toBe(`${base}?toolsets=all`);
    expect(headers.Authorization).toBe('Bearer <your API key>');

    // With a read key in its place the client gets the read-only tools, as the note says.
    await expect(box).toContainText('A read key gets only the read-only tools');
    const created = await request.post('/api/users/api-keys', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: `MCP client ${Date.now()}`, scope: 'read', expiresInDays: 30 },
    });
    const { secret } = (await created.json()) as { secret: string };
    const tools = await toolsAt(request, url, secret);
    expect(tools.map((tool) => tool.name)).toContain('listProjects');
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);

    await expectAccessible(page, 'main');
  });
});
