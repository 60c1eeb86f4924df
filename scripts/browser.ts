import { existsSync } from 'node:fs';

/**
 * Debian's Chromium builds, which Playwright drives where it cannot download its own browser.
 * The headless shell (Debian's `chromium-headless-shell`, the build Playwright itself uses for
 * headless runs) comes first: the full browser in headless mode also runs its own UI's renderers
 * and costs about 40 % more CPU per test on the 2-core CI machine (measured on the same specs).
 */
const SYSTEM_CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * The full browser, for the few tests of what only it has (its PDF viewer): `CHROMIUM_FULL_PATH`
 * or Debian's `chromium`. Those tests carry the `FULL_BROWSER` tag.
 */
const SYSTEM_FULL_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The tag of browser tests that need the full browser rather than the headless shell. */
export const FULL_BROWSER = '@full-browser';

/** The Debian packages that provide the browsers for the tests. */
export const DEBIAN_BROWSER_PACKAGES = ['chromium-headless-shell', 'chromium', 'fonts-dejavu-core'];

/** The Chromium to launch: `CHROMIUM_PATH`, an installed system Chromium, or Playwright's own. */
export function chromiumPath(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  return SYSTEM_CHROMIUM.find((path) => existsSync(path));
}

/** The full Chromium for `FULL_BROWSER` tests: `CHROMIUM_FULL_PATH`, Debian's, or Playwright's own. */
export function fullChromiumPath(): string | undefined {
  const configured = process.env.CHROMIUM_FULL_PATH;
  if (configured && existsSync(configured)) return configured;
  return SYSTEM_FULL_CHROMIUM.find((path) => existsSync(path));
}

/** Flags for a headless Chromium on a machine without a network or a display. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
