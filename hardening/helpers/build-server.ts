import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Builds the shared package and the server once before the suite: the load and fault tests run
 * the real compiled server (apps/server/dist/server.js). HARDENING_SKIP_BUILD=1 reuses a build.
 */
export default function setup(): void {
  if (process.env.HARDENING_SKIP_BUILD === '1') return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  for (const workspace of ['@mathclub/shared', '@mathclub/server']) {
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}
