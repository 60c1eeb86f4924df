import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { FULL_BROWSER, chromiumArgs, chromiumPath, fullChromiumPath } from './scripts/browser.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh database for every run, so tests may change demo data (delete an account, say).
const dataDir = join(tmpdir(), `workspace-e2e-${port}`);
/** A local stand-in for Stripe's API (scripts/fake-stripe.ts), so purchases run end to end. */
const fakeStripePort = port + 50;
/** Test values: the fake accepts any `sk_test_` key; billing.spec.ts signs webhooks with this secret. */
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e0123456789';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    // The per-project summary `npm test` prints at its end.
    ['./scripts/test-summary/playwright.ts'],
  ],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // A trace is recorded only when a failed test runs again (CI retries once): recording one for
    // every test (its screenshots and DOM snapshots) took half of the browser's CPU time.
    // `npx playwright test --trace on` records them all when looking into something.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // The headless shell (scripts/browser.ts): every test but the few that need the full browser.
      name: 'chromium',
      grepInvert: new RegExp(FULL_BROWSER),
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
      },
    },
    {
      name: 'chromium-full',
      grep: new RegExp(FULL_BROWSER),
      use: {
        ...devices['Desktop Chrome'],
        // Playwright's own full Chromium where no system one is installed (its default is the shell).
        ...(fullChromiumPath() ? {} : { channel: 'chromium' }),
        launchOptions: { executablePath: fullChromiumPath(), args: chromiumArgs },
      },
    },
  ],
  webServer: [
    {
      command: `npx tsx scripts/fake-stripe.ts --port ${fakeStripePort}`,
      port: fakeStripePort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `rm -rf ${dataDir} && npm start`,
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Tests sign in many times from one address, some with wrong passwords on purpose; dedicated
        // API tests prove the defaults.
        RATE_LIMIT_SENSITIVE_POST_PER_15_MINUTES: '100000',
        RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES: '100000',
        RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_15_MINUTES: '100000',
        RATE_LIMIT_PUBLIC_GET_PER_MINUTE: '100000',
        STRIPE_SECRET_KEY: 'sk_test_e2e0123456789',
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${fakeStripePort}`,
      },
    },
  ],
});
