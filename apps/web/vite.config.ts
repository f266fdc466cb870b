import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// Few, larger chunks instead of one per shared module: on HTTP/1.1 a browser fetches about six
// files at a time, each costing a round trip (150 ms on Lighthouse's slow 4G), so the ~25 small
// chunks the shell and the arena were split into cost more in waiting than in bytes. The groups
// follow the order main.tsx evaluates the start-up in (i18n, react-dom, the app), so each task
// still evaluates only its own part; a module used by a later group never pulls it in earlier.
const chunkGroups = [
  { name: 'react', test: /node_modules[\\/]react[\\/]/, priority: 50 },
  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 45 },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]|src[\\/]lib[\\/](i18n|language-detector)\.ts|shared[\\/]src[\\/](constants|achievement-rules)\.ts/,
    priority: 40,
  },
  {
    name: 'shell',
    test: /node_modules[\\/](react-router|@tanstack|cookie|set-cookie-parser)[\\/]|src[\\/](app[\\/](start|providers|query-client|router|guards)|app[\\/]layout[\\/](AppLayout|AreaLayout|Footer|GoLive|LanguageSelector|MainMenu|TopBar|lazy-user-menu)|app[\\/]routes[\\/]lazy-pages|config[\\/]|lib[\\/](session|unauthorized|api-error|api-client|preloadable|response-shape)|components[\\/](Icon|icon-names|PageTitle|PageLoader))\b/,
    priority: 30,
  },
  {
    name: 'arena',
    test: /src[\\/](app[\\/]routes[\\/]student-arena-(route|data)|features[\\/]arena[\\/](api[\\/]get-my-|components[\\/](ArenaPage|Achievements|SolveTaskItem|SuccessStats|arena-stats|Loading|lazy|MySolutions|SolutionStatus))|features[\\/]leaderboard[\\/](api[\\/]get-leaderboard|components[\\/]MyStanding)|features[\\/]profile[\\/]api[\\/]get-profile|components[\\/](TaskCard|MathText)|lib[\\/]format)\b/,
    priority: 20,
  },
  // No group for the Markdown parser (components/markdown.ts, markdown-it): only its dynamic import
  // reaches it, so it is one lazy file of its own; a group made it two (a facade and the code).
];

// 'source' makes @mathclub/shared resolve to its TypeScript sources: no build step in dev.
export default defineConfig(({ isSsrBuild }) => ({
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
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
