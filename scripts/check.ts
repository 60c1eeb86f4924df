/**
 * `npm run check`: type checks, lint, formatting and the contract, each a single-threaded tool, run
 * two at a time (one per core on the 2-core machines) instead of one after another. Each step's
 * output is printed when it ends, with its time; the first failure is reported and fails the
 * check once every started step has ended. `--serial` runs them one at a time.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The steps, longest first, so the two lanes end close together. */
const steps: { name: string; command: string }[] = [
  { name: 'lint', command: 'npm run --silent lint' },
  { name: 'typecheck (app)', command: 'npx tsc -p tsconfig.app.json' },
  { name: 'typecheck (server, scripts)', command: 'npx tsc -p tsconfig.node.json' },
  { name: 'typecheck (browser tests)', command: 'npx tsc -p tsconfig.e2e.json' },
  { name: 'format', command: 'npm run --silent format:check' },
  { name: 'contract is generated', command: 'npx tsx scripts/gen-api.ts --check' },
  { name: 'contract lint', command: 'npm run --silent lint:contract' },
];

const lanes = process.argv.includes('--serial') ? 1 : Math.max(1, Math.min(2, availableParallelism()));

function runStep(step: { name: string; command: string }): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (error) => output.push(Buffer.from(String(error))));
    child.once('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`${code === 0 ? '✓' : '✗'} ${step.name} (${seconds} s)${text ? `\n${text}` : ''}`);
      resolve(code === 0);
    });
  });
}

const queue = [...steps];
const failed: string[] = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) if (!(await runStep(step))) failed.push(step.name);
  }),
);
if (failed.length > 0) {
  console.error(`\ncheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
