import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// 'source' makes @mathclub/shared resolve to its TypeScript sources: no build step in dev.
export default defineConfig({
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // zod with its CSP-refused eval probe switched off before any schema is built (src/lib/zod-jitless.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) }],
  },
  // The build-time prerender (scripts/prerender.mjs) runs the app in Node: same sources.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] }, noExternal: ['@mathclub/shared'] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // scripts/prerender.mjs reads which chunks the start-up needs, for boot.js to request at once.
    manifest: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
});
