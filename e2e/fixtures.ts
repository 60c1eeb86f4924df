import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'workspace-demo';
export const ADMIN = 'ada@acme.example';
export const MEMBER = 'max@acme.example';
export const NOMAD = 'nomad@example.com';
const SESSION_KEY = 'workspace.session';

/** Signs in through the API; quicker than the form where the form is not what is tested. */
export async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The signed-in session token the page holds. */
export function pageToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
}

/**
 * Fails with the list of violations when axe finds any on the page as it is now. `include` limits
 * the scan to the part under test (a CSS selector, e.g. the open panel): the shell around it is
 * scanned by the tests of the shell, and a whole-page scan of a big board costs seconds. Runs in
 * axe's single-page mode: the pages have no frames, and the default mode opens a second page to
 * merge frame results, which costs about half a second per scan. Runs the WCAG 2.0–2.2 A and AA
 * rules and axe's best practices: WCAG 2.2's (target size, 2.5.8) are off in axe unless asked for.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export async function expectAccessible(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(AXE_TAGS);
  if (include) builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** Presses Ctrl+K once the signed-in shell is on screen, and waits for the palette's field. */
/**
 * Waits until a keyboard drag just picked up (Space on a dnd-kit handle) hears its arrow keys:
 * dnd-kit starts listening for them on a timer after the pick-up, and a key pressed before that
 * timer ran is lost (the browser takes input before timers). A timer of the page's own, queued
 * after it, tells when it has run. Call it once the pick-up was announced.
 */
export async function keyboardDragListens(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

export async function openPalette(page: Page) {
  await page.getByRole('button', { name: /^Search/ }).waitFor();
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: /Search people/ });
  await input.waitFor();
  return input;
}

type Fixtures = {
  /** Opens `path` already signed in as `email` (token planted before the app loads). */
  signedIn: (email: string, path?: string) => Promise<string>;
};

export const test = base.extend<Fixtures>({
  signedIn: async ({ page, request }, use) => {
    await use(async (email, path = '/') => {
      const token = await apiSignIn(request, email);
      await page.addInitScript(
        ([key, value]) => {
          if (!sessionStorage.getItem('e2e-planted')) {
            localStorage.setItem(key, value);
            sessionStorage.setItem('e2e-planted', '1');
          }
        },
        [SESSION_KEY, token] as const,
      );
      await page.goto(path);
      return token;
    });
  },
});

export { expect };
