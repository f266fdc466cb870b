import { defineConfig } from 'vitest/config';

// `source` makes @mathclub/shared resolve to its TypeScript sources, so tests never need a build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Fails a test whose answers do not match the OpenAPI document (test/openapi-response-check.ts).
    setupFiles: ['src/test/openapi-check-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
