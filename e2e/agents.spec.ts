import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, test } from './fixtures';

type AgentSummary = { id: string; name: string; status: string };

async function listAgents(request: APIRequestContext, token: string): Promise<AgentSummary[]> {
  const response = await request.get('/api/agents', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as AgentSummary[];
}

/** Creates an agent through the API (as the admin) and opens its page signed in as the admin. */
async function openNewAgent(
  page: Page,
  request: APIRequestContext,
  signedIn: (email: string, path?: string) => Promise<string>,
  prefix: string,
): Promise<AgentSummary> {
  const headers = { authorization: `Bearer ${await apiSignIn(request, ADMIN)}` };
  const name = `${prefix} ${Date.now()}`;
  const created = await request.post('/api/agents', { headers, data: { name, role: 'Runs in CI' } });
  expect(created.status()).toBe(201);
  const agent = (await created.json()) as AgentSummary;
  await signedIn(ADMIN, `/agents/${agent.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return agent;
}

const agentsTable = (page: Page) => page.getByRole('table', { name: 'Agents' });
const tokensTable = (page: Page) => page.getByRole('table', { name: 'Tokens' });

test.describe('Agents', () => {
  test('an admin creates an agent and edits it', async ({ page, signedIn }) => {
    // Two dialogs, an injected refusal and an axe scan: more than the default on a loaded machine.
    test.setTimeout(60_000);
    await signedIn(ADMIN, '/agents');
    await expect(agentsTable(page)).toContainText('Cafébot');
    await expectAccessible(page, '#main');

    // Create.
    const name = `Scout ${Date.now()}`;
    await page.getByRole('button', { name: 'New agent…' }).click();
    let dialog = page.getByRole('dialog', { name: 'New agent' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel(/^Role/).fill('Finds things in the wiki');
    await dialog.getByLabel(/^Description/).fill('Ask it where a document is.');
    await dialog.getByLabel('Team').selectOption({ label: 'Operations' });
    // The creating admin is responsible unless someone else is chosen.
    await expect(dialog.getByLabel(/^Responsible/)).toHaveValue(/^human:/);
    await dialog.getByRole('button', { name: 'Create agent' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/agents\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const about = page.getByRole('region', { name: 'About' });
    await expect(about).toContainText('Ask it where a document is.');
    await expect(about).toContainText('Operations');
    await expect(about).toContainText('Ada Lovelace');
    await expect(page.getByRole('link', { name: `Chat with ${name}` })).toBeVisible();

    // Edit. A refusal (injected: the server's 409 when the chain of responsibility reaches no
    // person) shows under the field, and what was typed stays for the next try.
    await page.getByRole('button', { name: 'Edit…' }).click();
    dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await dialog.getByLabel(/^Role/).fill('Finds documents and pages');
    await dialog.getByLabel(/^Responsible/).selectOption({ label: 'Priya Raman' });
    const refusal = 'Nobody is responsible for this agent in the end: choose a person.';
    await page.route(
      '**/api/agents/*',
      (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 409, json: { error: refusal, code: 'ORG_NO_HUMAN_MANAGER' } })
          : route.fallback(),
      { times: 1 },
    );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText(refusal)).toBeVisible();
    await expect(dialog.getByLabel(/^Responsible/)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel(/^Role/)).toHaveValue('Finds documents and pages');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Finds documents and pages')).toBeVisible();
    await expect(about).toContainText('Priya Raman');
  });

  test('an admin mints a token, shown once, and revokes it', async ({ page, signedIn, request, context }) => {
    // Two dialogs, calls as the agent and an axe scan: more than the default on a loaded machine.
    test.setTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { name } = await openNewAgent(page, request, signedIn, 'Runner');

    // A token: the secret once, then only its prefix.
    await expect(page.getByRole('region', { name: 'Tokens' })).toContainText('has no tokens yet');
    await page.getByRole('button', { name: 'New token…' }).click();
    const dialog = page.getByRole('dialog', { name: `New token for ${name}` });
    await dialog.getByLabel('Name').fill('Build server');
    await dialog.getByLabel('Expires after').selectOption({ label: '30 days' });
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Copy the token “Build server”' });
    await expect(secretDialog).toContainText('This is the only time it is shown');
    const secret = await secretDialog.getByLabel(`Token for ${name}`).inputValue();
    expect(secret).toMatch(/^agt_[A-Za-z0-9_-]{43}$/);
    await secretDialog.getByRole('button', { name: 'Copy' }).click();
    await expect(secretDialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const asAgent = { authorization: `Bearer ${secret}` };
    const meAsAgent = await request.get('/api/agents/me', { headers: asAgent });
    expect(meAsAgent.status()).toBe(200);
    expect(await meAsAgent.json()).toMatchObject({ name });
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    await expect(secretDialog).toBeHidden();
    const row = tokensTable(page).getByRole('row', { name: /Build server/ });
    await expect(row).toContainText('agt_');
    await expect(row).toContainText('by Ada Lovelace');
    await expect(page.locator('#main')).not.toContainText(secret);
    await expectAccessible(page, '#main');

    // Revoke, after a confirmation: the token stops working, and the row says so.
    await row.getByRole('button', { name: 'Revoke Build server' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “Build server”?' });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: 'Revoke Build server' })).toHaveCount(0);
    await expect.poll(async () => (await request.get('/api/agents/me', { headers: asAgent })).status()).toBe(401);
  });

  test('an admin pauses, resumes and completes an agent, which then leaves the list', async ({
    page,
    signedIn,
    request,
  }) => {
    const { name } = await openNewAgent(page, request, signedIn, 'Helper');
    // The status as the profile states it.
    const status = page.getByRole('region', { name: 'About' }).getByRole('definition').first();
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(status).toHaveText('Paused');
    await expect(page.getByText(`${name} is paused`)).toBeVisible();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(status).toHaveText('Active');
    await page.getByRole('button', { name: 'Mark completed…' }).click();
    await page
      .getByRole('alertdialog', { name: `Mark ${name} completed?` })
      .getByRole('button', { name: 'Mark completed' })
      .click();
    await expect(status).toHaveText('Completed');
    await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();

    // Completed agents leave the list, behind "Show completed".
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Agents' }).click();
    await expect(agentsTable(page)).toContainText('Cafébot');
    await expect(agentsTable(page)).not.toContainText(name);
    await page.getByLabel(/Show completed/).check();
    await expect(agentsTable(page).getByRole('row', { name: new RegExp(name) })).toContainText('Completed');
  });

  test('a member sees the agents and can chat, with no admin controls, tokens or feedback', async ({
    page,
    signedIn,
  }) => {
    await signedIn(MEMBER, '/agents');
    const table = agentsTable(page);
    await expect(table).toContainText('Cafébot');
    await expect(table).not.toContainText('Forecaster');
    await expect(page.getByRole('button', { name: 'New agent…' })).toHaveCount(0);
    await page.getByLabel('Filter agents').fill('scri');
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: 'Scribe' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Scribe' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chat with Scribe' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'About' })).toContainText('Ada Lovelace');
    await expect(page.getByRole('region', { name: 'Your conversations' })).toBeVisible();
    for (const control of ['Edit…', 'Pause', 'Resume', 'Mark completed…', 'Reactivate', 'New token…'])
      await expect(page.getByRole('button', { name: control })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Tokens' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Feedback' })).toHaveCount(0);
    await expectAccessible(page, '#main');
  });

  test('old links (?agent=) open the agent page; a change made elsewhere shows live', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await apiSignIn(request, ADMIN);
    const headers = { authorization: `Bearer ${token}` };
    const triage = (await listAgents(request, token)).find((agent) => agent.name === 'Triage')!;
    await signedIn(ADMIN, `/agents?agent=${triage.id}`);
    await expect(page).toHaveURL(new RegExp(`/agents/${triage.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Triage' })).toBeVisible();

    // An agent of this test's own, changed by another client (the API): the open page follows.
    const name = `Watcher ${Date.now()}`;
    const created = await request.post('/api/agents', { headers, data: { name } });
    expect(created.status()).toBe(201);
    const agent = (await created.json()) as AgentSummary;
    await page.goto(`/agents/${agent.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const paused = await request.put(`/api/agents/${agent.id}/status`, { headers, data: { status: 'paused' } });
    expect(paused.status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect(page.getByText(`${name} is paused`)).toBeVisible();
    const renamed = await request.patch(`/api/agents/${agent.id}`, { headers, data: { name: `${name} II` } });
    expect(renamed.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: `${name} II` })).toBeVisible();
  });

  test('an agent page lists what the agent did on cards, newest first, and follows it live', async ({
    page,
    signedIn,
    request,
  }) => {
    const admin = { authorization: `Bearer ${await apiSignIn(request, ADMIN)}` };
    // An agent of the test's own, played through the API (no runner listens for it).
    const name = `Barista ${Date.now()}`;
    const created = await request.post('/api/agents', { headers: admin, data: { name } });
    expect(created.status()).toBe(201);
    const agent = (await created.json()) as AgentSummary;
    const minted = await request.post(`/api/agents/${agent.id}/tokens`, { headers: admin, data: { name: 'E2E' } });
    expect(minted.status()).toBe(201);
    const asAgent = { authorization: `Bearer ${((await minted.json()) as { secret: string }).secret}` };

    // A card of the test's own on the demo board, for the agent to work on.
    const { projects } = (await (await request.get('/api/projects', { headers: asAgent })).json()) as {
      projects: { id: string; name: string }[];
    };
    const projectId = projects.find((project) => project.name === 'Café roadmap')!.id;
    const { columns } = (await (await request.get(`/api/projects/${projectId}`, { headers: asAgent })).json()) as {
      columns: { id: string; name: string }[];
    };
    const columnId = (column: string) => columns.find((each) => each.name === column)!.id;
    const title = `Price the menu ${Date.now()}`;
    const card = await request.post(`/api/projects/${projectId}/cards`, {
      headers: admin,
      data: { columnId: columnId('Backlog'), title },
    });
    expect(card.status()).toBe(201);
    const cardId = ((await card.json()) as { card: { id: string } }).card.id;
    const comment = (text: string) =>
      request.post(`/api/projects/${projectId}/cards/${cardId}/comments`, { headers: asAgent, data: { text } });
    expect((await comment('Listing every drink with its price.')).status()).toBe(201);
    const moved = await request.patch(`/api/projects/${projectId}/cards/${cardId}/move`, {
      headers: asAgent,
      data: { columnId: columnId('In progress'), position: 0 },
    });
    expect(moved.status()).toBe(200);

    // Any member sees it, newest first, each item linking to the card.
    await signedIn(MEMBER, `/agents/${agent.id}`);
    const activity = page.getByRole('region', { name: 'Activity' });
    const items = activity.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`${name} moved “${title}” to In progress`);
    await expect(items.nth(0)).toContainText('Café roadmap');
    await expect(items.nth(1)).toContainText(`${name} commented on “${title}”`);
    await expect(items.nth(1)).toContainText('Listing every drink with its price.');
    await expect(activity.getByRole('link', { name: `${name} moved “${title}” to In progress` })).toHaveAttribute(
      'href',
      `/projects/${projectId}?card=${cardId}`,
    );
    // Before the conversations.
    await expect(page.locator('section h2')).toContainText(['About', 'Activity', 'Your conversations']);

    // What it does next shows without a reload.
    expect((await comment('Priya, can you check the prices?')).status()).toBe(201);
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Priya, can you check the prices?');
    await expectAccessible(page, 'section[aria-labelledby="agent-activity-heading"]');
  });

  test('an agent that has done nothing on cards says so', async ({ page, signedIn, request }) => {
    const { name } = await openNewAgent(page, request, signedIn, 'Idle');
    await expect(page.getByRole('region', { name: 'Activity' })).toContainText(
      `Nothing yet: what ${name} does on cards shows here.`,
    );
  });
});
