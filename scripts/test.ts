/**
 * `npm test`: the unit, component and API tests (Vitest), then the browser tests (Playwright),
 * then one line per project (files, tests, seconds spent in workers) and the slowest tests, so a
 * person sees where the suite's time goes. Stops at the first runner that fails, like `a && b`.
 *
 * `TEST_ALONGSIDE_BROWSER`, when set, is a shell command run while the browser tests run (CI runs
 * the API suite against a real Postgres there: the browser suite leaves a core mostly idle, since
 * its one server process is single-threaded). Its output is kept in `.tmp/test-alongside.log` and
 * printed after; its failure fails `npm test`.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSummaries } from './test-summary/summary.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const summaryDir = join(root, '.tmp', 'test-summary');
const alongsideDir = join(summaryDir, 'alongside');
const alongsideLog = join(root, '.tmp', 'test-alongside.log');
rmSync(summaryDir, { recursive: true, force: true });
mkdirSync(summaryDir, { recursive: true });
const env = { ...process.env, TEST_SUMMARY_DIR: summaryDir };

function exitCode(child: ReturnType<typeof spawn>): Promise<number> {
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

const run = (script: string) =>
  exitCode(spawn('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit', env }));

/** Starts the command to run beside the browser tests, if any; resolves to its exit code. */
function startAlongside(): Promise<number> | undefined {
  const command = process.env.TEST_ALONGSIDE_BROWSER;
  if (!command) return undefined;
  const log = createWriteStream(alongsideLog);
  const child = spawn(command, {
    cwd: root,
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, TEST_SUMMARY_DIR: alongsideDir },
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  return exitCode(child).then((code) => new Promise<number>((resolve) => log.end(() => resolve(code))));
}

let status = await run('test:unit');
if (status === 0) {
  const alongside = startAlongside();
  status = await run('test:e2e');
  if (alongside) {
    const alongsideStatus = await alongside;
    console.log(`\n== Alongside the browser tests: ${process.env.TEST_ALONGSIDE_BROWSER} (exit ${alongsideStatus})`);
    process.stdout.write(readFileSync(alongsideLog, 'utf8'));
    if (status === 0) status = alongsideStatus;
  }
}

const lines = formatSummaries(summaryDir, ['vitest', 'playwright']);
const besides = formatSummaries(alongsideDir, ['vitest']).map((line, index) =>
  index === 0 ? `alongside the browser tests, ${line}` : line,
);
if (lines.length + besides.length > 0) console.log(`\nTest summary\n${[...lines, ...besides].join('\n')}`);
process.exit(status);
