import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A company of the test's own, signed up through the API: its credits are drained here, which the
 * demo company (shared by the tests running beside this one) must never be. A new company has a
 * trial of 1,000 included credits.
 */
async function signUpCompany(request: APIRequestContext) {
  const email = `credits-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@test.example`;
  const signedUp = await request.post('/api/auth/signup', {
    data: { name: 'Cora Counter', email, password: 'ledger-lines-add-up-42', companyName: unique('Credits Co') },
  });
  expect(signedUp.status()).toBe(201);
  return ((await signedUp.json()) as { token: string }).token;
}

/** An agent of the company with a token of its own: the test plays it through the API. */
async function createPlayedAgent(request: APIRequestContext, adminToken: string, name: string) {
  const created = await request.post('/api/agents', { headers: auth(adminToken), data: { name, role: 'Tester' } });
  expect(created.status()).toBe(201);
  const agentId = ((await created.json()) as { id: string }).id;
  const minted = await request.post(`/api/agents/${agentId}/tokens`, {
    headers: auth(adminToken),
    data: { name: 'e2e' },
  });
  expect(minted.status()).toBe(201);
  return { agentId, agentToken: ((await minted.json()) as { secret: string }).secret };
}

/** A board (default columns) with one card. */
async function createCard(request: APIRequestContext, adminToken: string) {
  const project = await request.post('/api/projects', { headers: auth(adminToken), data: { name: 'Ledger work' } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: string }).id;
  const detail = (await (await request.get(`/api/projects/${projectId}`, { headers: auth(adminToken) })).json()) as {
    columns: { id: string }[];
  };
  const card = await request.post(`/api/projects/${projectId}/cards`, {
    headers: auth(adminToken),
    data: { columnId: detail.columns[0]!.id, title: 'Reconcile the books' },
  });
  expect(card.status()).toBe(201);
  return { projectId, cardId: ((await card.json()) as { card: { id: string } }).card.id };
}

/** An admin's grant or adjustment (signed in, with a note). */
async function adjust(request: APIRequestContext, adminToken: string, data: Record<string, unknown>) {
  const response = await request.post('/api/subscriptions/credits/adjustments', {
    headers: auth(adminToken),
    data: { note: 'Browser test of the credits banner', ...data },
  });
  expect(response.status()).toBe(201);
}

/** Opens `path` signed in with `token` (planted before the app loads). */
async function openSignedIn(page: Page, token: string, path: string) {
  await page.addInitScript((value) => localStorage.setItem('workspace.session', value), token);
  await page.goto(path);
}

test('running out of credits stops agents, says so live, and credits bring them back', async ({ page, request }) => {
  // A company of its own, three ledger movements and two pages: more steps than most tests.
  test.slow();
  const adminToken = await signUpCompany(request);
  const agentName = unique('Ledgerbot');
  const { agentId, agentToken } = await createPlayedAgent(request, adminToken, agentName);
  const { projectId, cardId } = await createCard(request, adminToken);

  await openSignedIn(page, adminToken, `/agents/${agentId}`);
  await expect(page.getByRole('heading', { level: 1, name: agentName })).toBeVisible();
  const main = page.getByRole('main');
  const lowBanner = main.getByRole('status').filter({ hasText: 'Credits are running low' });
  const outBanner = main.getByRole('alert').filter({ hasText: 'Out of credits' });
  const stopped = main.getByText('Not taking new work: the company is out of credits.');
  // The trial's 1,000 credits: nothing to say.
  await expect(page.getByRole('link', { name: 'Buy credits or change the plan' })).toHaveCount(0);

  // Down to 150 (below the starter plan's threshold of 200), then to nothing: the banners follow live.
  await adjust(request, adminToken, { type: 'adjustment', bucket: 'included', amount: -850 });
  await expect(lowBanner).toContainText('Credits are running low: 150 left. Buy credits or change the plan');
  await expect(stopped).toHaveCount(0);
  await adjust(request, adminToken, { type: 'adjustment', bucket: 'included', amount: -150 });
  await expect(outBanner).toContainText(
    'Out of credits: agents have stopped taking new work until credits arrive. Buy credits or change the plan',
  );
  await expect(lowBanner).toHaveCount(0);
  await expect(stopped).toBeVisible();
  await expect(outBanner.getByRole('link', { name: 'Buy credits or change the plan' })).toHaveAttribute(
    'href',
    '/settings/billing',
  );
  await expectAccessible(page);

  // The agent's work is refused, and nothing is written.
  const cardPath = `/api/projects/${projectId}/cards/${cardId}`;
  const refused = await request.patch(cardPath, { headers: auth(agentToken), data: { title: 'Books reconciled' } });
  expect(refused.status()).toBe(402);
  expect(((await refused.json()) as { code: string }).code).toBe('CREDITS_EXHAUSTED');
  const card = (await (await request.get(cardPath, { headers: auth(adminToken) })).json()) as { title: string };
  expect(card.title).toBe('Reconcile the books');

  // Credits arrive: the banner and the agent's stopped state go without a reload.
  await adjust(request, adminToken, { type: 'grant', amount: 500 });
  await expect(outBanner).toHaveCount(0);
  await expect(stopped).toHaveCount(0);
  await expect(lowBanner).toHaveCount(0);

  // The card's panel shows what the agent's work on it cost, as soon as it is charged.
  await page.goto(`/projects/${projectId}?card=${cardId}`);
  const panel = page.getByRole('complementary', { name: 'Card details' });
  await expect(panel.getByRole('textbox', { name: 'Title' })).toHaveValue('Reconcile the books');
  await expect(panel.getByText(/Agent work on this card/)).toHaveCount(0);
  const written = await request.patch(cardPath, { headers: auth(agentToken), data: { title: 'Books reconciled' } });
  expect(written.status()).toBe(200);
  await expect(panel.getByRole('textbox', { name: 'Title' })).toHaveValue('Books reconciled');
  const credits = panel.getByRole('region', { name: 'Credits spent on this card' });
  await expect(credits).toContainText('Agent work on this card: 1 credit');
  await expect(credits).toContainText(`${agentName} 1`);
});
