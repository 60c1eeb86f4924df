import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, test } from './fixtures';
import { inviteByApi, signUpByApi, uniqueEmail } from './pages/people-admin';

/** A name no other test (or run) uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Chart = {
  teams: { id: string; name: string }[];
  humans: { id: string; name: string; teamId: string | null; managerUserId: string | null }[];
};

async function chartOf(request: APIRequestContext, token: string): Promise<Chart> {
  const response = await request.get('/api/organization/chart', { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Chart;
}

async function personNamed(request: APIRequestContext, token: string, name: string) {
  const person = (await chartOf(request, token)).humans.find((human) => human.name === name);
  expect(person).toBeTruthy();
  return person!;
}

/** A new person in the admin's company (invited, signed up), so a test can move them freely. */
async function newPerson(request: APIRequestContext, token: string, name: string) {
  const email = uniqueEmail('org-chart');
  const invitation = await inviteByApi(request, token, email);
  await signUpByApi(request, { name, email, invitationToken: invitation.link.split('#')[1] });
  return personNamed(request, token, name);
}

const chartSurface = (page: Page) => page.getByRole('application', { name: /^Organization chart/ });
const outline = (page: Page) => page.getByRole('tree', { name: 'Organization outline' });
const zoomOf = async (page: Page) => Number(await page.locator('.org-canvas').getAttribute('data-zoom'));

