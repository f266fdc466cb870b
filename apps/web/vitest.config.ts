import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 15000,
    // One jsdom per worker rather than per file (creating it was a third of the project's time):
    // src/test/setup.ts puts back after each file what the file changed in it.
    isolate: false,
    // Vitest runs a project that is not isolated in a group of its own: after the others.
    sequence: { groupOrder: 1 },
  },
});
