import '../tooling/node20-polyfills.ts';
import { defineConfig } from 'vitest/config';

/**
 * The hardening suite: access, bad input, hostile files, load, faults, abuse and backups.
 * `HARDENING_FULL=1` (npm run test:hardening) runs the full sizes; without it a smaller,
 * seeded form fits CI. Files run one at a time: several start real server processes and a
 * private PostgreSQL cluster, and the load and fault tests must not fight each other for 2 cores.
 */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'hardening',
    environment: 'node',
    include: ['hardening/**/*.test.ts'],
    globalSetup: ['hardening/helpers/build-server.ts'],
    // Test apps check every answer against their OpenAPI document; a mismatch fails the test.
    setupFiles: ['apps/server/src/test/openapi-check-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
