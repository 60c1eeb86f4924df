/**
 * Makes sure the browsers for the browser tests are available: installed ones (Debian's
 * chromium-headless-shell, and chromium for the few full-browser tests) when present; otherwise
 * Debian's packages when we may install them; otherwise Playwright's own download.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEBIAN_BROWSER_PACKAGES, chromiumPath, fullChromiumPath } from './browser.ts';

function run(command: string): boolean {
  try {
    execSync(command, { stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const complete = () => existsSync(HEADLESS_SHELL) && fullChromiumPath() !== undefined;

if (!complete() && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log(`installing Debian’s ${DEBIAN_BROWSER_PACKAGES.join(', ')}…`);
  run(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${DEBIAN_BROWSER_PACKAGES.join(' ')}`,
  );
}
if (chromiumPath() && fullChromiumPath()) {
  console.log(`browser tests use ${chromiumPath()} (and ${fullChromiumPath()} for the full-browser tests)`);
} else {
  console.log('no system Chromium; installing Playwright’s own…');
  if (!run('npx playwright install --with-deps chromium') && !run('npx playwright install chromium')) {
    console.error(
      'Could not provision a browser. Install Chromium (apt-get install chromium-headless-shell chromium) or set CHROMIUM_PATH and CHROMIUM_FULL_PATH.',
    );
    process.exit(1);
  }
}
