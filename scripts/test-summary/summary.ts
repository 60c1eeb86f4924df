/**
 * The one-line-per-project summary that `npm test` prints at its end (scripts/test.ts), so a person
 * sees where the suite's time goes. The Vitest and Playwright reporters beside this file write one
 * JSON file each into `TEST_SUMMARY_DIR` when it is set; this module formats what they wrote.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type ProjectSummary = {
  /** The runner and project, e.g. `vitest api` or `playwright chromium`. */
  name: string;
  files: number;
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Time spent in the project's files, added up over the workers that ran them. */
  workerSeconds: number;
};

/** A project with nothing counted yet. */
export const emptyProject = (name: string): ProjectSummary => ({
  name,
  files: 0,
  tests: 0,
  passed: 0,
  failed: 0,
  skipped: 0,
  workerSeconds: 0,
});

export type TestTiming = { name: string; seconds: number };

export type RunSummary = {
  /** Wall-clock seconds of the whole run of this runner (every project of it together). */
  wallSeconds: number;
  projects: ProjectSummary[];
  /** The slowest tests of the run, slowest first. */
  slowest: TestTiming[];
};

const SLOWEST = 10;

export function slowestTests(timings: TestTiming[]): TestTiming[] {
  return [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
}

/** Writes a runner's summary when `TEST_SUMMARY_DIR` is set (by `npm test`); does nothing otherwise. */
export function writeRunSummary(runner: string, summary: RunSummary) {
  const dir = process.env.TEST_SUMMARY_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${runner}.json`), JSON.stringify(summary, null, 2));
}

const count = (value: number) => value.toLocaleString('en-US');
const seconds = (value: number) => `${value.toFixed(0)} s`;

export function formatProject(project: ProjectSummary): string {
  const outcome = [`${count(project.passed)} passed`];
  if (project.failed) outcome.push(`${count(project.failed)} failed`);
  if (project.skipped) outcome.push(`${count(project.skipped)} skipped`);
  return `${project.name.padEnd(20)} ${count(project.files).padStart(5)} files ${count(project.tests).padStart(6)} tests (${outcome.join(', ')}) ${seconds(project.workerSeconds).padStart(7)} in workers`;
}

/** The summary lines for every runner that wrote one into `dir`, in the order the runners ran. */
export function formatSummaries(dir: string, order: string[]): string[] {
  let written: string[] = [];
  try {
    written = readdirSync(dir);
  } catch {
    return [];
  }
  const lines: string[] = [];
  const slowest: TestTiming[] = [];
  for (const runner of order) {
    if (!written.includes(`${runner}.json`)) continue;
    const summary = JSON.parse(readFileSync(join(dir, `${runner}.json`), 'utf8')) as RunSummary;
    lines.push(`${runner} took ${seconds(summary.wallSeconds)}:`);
    for (const project of summary.projects) lines.push(`  ${formatProject(project)}`);
    slowest.push(...summary.slowest.map((test) => ({ name: `${runner}: ${test.name}`, seconds: test.seconds })));
  }
  if (slowest.length > 0) {
    lines.push('slowest tests:');
    for (const test of slowestTests(slowest)) lines.push(`  ${test.seconds.toFixed(1).padStart(6)} s  ${test.name}`);
  }
  return lines;
}
