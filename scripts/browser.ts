import { existsSync } from 'node:fs';

/** Debian's Chromium, which Playwright drives where it cannot download its own browser. */
const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium to launch: `CHROMIUM_PATH`, an installed system Chromium, or Playwright's own. */
export function chromiumPath(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  return SYSTEM_CHROMIUM.find((path) => existsSync(path));
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
