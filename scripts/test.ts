/**
 * `npm test`: the unit, component and API tests (Vitest), then the browser tests (Playwright),
 * then one line per project (files, tests, seconds spent in workers) and the slowest tests, so a
 * person sees where the suite's time goes. Stops at the first runner that fails, like `a && b`.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSummaries } from './test-summary/summary.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const summaryDir = join(root, '.tmp', 'test-summary');
rmSync(summaryDir, { recursive: true, force: true });
const env = { ...process.env, TEST_SUMMARY_DIR: summaryDir };

function run(script: string): number {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

let status = run('test:unit');
if (status === 0) status = run('test:e2e');

const lines = formatSummaries(summaryDir, ['vitest', 'playwright']);
if (lines.length > 0) console.log(`\nTest summary\n${lines.join('\n')}`);
process.exit(status);
