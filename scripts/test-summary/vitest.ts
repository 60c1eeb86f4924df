/** Vitest reporter: the per-project summary for `npm test` (see summary.ts). */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { emptyProject, type ProjectSummary, slowestTests, type TestTiming, writeRunSummary } from './summary.ts';

export default class SummaryReporter implements Reporter {
  private startedAt = Date.now();

  onTestRunStart() {
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const projects = new Map<string, ProjectSummary>();
    const timings: TestTiming[] = [];
    for (const module of testModules) {
      const name = `vitest ${module.project.name || 'default'}`;
      const project = projects.get(name) ?? emptyProject(name);
      projects.set(name, project);
      project.files += 1;
      const diagnostic = module.diagnostic();
      project.workerSeconds +=
        (diagnostic.environmentSetupDuration +
          diagnostic.prepareDuration +
          diagnostic.collectDuration +
          diagnostic.setupDuration +
          diagnostic.duration) /
        1000;
      const file = relative(process.cwd(), module.moduleId);
      for (const test of module.children.allTests()) {
        project.tests += 1;
        const state = test.result().state;
        if (state === 'passed') project.passed += 1;
        else if (state === 'failed') project.failed += 1;
        else project.skipped += 1;
        const duration = test.diagnostic()?.duration;
        if (duration !== undefined) timings.push({ name: `${file} › ${test.fullName}`, seconds: duration / 1000 });
      }
    }
    writeRunSummary('vitest', {
      wallSeconds: (Date.now() - this.startedAt) / 1000,
      projects: [...projects.values()].sort((a, b) => a.name.localeCompare(b.name)),
      slowest: slowestTests(timings),
    });
  }
}
