import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, openPalette, test } from './fixtures';

type Connection = { id: string; displayName: string; status: string };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Creates an agent through the API as the admin, so the test does not lean on demo agents. */
async function createAgent(request: APIRequestContext, prefix: string): Promise<{ id: string; name: string }> {
  const headers = auth(await apiSignIn(request, ADMIN));
  const name = `${prefix} ${Date.now()}`;
  const created = await request.post('/api/agents', { headers, data: { name, role: 'Uses tools' } });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; name: string };
}

/** Connects a company GitHub connection through the API as the admin. */
async function createConnection(request: APIRequestContext, displayName: string): Promise<Connection> {
  const headers = auth(await apiSignIn(request, ADMIN));
  const created = await request.post('/api/integrations/connections', {
    headers,
    data: { providerKey: 'github', displayName, credentials: { token: 'ghp_e2e_secret' }, ownership: 'company' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Connection;
}

const connectionsTable = (page: Page) => page.getByRole('table', { name: 'Connections' });
const connectionRow = (page: Page, name: string) => connectionsTable(page).getByRole('row', { name: new RegExp(name) });

test.describe('Integrations', () => {
  test('an admin connects a tool, grants it to an agent with constraints, edits them and revokes', async ({
    page,
    signedIn,
    request,
  }) => {
    // Three dialogs, an injected refusal, two server refusals and five axe scans: about a minute
    // on a loaded machine.
    test.setTimeout(120_000);
    const agent = await createAgent(request, 'Toolsmith');
    const name = `GitHub e2e ${Date.now()}`;
    await signedIn(ADMIN, '/settings/integrations');
    await expect(page.getByRole('heading', { level: 2, name: 'Connections' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Integrations' }),
    ).toHaveAttribute('aria-current', 'page');

    // Connect: the provider's fields appear, the secret as a password; a refusal by the server
    // (injected) shows beside the field it names, and what was typed stays.
    await page.getByRole('button', { name: 'Connect…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a tool' });
    await dialog.getByLabel('Provider').selectOption({ label: 'GitHub' });
    const token = dialog.getByLabel('Access token');
    await expect(token).toHaveAttribute('type', 'password');
    await expect(dialog.getByLabel('Organization (optional)')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Connect' })).toBeDisabled();
    await token.fill('ghp_e2e_secret');
    await dialog.getByLabel('Display name').fill(name);
    await expect(dialog.getByRole('radio', { name: /Company/ })).toBeChecked();
    await expectAccessible(page, 'dialog[open]');
    const refusal = 'Access token is not in the format GitHub issues';
    await page.route(
      '**/api/integrations/connections',
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              json: {
                error: `Invalid body: credentials.token: ${refusal}`,
                code: 'VALIDATION_ERROR',
                issues: [{ location: 'body', path: 'credentials.token', message: refusal }],
              },
            })
          : route.fallback(),
      { times: 1 },
    );
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog.getByText(refusal)).toBeVisible();
    await expect(token).toHaveAttribute('aria-invalid', 'true');
    await expect(token).toHaveValue('ghp_e2e_secret');
    await expect(dialog.getByLabel('Display name')).toHaveValue(name);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    const row = connectionRow(page, name);
    await expect(row).toContainText('GitHub');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Company');
    await expect(row).toContainText('by Ada Lovelace');
    await expect(page.locator('#main')).not.toContainText('ghp_e2e_secret');
    await expectAccessible(page, '#main');

    // Grant it to the agent, on the agent's page.
    await page.goto(`/agents/${agent.id}`);
    const section = page.getByRole('region', { name: 'Integrations' });
    await expect(section).toContainText(`${agent.name} has no connections granted`);
    await section.getByRole('button', { name: 'Grant a connection…' }).click();
    const grant = page.getByRole('dialog', { name: `Grant a connection to ${agent.name}` });
    await grant.getByLabel('Connection').selectOption({ label: `GitHub — ${name}` });
    await grant.getByRole('radio', { name: /Read & write/ }).check();
    const tools = grant.getByRole('textbox', { name: 'Allowed tools' });
    await tools.fill('issues.read');
    await tools.press('Enter');
    await tools.pressSequentially('pulls.create,');
    await expect(grant.getByRole('list', { name: 'Allowed tools' }).getByRole('listitem')).toHaveText([
      'issues.read',
      'pulls.create',
    ]);
    await grant.getByLabel('Constraints (JSON)').fill('{"repositories": ["acme/web"]}');
    await grant.getByRole('button', { name: 'Grant access' }).click();
    await expect(grant).toBeHidden();
    const item = section.getByRole('listitem', { name });
    await expect(item).toContainText('Read & write');
    await expect(item.getByRole('list', { name: 'Allowed tools' }).getByRole('listitem')).toHaveText([
      'issues.read',
      'pulls.create',
    ]);
    await expect(item.locator('.constraints-view')).toContainText('repositories');
    await expect(item.locator('.constraints-view')).toContainText('["acme/web"]');
    await expect(item).toContainText('Active');
    await expect(item).toContainText('Never');
    await expectAccessible(page, '#integrations');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, '#integrations');
    await page.emulateMedia({ colorScheme: 'light' });

    // Edit the constraints: invalid JSON is named inline and Save waits.
    await item.getByRole('button', { name: `Edit constraints of ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Constraints of ${name}` });
    const editor = edit.getByLabel('Constraints (JSON)');
    await expect(editor).toHaveValue(/"repositories"/);
    await editor.fill('{\n  "repositories": x\n}');
    await expect(edit.getByText('Line 2, column 19: Unexpected token “x”: expected a value')).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Save constraints' })).toBeDisabled();
    // The server refuses a key that could reach a prototype, naming it; the text stays.
    const refused = '{"__proto__": {"admin": true}}';
    await editor.fill(refused);
    await edit.getByRole('button', { name: 'Save constraints' }).click();
    await expect(edit.getByText(/constraints\.__proto__: /)).toBeVisible();
    await expect(editor).toHaveValue(refused);
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    // And a value nested deeper than it allows.
    const deep = '{"a": {"b": {"c": {"d": {"e": {"f": {"g": 1}}}}}}}';
    await editor.fill(deep);
    await edit.getByRole('button', { name: 'Save constraints' }).click();
    await expect(edit.getByText(/constraints\.a\.b\.c\.d\.e\.f: nests deeper/)).toBeVisible();
    await expect(editor).toHaveValue(deep);
    // A valid object is saved, and the readable view follows.
    await editor.fill('{"repositories": ["acme/web", "acme/api"], "maxPerDay": 50}');
    await edit.getByRole('button', { name: 'Save constraints' }).click();
    await expect(edit).toBeHidden();
    await expect(item.locator('.constraints-view')).toContainText('["acme/web","acme/api"]');
    await expect(item.locator('.constraints-view')).toContainText('maxPerDay');
    await expect(item.locator('.constraints-view')).toContainText('50');

    // Revoke, after a confirmation.
    await item.getByRole('button', { name: `Revoke ${name}` }).click();
    await page
      .getByRole('alertdialog', { name: `Revoke ${name}?` })
      .getByRole('button', { name: 'Revoke access' })
      .click();
    await expect(section).toContainText(`${agent.name} has no connections granted`);
    const headers = auth(await apiSignIn(request, ADMIN));
    const grants = await request.get(`/api/agents/${agent.id}/integration-grants`, { headers });
    expect(await grants.json()).toEqual([]);

    // Live: a grant given elsewhere (here through the API) appears without a reload.
    const connections = (await (
      await request.get('/api/integrations/connections', { headers })
    ).json()) as Connection[];
    const connection = connections.find((item) => item.displayName === name);
    const given = await request.post(`/api/agents/${agent.id}/integration-grants`, {
      headers,
      data: { connectionId: connection?.id, scope: 'read' },
    });
    expect(given.status()).toBe(201);
    await expect(section.getByRole('listitem', { name })).toContainText('Read');
  });

  test('a member sees company connections read only, and connects, edits and disconnects a personal one', async ({
    page,
    signedIn,
    request,
  }) => {
    test.setTimeout(60_000);
    const company = await createConnection(request, `Company GitHub ${Date.now()}`);
    await signedIn(MEMBER, '/settings/integrations');
    const companyRow = connectionRow(page, company.displayName);
    await expect(companyRow).toContainText('Company');
    await expect(companyRow).toContainText('Managed by admins');
    await expect(companyRow.getByRole('button')).toHaveCount(0);

    // Live: a company connection made elsewhere appears without a reload.
    const later = await createConnection(request, `Later GitHub ${Date.now()}`);
    await expect(connectionRow(page, later.displayName)).toContainText('Active');

    // A personal connection: no ownership choice for a member.
    const name = `My Linear ${Date.now()}`;
    await page.getByRole('button', { name: 'Connect…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a tool' });
    await dialog.getByLabel('Provider').selectOption({ label: 'Linear' });
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await expect(dialog).toContainText('It will be your personal connection');
    await dialog.getByLabel('API key').fill('lin_api_e2e');
    await dialog.getByLabel('Display name').fill(name);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    const row = connectionRow(page, name);
    await expect(row).toContainText('Personal');
    await expect(row).toContainText('Active');
    await expectAccessible(page, '#main');

    // Marked in error with a message, shown beside the status.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('radio', { name: /Error/ }).check();
    await expect(edit.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await edit.getByLabel('What is wrong').fill('Key revoked in Linear');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Error');
    await expect(row).toContainText('Key revoked in Linear');

    // Disconnected after a confirmation.
    await row.getByRole('button', { name: `Disconnect ${name}` }).click();
    await page
      .getByRole('alertdialog', { name: `Disconnect “${name}”?` })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button')).toHaveCount(0);
  });

  test('the palette finds a connection and opens Settings → Integrations at it', async ({
    page,
    signedIn,
    request,
  }) => {
    // Two whole-page axe scans.
    test.setTimeout(60_000);
    const connection = await createConnection(request, `Palette GitHub ${Date.now()}`);
    await signedIn(ADMIN, '/');
    const input = await openPalette(page);
    await input.fill(connection.displayName);
    const option = page.getByRole('option', { name: new RegExp(connection.displayName) });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/settings/integrations\\?connection=${connection.id}$`));
    const row = connectionRow(page, connection.displayName);
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(row).toBeFocused();
    // The marked row, and the demo's connection in error, in both themes.
    await expectAccessible(page, '#main');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, '#main');
  });

  test('the palette finds a schedule and a webhook and opens their agent’s page at that section', async ({
    page,
    signedIn,
    request,
  }) => {
    test.setTimeout(60_000);
    const agent = await createAgent(request, 'Scheduled');
    const headers = auth(await apiSignIn(request, ADMIN));
    const unique = Date.now();
    const job = await request.post(`/api/agents/${agent.id}/cron-jobs`, {
      headers,
      data: { name: `Digest ${unique}`, expression: '0 9 * * 1-5', timeZone: 'UTC', instruction: 'Summarise the day.' },
    });
    expect(job.status()).toBe(201);
    const hook = await request.post(`/api/agents/${agent.id}/webhook-endpoints`, {
      headers,
      data: { name: `Deploys ${unique}` },
    });
    expect(hook.status()).toBe(201);
    await signedIn(ADMIN, '/');

    let input = await openPalette(page);
    await input.fill(`Digest ${unique}`);
    await page
      .getByRole('group', { name: 'Schedules' })
      .getByRole('option', { name: new RegExp(`Digest ${unique}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}#schedules$`));
    await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();

    input = await openPalette(page);
    await input.fill(`Deploys ${unique}`);
    await page
      .getByRole('group', { name: 'Webhooks' })
      .getByRole('option', { name: new RegExp(`Deploys ${unique}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}#webhooks$`));
    await expect(page.locator('#webhooks')).toBeInViewport();
  });
});
