import './tooling/node20-polyfills.ts';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace: each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default (half the cores in run mode) is a single worker on a 2-core CI machine, and
    // most of a test file's time here is waiting on jsdom set-up, SQLite or PostgreSQL rather than
    // on a core: two workers there cut the unit step by about a third (measured in the CI summary).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web',
      'bench',
      // The repo's own tooling (scripts/: the browser finder).
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