/** The box of an element once it has stopped moving (the chart glides to a node). */
async function settledBox(locator: Locator) {
  let previous = '';
  let box: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(
      async () => {
        box = await locator.boundingBox();
        const now = JSON.stringify(box);
        const settled = box !== null && now === previous;
        previous = now;
        return settled;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return box!;
}

const centre = (box: { x: number; y: number; width: number; height: number }) => ({
  x: box.x + box.width / 2,
  y: box.y + box.height / 2,
});

test.describe('Organization chart', () => {
  test.use({ viewport: { width: 1600, height: 900 } });

  test('zooms with the keys and buttons, fits, and search flies to "Zoë" typed as "zoe"', async ({
    page,
    request,
    signedIn,
  }) => {
    const zoe = await personNamed(request, await apiSignIn(request, MEMBER), 'Zoë Café');
    await signedIn(MEMBER, '/organization');
    await expect(page.getByRole('heading', { level: 1, name: 'Organization' })).toBeVisible();
    const surface = chartSurface(page);
    await expect(surface).toBeVisible();
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(0);

    // Keys on the chart: + zooms in by a quarter, − back out; the buttons do the same.
    await surface.focus();
    const start = await zoomOf(page);
    await page.keyboard.press('+');
    await expect.poll(() => zoomOf(page)).toBeCloseTo(Math.min(2.5, start * 1.25), 2);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(start, 2);
    await surface.focus();
    await page.keyboard.press('0');
    const fitted = await zoomOf(page);
    expect(fitted).toBeGreaterThan(0);

    const search = page.getByRole('combobox', { name: 'Find a person, agent or team' });
    await search.fill('zoe');
    const option = page.getByRole('option', { name: /Zoë Café/ });
    await expect(option).toBeVisible();
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`node=human%3A${zoe.id}`));
    await expect(page.getByRole('region', { name: 'Zoë Café', exact: true })).toContainText('Product Designer');
    await expect(surface).toHaveAccessibleName('Organization chart, Zoë Café selected');
    // Zoë is in the middle of the chart, big enough to read.
    const card = await settledBox(page.locator('.org-selection'));
    const canvas = (await page.locator('.org-canvas').boundingBox())!;
    expect(Math.abs(centre(card).x - centre(canvas).x)).toBeLessThan(4);
    expect(Math.abs(centre(card).y - centre(canvas).y)).toBeLessThan(4);
    expect(await zoomOf(page)).toBeGreaterThanOrEqual(0.9);
  });

  test('the outline is a tree for the keyboard: arrows, Home, End, collapse, and Enter opens the profile', async ({
    page,
    request,
    signedIn,
  }) => {
    const chart = await chartOf(request, await apiSignIn(request, MEMBER));
    const ada = chart.humans.find((human) => human.name === 'Ada Lovelace')!;
    await signedIn(MEMBER, '/organization');
    const tree = outline(page);
    const first = tree.getByRole('treeitem').first();
    await expect(first).toContainText('Ada Lovelace');
    await expect(first).toHaveAttribute('aria-level', '1');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    // One tab stop.
    await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);

    await first.focus();
    await page.keyboard.press('ArrowDown');
    const second = tree.getByRole('treeitem').nth(1);
    await expect(second).toBeFocused();
    await expect(second).toHaveAttribute('aria-level', '2');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    // The chart selects the same node.
    const secondName = (await second.locator('.org-outline-name').textContent())!;
    await expect(chartSurface(page)).toHaveAccessibleName(`Organization chart, ${secondName} selected`);

    await page.keyboard.press('End');
    await expect(tree.locator('[role="treeitem"]:focus')).toHaveCount(1);
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();

    // ← closes Ada's level: only the tops are left; → opens it again, → again goes in.
    await page.keyboard.press('ArrowLeft');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(tree.locator('[role="treeitem"][aria-level="2"]')).toHaveCount(0);
    await expect(first).toContainText('below');
    await page.keyboard.press('ArrowRight');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(second).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(first).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/people\\?person=${ada.id}`));
  });

  test('an admin drags a person onto a new manager and the chart recomputes', async ({ page, request, signedIn }) => {
    const token = await apiSignIn(request, ADMIN);
    const teamName = unique('Drag Team');
    const created = await request.post('/api/organization/teams', { headers: auth(token), data: { name: teamName } });
    expect(created.status()).toBe(201);
    const team = (await chartOf(request, token)).teams.find((candidate) => candidate.name === teamName)!;
    try {
      const mover = await newPerson(request, token, unique('Ana Mover'));
      const manager = await newPerson(request, token, unique('Bo Manager'));
      for (const person of [mover, manager]) {
        const placed = await request.patch(`/api/organization/humans/${person.id}`, {
          headers: auth(token),
          data: { teamId: team.id },
        });
        expect(placed.status()).toBe(200);
      }

      // Both sit side by side in the team; the chart opens on the one to move.
      await signedIn(ADMIN, `/organization?node=${encodeURIComponent(`human:${mover.id}`)}`);
      await expect(page.getByRole('region', { name: mover.name, exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Zoom out' }).click();
      const tree = outline(page);
      const managerRow = tree.getByRole('treeitem', { name: new RegExp(manager.name) });
      const moverRow = tree.getByRole('treeitem', { name: new RegExp(mover.name) });
      await expect(moverRow).toHaveAttribute('aria-level', String(Number(await managerRow.getAttribute('aria-level'))));
      await managerRow.click();
      const target = centre(await settledBox(page.locator('.org-selection')));
      await moverRow.click();
      const source = centre(await settledBox(page.locator('.org-selection')));

      await page.mouse.move(source.x, source.y);
      await page.mouse.down();
      for (let step = 1; step <= 12; step++)
        await page.mouse.move(
          source.x + ((target.x - source.x) * step) / 12,
          source.y + ((target.y - source.y) * step) / 12,
        );
      // The drop says what it will do before it is made.
      await expect(page.locator('.org-drop-tooltip')).toHaveText(`Make ${mover.name} report to ${manager.name}`);
      await page.mouse.up();

      // The chart recomputes: the mover is now a level below the manager, and says so.
      const managerLevel = Number(await managerRow.getAttribute('aria-level'));
      await expect(moverRow).toHaveAttribute('aria-level', String(managerLevel + 1));
      await expect(page.getByRole('region', { name: mover.name, exact: true })).toContainText(
        `Reports to ${manager.name}`,
      );
      await expect
        .poll(async () => (await chartOf(request, token)).humans.find((human) => human.id === mover.id)?.managerUserId)
        .toBe(manager.id);
    } finally {
      await request.delete(`/api/organization/teams/${team.id}`, { headers: auth(token) });
    }
  });

  test('a deep link opens the chart on a node, and a change by someone else shows without reloading', async ({
    page,
    request,
    signedIn,
  }) => {
    const token = await apiSignIn(request, ADMIN);
    const zoe = await personNamed(request, token, 'Zoë Café');
    await signedIn(MEMBER, `/organization?node=${encodeURIComponent(`human:${zoe.id}`)}`);
    await expect(page.getByRole('region', { name: 'Zoë Café', exact: true })).toBeVisible();
    await expect(chartSurface(page)).toHaveAccessibleName('Organization chart, Zoë Café selected');
    await expect(outline(page).getByRole('treeitem', { name: /Zoë Café/ })).toHaveAttribute('aria-selected', 'true');
    const card = await settledBox(page.locator('.org-selection'));
    const canvas = (await page.locator('.org-canvas').boundingBox())!;
    expect(Math.abs(centre(card).x - centre(canvas).x)).toBeLessThan(4);

    // An admin elsewhere adds a team: it appears on this open chart, and the selected card stays put
    // while the layout around it changes (other tests change the chart meanwhile, too).
    const teamName = unique('Live Team');
    const created = await request.post('/api/organization/teams', { headers: auth(token), data: { name: teamName } });
    expect(created.status()).toBe(201);
    try {
      const search = page.getByRole('combobox', { name: 'Find a person, agent or team' });
      await search.fill(teamName);
      await expect(page.getByRole('option', { name: new RegExp(teamName) })).toBeVisible();
      const after = await settledBox(page.locator('.org-selection'));
      expect(Math.abs(centre(after).x - centre(canvas).x)).toBeLessThan(4);
    } finally {
      const team = (await chartOf(request, token)).teams.find((candidate) => candidate.name === teamName);
      if (team) await request.delete(`/api/organization/teams/${team.id}`, { headers: auth(token) });
    }
  });

  test('the chart, the outline and the details pass an accessibility scan', async ({ page, request, signedIn }) => {
    const token = await apiSignIn(request, ADMIN);
    const linus = await personNamed(request, token, 'Linus Berg');
    await signedIn(ADMIN, `/organization?node=${encodeURIComponent(`human:${linus.id}`)}`);
    await expect(page.getByRole('region', { name: 'Linus Berg', exact: true })).toBeVisible();
    await expect(outline(page).getByRole('treeitem').first()).toBeVisible();
    await expectAccessible(page, '.org-page');
    // The node's menu from the keyboard (the period key on the chart).
    await chartSurface(page).focus();
    await page.keyboard.press('.');
    const menu = page.getByRole('menu', { name: 'Actions for Linus Berg' });
    await expect(menu.getByRole('menuitem', { name: 'Open profile' })).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'Change manager…' })).toBeVisible();
    await expectAccessible(page, '.menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('exports the chart as a PNG image and as an SVG drawing', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/organization');
    await expect(chartSurface(page)).toBeVisible();
    const exportAs = async (item: string) => {
      await page.getByRole('button', { name: 'Export' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: item }).click();
      return download;
    };
    const png = await exportAs('PNG image');
    expect(png.suggestedFilename()).toBe('organization-chart.png');
    const pngBytes = await (await png.createReadStream()).toArray();
    // The PNG signature.
    expect(Buffer.concat(pngBytes).subarray(1, 4).toString()).toBe('PNG');
    const svg = await exportAs('SVG drawing');
    expect(svg.suggestedFilename()).toBe('organization-chart.svg');
    const text = Buffer.concat(await (await svg.createReadStream()).toArray()).toString();
    expect(text).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(text).toContain('Zoë Café');
    expect(text).toContain('Chief Executive Officer');
  });

  test('at phone width the page does not scroll sideways and a tap selects a card', async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      const token = await apiSignIn(request, MEMBER);
      await page.addInitScript((value) => localStorage.setItem('workspace.session', value), token);
      await page.goto('/organization');
      await expect(chartSurface(page)).toBeVisible();
      await expect.poll(() => zoomOf(page)).toBeGreaterThan(0);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      // The first view shows the top of the chart: Ada's card, centred near the top.
      const canvas = (await page.locator('.org-canvas').boundingBox())!;
      await page.touchscreen.tap(canvas.x + canvas.width / 2, canvas.y + 70);
      await expect(page.getByRole('region', { name: 'Ada Lovelace', exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('g then o opens the chart from anywhere', async ({ page, signedIn }) => {
    await signedIn(MEMBER, '/');
    await expect(page.getByRole('button', { name: /^Search/ })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await expect(page).toHaveURL(/\/organization$/);
    await expect(page.getByRole('link', { name: 'Organization' })).toHaveAttribute('aria-current', 'page');
  });
});
