import './tooling/node20-polyfills.ts';
import { defineConfig } from 'vitest/config';

// One runner for every workspace: each project keeps its own environment.
export default defineConfig({
  test: {
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
