/** Playwright reporter: the per-project summary for `npm test` (see summary.ts). */
import { relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { emptyProject, type ProjectSummary, slowestTests, type TestTiming, writeRunSummary } from './summary.ts';

type Outcome = { project: string; file: string; status: TestResult['status']; seconds: number; title: string };

export default class SummaryReporter implements Reporter {
  /** The last result of each test (a retried test counts once, with its final outcome). */
  private readonly outcomes = new Map<TestCase, Outcome>();

  printsToStdio() {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const previous = this.outcomes.get(test);
    const project = test.parent.project()?.name ?? 'default';
    this.outcomes.set(test, {
      project,
      file: relative(process.cwd(), test.location.file),
      status: result.status,
      seconds: (previous?.seconds ?? 0) + result.duration / 1000,
      title: test.titlePath().slice(3).join(' › '),
    });
  }

  onEnd(result: FullResult) {
    const projects = new Map<string, ProjectSummary & { fileSet: Set<string> }>();
    const timings: TestTiming[] = [];
    for (const outcome of this.outcomes.values()) {
      const name = `playwright ${outcome.project}`;
      const project = projects.get(name) ?? { ...emptyProject(name), fileSet: new Set<string>() };
      projects.set(name, project);
      project.fileSet.add(outcome.file);
      project.tests += 1;
      if (outcome.status === 'passed') project.passed += 1;
      else if (outcome.status === 'skipped') project.skipped += 1;
      else project.failed += 1;
      project.workerSeconds += outcome.seconds;
      timings.push({ name: `${outcome.file} › ${outcome.title}`, seconds: outcome.seconds });
    }
    writeRunSummary('playwright', {
      wallSeconds: result.duration / 1000,
      projects: [...projects.values()].map(({ fileSet, ...project }) => ({ ...project, files: fileSet.size })),
      slowest: slowestTests(timings),
    });
  }
}
