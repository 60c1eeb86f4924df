import { type Page } from '@playwright/test';
import { ADMIN, apiSignIn, expect, test } from './fixtures';

/** The first project of the demo company (Café roadmap, or whatever sorts first). */
async function firstBoard(page: Page, token: string): Promise<string> {
  const response = await page.request.get('/api/projects', { headers: { authorization: `Bearer ${token}` } });
  const { projects } = (await response.json()) as { projects: { id: string; name: string }[] };
  return (projects.find((project) => project.name === 'Café roadmap') ?? projects[0]!).id;
}

const pages = [
  '/',
  '/projects',
  'BOARD',
  '/files',
  '/content',
  '/people',
  '/agents',
  '/teams',
  '/settings/api-keys',
  '/settings/members',
  '/settings/billing',
  '/account',
];

// One test per page and width, so each stays short.
for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  for (const path of pages) {
    const name = path === 'BOARD' ? 'a board' : path;
    test(`at ${viewport.width}×${viewport.height}, ${name} does not scroll sideways${viewport.width < 760 ? ' and the top bar keeps its height' : ''}`, async ({
      page,
      signedIn,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const token = path === 'BOARD' ? await apiSignIn(request, ADMIN) : '';
      const target = path === 'BOARD' ? `/projects/${await firstBoard(page, token)}` : path;
      await signedIn(ADMIN, target);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (path === 'BOARD') await expect(page.locator('[data-card-id]').first()).toBeVisible();
      const { scrollWidth, innerWidth, bar } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        bar: document.querySelector('.shell-topbar')?.getBoundingClientRect().height ?? 0,
      }));
      expect(scrollWidth, `document width on ${path}`).toBeLessThanOrEqual(innerWidth);
      if (viewport.width < 760) expect(bar, `top bar on ${path}`).toBeLessThan(64);
    });
  }
}

test('at phone width every settings tab can be reached: the strip scrolls, and the current tab is in view', async ({
  page,
  signedIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(ADMIN, '/settings/billing');
  const tabs = page.getByRole('navigation', { name: 'Settings' });
  const billing = tabs.getByRole('link', { name: 'Billing' });
  await expect(billing).toHaveAttribute('aria-current', 'page');
  const strip = (await tabs.boundingBox())!;
  for (const tab of [billing, tabs.getByRole('link', { name: 'Members' })]) {
    await tab.scrollIntoViewIfNeeded();
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(strip.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(strip.x + strip.width + 0.5);
  }
  await tabs.getByRole('link', { name: 'Content keys' }).click();
  await expect(page).toHaveURL(/\/settings\/content-keys$/);
});

test('the theme select looks the same whichever page is loaded first', async ({ page, signedIn }) => {
  await signedIn(ADMIN, '/teams');
  const theme = page.getByLabel('Theme');
  await expect(theme).toBeVisible();
  const style = () =>
    theme.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { radius: computed.borderTopLeftRadius, border: computed.borderTopStyle, height: computed.minHeight };
    });
  const onTeams = await style();
  expect(onTeams.radius).not.toBe('0px');
  await page.goto('/');
  await expect(theme).toBeVisible();
  expect(await style()).toEqual(onTeams);
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  expect(await style()).toEqual(onTeams);
});

test('the column strip shows that more columns exist and scrolls with the keyboard and Shift+wheel', async ({
  page,
  signedIn,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  const token = await apiSignIn(request, ADMIN);
  const created = await request.post('/api/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Wide ${Date.now()}`, columns: ['One', 'Two', 'Three', 'Four', 'Five', 'Six'] },
  });
  const { id } = (await created.json()) as { id: string };
  await signedIn(ADMIN, `/projects/${id}`);
  const strip = page.locator('.board-strip');
  const scroller = strip.getByRole('region', { name: /board$/ });
  await expect(strip).toHaveAttribute('data-more-after', 'true');
  await expect(strip).not.toHaveAttribute('data-more-before', 'true');
  const left = () => scroller.evaluate((element) => element.scrollLeft);

  await scroller.focus();
  await page.keyboard.press('End');
  await expect.poll(left).toBeGreaterThan(0);
  await expect(strip).toHaveAttribute('data-more-before', 'true');
  await scroller.evaluate((element) => element.scrollTo({ left: 0, behavior: 'instant' }));
  await expect.poll(left).toBe(0);

  const box = (await scroller.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 20);
  await page.keyboard.down('Shift');
  await page.mouse.wheel(0, 300);
  await page.keyboard.up('Shift');
  await expect.poll(left).toBeGreaterThan(0);
});

test('Escape closes the phone navigation menu and returns focus to its button', async ({ page, signedIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(ADMIN, '/account');
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
});

test('at 1440×900 the organization chart gets the room: the outline starts folded, and Details folds too', async ({
  page,
  signedIn,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(ADMIN, '/organization');
  const canvas = page.locator('.org-canvas');
  await expect(canvas).toBeVisible();
  const outline = page.getByRole('button', { name: 'Outline' });
  const details = page.getByRole('button', { name: 'Details' });
  await expect(outline).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('tree', { name: 'Organization outline' })).toBeHidden();
  const main = (await page.locator('#main').boundingBox())!;
  const withDetails = (await canvas.boundingBox())!.width;
  // The chart and the details panel (300 px) share the page; no outline beside them.
  expect(withDetails).toBeGreaterThan(main.width - 300 - 120);
  await details.click();
  await expect(details).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('complementary', { name: 'Details and warnings' })).toBeHidden();
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(withDetails + 250);
  // The outline comes back on request.
  await outline.click();
  await expect(page.getByRole('tree', { name: 'Organization outline' })).toBeVisible();
});
