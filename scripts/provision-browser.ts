/**
 * Makes sure a Chromium is available for the browser tests: an installed one (Debian's
 * /usr/bin/chromium) when present; otherwise Debian's package when we may install it; otherwise
 * Playwright's own download.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './browser.ts';

function run(command: string): boolean {
  try {
    execSync(command, { stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
}

const found = chromiumPath();
if (found) {
  console.log(`browser tests use ${found}`);
} else {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('no Chromium found; installing Debian’s chromium package…');
    run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  }
  if (chromiumPath()) {
    console.log(`browser tests use ${chromiumPath()}`);
  } else {
    console.log('no system Chromium; installing Playwright’s own…');
    if (!run('npx playwright install --with-deps chromium') && !run('npx playwright install chromium')) {
      console.error('Could not provision a browser. Install Chromium (apt-get install chromium) or set CHROMIUM_PATH.');
      process.exit(1);
    }
  }
}
