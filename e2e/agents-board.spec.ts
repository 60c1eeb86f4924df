import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignIn, expect, expectAccessible, openPalette, test } from './fixtures';
import { card, column } from './pages/board';

const DEMO_BOARD = 'Café roadmap';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type DemoBoard = { id: string; columns: Record<string, string> };

/** The demo board's id and its columns by name. */
async function demoBoard(request: APIRequestContext, token: string): Promise<DemoBoard> {
  const projects = (await (await request.get('/api/projects', { headers: bearer(token) })).json()) as {
    projects: { id: string; name: string }[];
  };
  const id = projects.projects.find((project) => project.name === DEMO_BOARD)!.id;
  const detail = (await (await request.get(`/api/projects/${id}`, { headers: bearer(token) })).json()) as {
    columns: { id: string; name: string }[];
  };
  return { id, columns: Object.fromEntries(detail.columns.map((item) => [item.name, item.id])) };
}

/** A new card of the test's own at the end of the demo board's Backlog. */
async function newCard(request: APIRequestContext, token: string, board: DemoBoard, title: string) {
  const created = await request.post(`/api/projects/${board.id}/cards`, {
    headers: bearer(token),
    data: { columnId: board.columns.Backlog, title },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { card: { id: string } }).card.id;
}

async function agentNamed(request: APIRequestContext, token: string, name: string) {
  const agents = (await (await request.get('/api/agents', { headers: bearer(token) })).json()) as {
    id: string;
    name: string;
  }[];
  return agents.find((agent) => agent.name === name)!.id;
}

/**
 * An agent of the test's own (`npm start` runs the demo agents through the reference runner: an
 * agent the test plays itself must be one no runner listens for).
 */
async function createAgent(request: APIRequestContext, token: string, name: string, status = 'active') {
  const created = await request.post('/api/agents', {
    headers: bearer(token),
    data: { name, role: 'Helps in the café' },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  if (status !== 'active') {
    const changed = await request.put(`/api/agents/${id}/status`, { headers: bearer(token), data: { status } });
    expect(changed.status()).toBe(200);
  }
  return id;
}

/** The session the server opened for a delegated card (the board's delegations). */
async function delegationOf(request: APIRequestContext, token: string, projectId: string, cardId: string) {
  const response = await request.get(`/api/projects/${projectId}/delegations`, { headers: bearer(token) });
  expect(response.status()).toBe(200);
  const list = (await response.json()) as { cardId: string; sessionId: string; status: string }[];
  return list.find((item) => item.cardId === cardId);
}

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Card details' });

test.describe('cards delegated to agents', () => {
  test('delegate a card to an agent: it works, its activity arrives live, stop it; axe-clean', async ({
    page,
    signedIn,
    request,
  }) => {
    // Some twenty steps against the server and the live stream: about 15 s alone, several times that on a busy machine.
    test.setTimeout(90_000);
    const token = await signedIn(ADMIN, '/projects');
    const board = await demoBoard(request, token);
    const title = `Price list for the opening ${Date.now()}`;
    const cardId = await newCard(request, token, board, title);
    const name = `Barista ${Date.now()}`;
    const barista = await createAgent(request, token, name);

    await page.goto(`/projects/${board.id}?card=${cardId}`);
    const panel = panelOf(page);
    await panel.getByLabel('Assignee').selectOption({ label: name });
    await expect(panel.getByRole('status').first()).toHaveText('Saved');

    // The card face: the agent at work, and who stays accountable.
    await expect(
      card(page, title).getByRole('img', { name: `${name} is working on this, accountable: Ada Lovelace` }),
    ).toBeVisible();
    const agent = panel.getByRole('region', { name: 'Agent' });
    await expect(agent).toContainText('Accountable');
    await expect(agent).toContainText('Ada Lovelace');
    await expect(agent).toContainText('Working');
    const log = agent.getByRole('list', { name: 'Agent activity' });
    await expect(log).toContainText(`Work on “${title}”`);

    // Play the agent through the API with a token of its own.
    const session = await delegationOf(request, token, board.id, cardId);
    expect(session?.status).toBe('working');
    const sessionPath = `/api/agents/${barista}/sessions/${session!.sessionId}`;
    const minted = await request.post(`/api/agents/${barista}/tokens`, {
      headers: bearer(token),
      data: { name: `e2e ${Date.now()}` },
    });
    expect(minted.status()).toBe(201);
    const agentToken = ((await minted.json()) as { secret: string }).secret;

    const posted = await request.post(`${sessionPath}/messages`, {
      headers: bearer(agentToken),
      data: {
        text: 'Reading the card',
        activity: [{ type: 'action', text: 'Read the card', tool: 'getCard', arguments: { cardId } }],
        done: false,
      },
    });
    expect(posted.status()).toBe(201);
    const messageId = ((await posted.json()) as { id: string }).id;
    await expect(log.getByRole('list', { name: `Steps by ${name}` })).toContainText('getCard');
    await expect(log).toContainText('Reading the card');
    await expect(log).toContainText('Writing…');

    const appended = await request.patch(`${sessionPath}/messages/${messageId}`, {
      headers: bearer(agentToken),
      data: { append: ' and pricing the menu.', activity: [{ type: 'thought', text: 'Compare with the kiosk menu' }] },
    });
    expect(appended.status()).toBe(200);
    await expect(log).toContainText('Reading the card and pricing the menu.');
    await expect(log).toContainText('Compare with the kiosk menu');

    // What the agent does on the card shows live too: its comment, its move.
    const commented = await request.post(`/api/projects/${board.id}/cards/${cardId}/comments`, {
      headers: bearer(agentToken),
      data: { text: 'Plan: list every drink with its price, then ask Priya to check.' },
    });
    expect(commented.status()).toBe(201);
    await expect(panel).toContainText('Plan: list every drink with its price');
    const moved = await request.patch(`/api/projects/${board.id}/cards/${cardId}/move`, {
      headers: bearer(agentToken),
      data: { columnId: board.columns['In progress'], position: 0 },
    });
    expect(moved.status()).toBe(200);
    await expect(column(page, 'In progress').getByRole('article', { name: title, exact: true })).toHaveCount(1);

    await expectAccessible(page, '.side-panel');

    // Stop from the panel: the session ends, the reply on its way with it.
    await agent.getByRole('button', { name: `Stop ${name}` }).click();
    await expect(agent).toContainText('Stopped by Ada Lovelace');
    await expect(agent).toContainText('Stopped before it finished.');
    await expect(agent.getByRole('button', { name: `Stop ${name}` })).toHaveCount(0);
    await expect(
      card(page, title).getByRole('img', { name: `${name} was stopped, accountable: Ada Lovelace` }),
    ).toBeVisible();
    expect((await delegationOf(request, token, board.id, cardId))?.status).toBe('stopped');
    const refused = await request.post(`${sessionPath}/messages`, {
      headers: bearer(agentToken),
      data: { text: 'Still here' },
    });
    expect(refused.status()).toBe(409);
  });

  test('Cafébot, run by the reference runner, works a delegated card: its steps, comment and move arrive live', async ({
    page,
    signedIn,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await signedIn(ADMIN, '/projects');
    const board = await demoBoard(request, token);
    const title = `Oat milk price check ${Date.now()}`;
    const cardId = await newCard(request, token, board, title);

    await page.goto(`/projects/${board.id}?card=${cardId}`);
    const panel = panelOf(page);
    await panel.getByLabel('Assignee').selectOption({ label: 'Cafébot' });
    const agent = panel.getByRole('region', { name: 'Agent' });
    await expect(agent.getByRole('list', { name: 'Agent activity' })).toContainText(`Work on “${title}”`);
    // The runner reads the card and the board, comments its plan and moves the card to Review.
    await expect(agent.getByRole('list', { name: 'Steps by Cafébot' }).first()).toBeVisible({ timeout: 20_000 });
    await expect(column(page, 'Review').getByRole('article', { name: title, exact: true })).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(agent.getByRole('definition').filter({ hasText: /^Done$/ })).toBeVisible({ timeout: 20_000 });
    await expect(
      card(page, title).getByRole('img', { name: 'Cafébot finished this, accountable: Ada Lovelace' }),
    ).toBeVisible();
    const comments = (await (
      await request.get(`/api/projects/${board.id}/cards/${cardId}/comments`, { headers: bearer(token) })
    ).json()) as { comments: { authorAgentId?: string; text: string }[] };
    expect(comments.comments.some((comment) => comment.authorAgentId)).toBe(true);
    const cafebot = await agentNamed(request, token, 'Cafébot');
    expect(comments.comments.find((comment) => comment.authorAgentId)?.authorAgentId).toBe(cafebot);
  });

  test('un-assigning the agent ends its session', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await demoBoard(request, token);
    const title = `Napkin order ${Date.now()}`;
    const cardId = await newCard(request, token, board, title);
    const name = `Porter ${Date.now()}`;
    const porter = await createAgent(request, token, name);

    await page.goto(`/projects/${board.id}?card=${cardId}`);
    const panel = panelOf(page);
    await panel.getByLabel('Assignee').selectOption({ label: name });
    await expect(panel.getByRole('region', { name: 'Agent' })).toContainText('Working');
    const session = await delegationOf(request, token, board.id, cardId);

    await panel.getByLabel('Assignee').selectOption({ label: 'Unassigned' });
    await expect(panel.getByRole('status').first()).toHaveText('Saved');
    await expect(panel.getByRole('region', { name: 'Agent' })).toHaveCount(0);
    await expect(card(page, title).getByRole('img', { name: new RegExp(name) })).toHaveCount(0);
    const ended = await request.get(`/api/agents/${porter}/sessions/${session!.sessionId}`, {
      headers: bearer(token),
    });
    expect(((await ended.json()) as { status: string }).status).toBe('stopped');
  });

  test('a colleague sees the delegation arrive live, without a Stop button', async ({ page, signedIn, request }) => {
    const maxToken = await signedIn('max@acme.example', '/projects');
    const board = await demoBoard(request, maxToken);
    const title = `Receipt printer paper ${Date.now()}`;
    const cardId = await newCard(request, maxToken, board, title);
    await page.goto(`/projects/${board.id}?card=${cardId}`);
    await expect(panelOf(page).getByLabel('Assignee')).toHaveValue('');
    await expect(card(page, title)).toBeVisible();

    // Ada delegates the card from elsewhere.
    const adaToken = await apiSignIn(request, ADMIN);
    const name = `Runner ${Date.now()}`;
    const runner = await createAgent(request, adaToken, name);
    const assigned = await request.patch(`/api/projects/${board.id}/cards/${cardId}`, {
      headers: bearer(adaToken),
      data: { assignee: runner },
    });
    expect(assigned.status()).toBe(200);
    await expect(
      card(page, title).getByRole('img', { name: `${name} is working on this, accountable: Ada Lovelace` }),
    ).toBeVisible();
    const agent = panelOf(page).getByRole('region', { name: 'Agent' });
    await expect(agent).toContainText('Working');
    await expect(agent.getByRole('list', { name: 'Agent activity' })).toContainText(`Work on “${title}”`);
    await expect(agent.getByRole('button', { name: /^Stop/ })).toHaveCount(0);
  });

  test('assigning a paused agent is refused and rolled back with the server’s message', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const board = await demoBoard(request, token);
    const title = `Window decals ${Date.now()}`;
    const cardId = await newCard(request, token, board, title);
    const name = `Dozer ${Date.now()}`;
    await createAgent(request, token, name, 'paused');

    await page.goto(`/projects/${board.id}?card=${cardId}`);
    const panel = panelOf(page);
    const answer = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith(`/cards/${cardId}`),
    );
    await panel.getByLabel('Assignee').selectOption({ label: `${name} (paused)` });
    const refused = await answer;
    expect(refused.status()).toBe(409);
    const envelope = (await refused.json()) as { error: string; code: string };
    expect(envelope.code).toBe('AGENT_UNAVAILABLE');
    await expect(panel.getByRole('status').first()).toContainText(`Not saved: ${envelope.error}`);
    await expect(panel.getByLabel('Assignee')).toHaveValue('');
    await expect(panel.getByRole('region', { name: 'Agent' })).toHaveCount(0);
  });

  test('“Ask an agent…” in the palette lists the active agents and opens a chat', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const cafebot = await agentNamed(request, token, 'Cafébot');
    const input = await openPalette(page);
    await input.fill('ask an');
    // Search results for the words may come first: pick the command itself.
    await page.getByRole('group', { name: 'Commands' }).getByRole('option', { name: 'Ask an agent…' }).click();
    const pick = page.getByRole('combobox', { name: 'Pick an agent to ask' });
    await expect(pick).toBeFocused();
    // Escape goes back to the commands (the palette stays open); the command lists them again.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: /^Search people/ })).toBeFocused();
    await page.getByRole('group', { name: 'Commands' }).getByRole('option', { name: 'Ask an agent…' }).click();
    await expect(pick).toBeFocused();
    const agents = page.getByRole('group', { name: 'Agents' });
    await expect(agents.getByRole('option', { name: /Cafébot/ })).toBeVisible();
    // Completed agents take no new work.
    await expect(agents.getByRole('option', { name: /Forecaster/ })).toHaveCount(0);
    await pick.fill('cafébot');
    await expect(agents.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/agents/${cafebot}/chat$`));
  });
});
