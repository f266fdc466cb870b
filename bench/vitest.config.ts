import { defineConfig } from 'vitest/config';

// The bench's own arithmetic (median, ratio, the refused ratio above 100 %), fast and untimed, and
// the paced generator against a local server (1.5 s). The harness measuring itself against a copy
// of the baseline runs at the start of `npm run bench`.
export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['*.test.ts'],
  },
});
