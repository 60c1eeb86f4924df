import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    maxWorkers: 2,
    // The default output, plus the per-project summary `npm test` prints at its end.
    reporters: ['default', './scripts/test-summary/vitest.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          // The server's tests, the runner's, and those of the tooling (scripts/: the lint rules).
          include: ['server/**/*.test.ts', 'runner/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // One database per worker, shared by the files that worker runs and reset between
          // them: a cold embedded Postgres costs seconds and hundreds of MB, so not one per file.
          isolate: false,
          // Every answer of the in-process app is held to contract/openapi.json (server/test/contract-check.ts).
          setupFiles: ['server/test/contract-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
