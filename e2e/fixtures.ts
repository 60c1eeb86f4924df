import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'workspace-demo';
export const ADMIN = 'ada@acme.example';
export const MEMBER = 'max@acme.example';
export const NOMAD = 'nomad@example.com';
const SESSION_KEY = 'workspace.session';
/** axe-core's own minified build: the same rules as `axe.source`, half the text to parse per injection. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
 * scanned by the tests of the shell, and a whole-page scan of a big board costs seconds. Runs axe
 * as @axe-core/playwright's legacy (single-page) mode does — same context, every rule — but injects
 * axe (its minified build) only when the document does not have it yet: the builder injects its
 * 1.3 MB source twice per scan, seconds on a busy machine. Axe gathers only the violations
 * (`resultTypes`: the passes are not reported, every node is still checked by every rule).
 */
export async function expectAccessible(page: Page, include?: string) {
  for (const frame of page.frames()) {
    // Like the builder, axe goes into every frame so that frames are scanned too; a frame that
    // refuses it (a PDF viewer) is left out.
    const inject = async () => {
      const loaded = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
      if (!loaded) await frame.evaluate(AXE_SOURCE);
    };
    if (frame === page.mainFrame()) await inject();
    else await inject().catch(() => undefined);
  }
  const violations = await page.evaluate(
    async (context) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(context, { resultTypes: ['violations'] })
      ).violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      })),
    { include: include ? [include] : [], exclude: [] },
  );
  const summary = violations.map((violation) => `${violation.id}: ${violation.help} (${violation.targets.join(', ')})`);
  expect(summary).toEqual([]);
}

/** Presses Ctrl+K once the signed-in shell is on screen, and waits for the palette's field. */
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
