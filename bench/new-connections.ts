/**
 * New connections while a class writes: 64 students opening the app at once (64 new connections,
 * each asking for its task list) while 64 others send text answers as fast as the server takes
 * them, against the same 64 on the idle server. libuv accepts one connection per listening socket
 * per turn of the event loop (libuv PR #3696), and during a flood of writes a turn lasts tens of
 * milliseconds: the k-th new connection waits about k turns. Reported, not budgeted (the text
 * line's p99 covers its own 64 connections).
 *
 * The 64 connections are opened by a process of their own, so that the bench's autocannon, which
 * sends the flood, does not delay them in its event loop.
 */
import { spawn } from 'node:child_process';
import { postTask } from './api-calls.js';
import { runLoad, textAnswerSpec, type LoadResult, type RunningServer } from './load.js';

export const NEW_CONNECTIONS = 64;
/** The flood's answers: every student of the group to each of this many new tasks (no 409s). */
const FLOOD_TASKS = 40;

export interface FirstAnswers {
  /** Time from opening the connections to each one's first answer byte, ms. */
  p50: number;
  p90: number;
  max: number;
  /** Answers that were not 200 (or connections that failed). */
  failed: number;
}

export interface NewConnections {
  idle: FirstAnswers;
  flood: FirstAnswers;
  /** The text answers sent meanwhile. */
  writes: LoadResult;
  node: string;
}

/** A node process that opens `count` connections at once and prints their first answers' times. */
const PROBE = `
const net = require('node:net');
const [port, count, ...tokens] = process.argv.slice(1);
const times = [];
let failed = 0;
const start = performance.now();
for (let i = 0; i < Number(count); i++) {
  const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('GET /api/tasks/mine HTTP/1.1\\r\\nHost: bench\\r\\nAuthorization: Bearer ' + tokens[i % tokens.length] + '\\r\\n\\r\\n'));
  socket.once('data', (chunk) => {
    times.push(performance.now() - start);
    if (!chunk.toString('latin1', 0, 12).endsWith('200')) failed++;
    socket.destroy();
    done();
  });
  socket.once('error', () => { failed++; times.push(performance.now() - start); done(); });
}
function done() {
  if (times.length < Number(count)) return;
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  console.log(JSON.stringify({ p50: at(0.5), p90: at(0.9), max: Math.round(times[times.length - 1]), failed }));
}
`;

function probe(port: number, tokens: string[]): Promise<FirstAnswers> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', PROBE, String(port), String(NEW_CONNECTIONS), ...tokens], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as FirstAnswers) : reject(new Error(`new-connections probe exited with ${code}`))));
  });
}

export async function newConnections(server: RunningServer, teacherToken: string, groupId: number, studentTokens: string[]): Promise<NewConnections> {
  const tasks: number[] = [];
  for (let i = 0; i < FLOOD_TASKS; i++) tasks.push(await postTask(server.url, teacherToken, groupId, { title: `Flood ${i}` }));
  const pairs = studentTokens.flatMap((token) => tasks.map((taskId) => ({ token, taskId })));
  let cursor = 0;
  const port = Number(new URL(server.url).port);
  const idle = await probe(port, studentTokens);
  const flood = runLoad(server.url, { next: () => textAnswerSpec(pairs[cursor++ % pairs.length]!) }, { amount: pairs.length });
  // Once the flood's own 64 connections are open and writing.
  await new Promise((r) => setTimeout(r, 500));
  const during = await probe(port, studentTokens);
  const writes = await flood;
  console.log(
    `  ${NEW_CONNECTIONS} new connections' first answer (tasks/mine): idle p50 ${idle.p50} / max ${idle.max} ms; during a text-answer flood (${writes.requestsPerSecond} answers/s) p50 ${during.p50} / p90 ${during.p90} / max ${during.max} ms; Node ${process.versions.node}`,
  );
  return { idle, flood: during, writes, node: process.versions.node };
}

/**
 * Alone:
 *   node_modules/.bin/tsx --conditions=source bench/new-connections.ts --db sqlite [--scale 0.1]
 * (build the server first: npm run build -w @mathclub/shared -w @mathclub/server)
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { cliArg } = await import('./cli.js');
  const { login, PASSWORD, prepare, SERVER_PORT } = await import('./harness.js');
  const { startServer } = await import('./load.js');
  const { PasswordHasher } = await import('../apps/server/src/lib/passwords.js');
  const { PRODUCTION_HASH_COST } = await import('../apps/server/src/config.js');
  const dialect = cliArg('db', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const prepared = await prepare(dialect, Number(cliArg('scale', '0.1')), await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD));
  const server = await startServer(prepared.env, SERVER_PORT);
  try {
    const { firstGroup } = prepared.school;
    const teacher = await login(server.url, firstGroup.teacherLogin);
    const students = await Promise.all(firstGroup.studentLogins.map((l) => login(server.url, l)));
    await newConnections(server, teacher.token, firstGroup.id, students.map((s) => s.token));
  } finally {
    await server.stop();
    await prepared.drop();
  }
}
