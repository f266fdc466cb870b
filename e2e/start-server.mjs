// Starts the built server for the Playwright run on a fresh data directory (e2e/.data).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? 'e2e/.data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_IP: '100000',
    // No waits between wrong passwords in the journeys; 20 failures of one login flag it to teachers
    // (e2e/sign-in-warnings.spec.ts makes them for a login of its own).
    LOGIN_FREE_ATTEMPTS: '1000',
    LOGIN_RATE_LIMIT: '20',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    SIGNUP_RATE_LIMIT_PER_IP: '100000',
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => process.exit(code ?? 0));
