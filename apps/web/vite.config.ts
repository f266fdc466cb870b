import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// 'source' makes @mathclub/shared resolve to its TypeScript sources: no build step in dev.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
});
