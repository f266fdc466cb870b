import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { PASSWORD, prepare, SERVER_PORT } from './harness.js';
import { probe, runLoad, startServer } from './load.js';
import { signInSchool } from './school-mix.js';
const prepared = await prepare((process.env.ENGINE as 'sqlite') ?? 'sqlite', 0.1, await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD));
const server = await startServer(prepared.env, SERVER_PORT, process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROF] : []);
try {
  const actors = await signInSchool(server.url, 20, 16);
  const s = actors.students[0]!; const t = actors.teachers.find((x) => x.groupId === s.groupId)!;
  const specs = { mine: { path: '/api/tasks/mine', headers: s.auth }, board: { path: `/api/leaderboard?groupId=${s.groupId}&period=all`, headers: s.auth }, own: { path: '/api/solutions', headers: s.auth }, review: { path: '/api/solutions?reviewed=false', headers: t.auth }, tlist: { path: '/api/tasks', headers: t.auth } };
  for (const [k, spec] of Object.entries(specs)) {
    const times: string[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i++) { const t0 = performance.now(); const a = await probe(server.url, { method: 'GET', ...spec }); bytes = a.body.length; times.push((performance.now() - t0).toFixed(1) + (a.status !== 200 ? `(${a.status})` : '')); }
    const cpu0 = server.cpuMs();
    const r = await runLoad(server.url, { next: () => ({ method: 'GET', ...spec }) }, { amount: 400, connections: 8 });
    console.log(k, times.join(' '), bytes, 'cpu/req', ((server.cpuMs() - cpu0) / 400).toFixed(2), 'rps', r.requestsPerSecond);
  }
} finally { await server.stop(); await prepared.drop(); }
