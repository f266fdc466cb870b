import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
// autocannon decodes every answer's body unless told which are read (see the file).
import './autocannon-bodies.js';
import { answerKey, OWN_HEADERS, type BaselineAnswers } from './baseline-answers.js';
import { percentiles } from './compare.js';

export const CONNECTIONS = 64;

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts (autocannon counts a timeout as an error too). */
  errors: number;
  /** Of those, requests without an answer within the 30 s timeout. */
  timeouts: number;
  non2xx: number;
  total: number;
  /** How long the run took, s (to its last answer, for a run of an amount). */
  seconds: number;
  /**
   * The first request of each of the run's connections, apart (2xx, ms): it waited for its
   * connection to be accepted, which under a write flood takes one event-loop turn per connection
   * (libuv accepts one per turn), so it measures opening the app under load, not answering on an
   * open connection. `p50`/`p99` above leave these out, except in paced runs.
   */
  firstRequests: { n: number; p50: number; p99: number; max: number };
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/**
 * Requests made one at a time per connection: `next` builds each (it gets the connection's
 * context, which `onResponse` receives with that request's answer).
 */
export interface RequestSource {
  next: (context: Record<string, unknown>) => RequestSpec;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  /**
   * Right after `onResponse`, with the same context: the answer's time (ms, from autocannon) and
   * whether it was the first on its connection (which also waited for the connection to be accepted).
   */
  onTimed?: (context: Record<string, unknown>, ms: number, firstOnConnection: boolean) => void;
}

/** Runs autocannon for `seconds` (or for `amount` requests) and keeps what the report needs. */
export async function runLoad(
  baseUrl: string,
  spec: RequestSpec | RequestSource,
  options: {
    seconds?: number;
    amount?: number;
    connections?: number;
    /**
     * Requests a second in all, instead of as many as answered, as autocannon limits them: each
     * connection sends its share of a second back to back at that second's start, a burst every
     * second (the checked answers' burst). An even pace is paced-load.ts.
     */
    rate?: number;
    /** Runs until this settles (instead of for `seconds`). */
    until?: Promise<unknown>;
  } = {},
): Promise<LoadResult> {
  const common = {
    url: baseUrl,
    connections: options.connections ?? CONNECTIONS,
    ...(options.rate ? { overallRate: options.rate } : {}),
    ...(options.amount ? { amount: options.amount } : { duration: options.until ? 3600 : (options.seconds ?? 8) }),
    timeout: 30,
  };
  // The context of the answer autocannon has just handed to `onResponse`, for `onTimed`.
  let answeredContext: Record<string, unknown> | undefined;
  const onTimed = 'next' in spec ? spec.onTimed : undefined;
  const opts =
    'next' in spec
      ? {
          ...common,
          requests: [
            {
              setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
                const r = spec.next(context);
                return { ...req, method: r.method, path: r.path, headers: r.headers, body: r.body };
              },
              // The mix's sources read answers on both sides (the live one needs its writes' ids),
              // so the server and the baseline cost the load generator the same per answer.
              keepBody: spec.onResponse !== undefined,
              // autocannon calls this, then emits 'response' with the client, in the same turn.
              onResponse: (status: number, body: string, context: Record<string, unknown>) => {
                answeredContext = context;
                spec.onResponse?.(status, body, context);
              },
            },
          ],
        }
      : { ...common, method: spec.method, headers: spec.headers, body: spec.body, path: spec.path, url: baseUrl + spec.path };
  // Every 2xx answer's time, split by whether it was its connection's first (autocannon opens all
  // 64 at the start of a run). Until 2026-11-28 the p99 of the text answers' line (2,000 answers)
  // was made of those 64 first answers: 3 % of the line, up to 850 ms each, while answers on open
  // connections took p99 25-38 ms. The first answers are kept and reported as their own figure.
  const established: number[] = [];
  const first: number[] = [];
  const opened = new WeakSet<object>();
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts as autocannon.Options, (error, finished) => (error ? reject(error as Error) : resolve(finished)));
    instance.on('response', (client: object, status: number, _bytes: number, responseTime: number) => {
      lastAnswerAt = performance.now();
      const isFirst = !opened.has(client);
      if (isFirst) opened.add(client);
      if (status >= 200 && status < 300) (isFirst ? first : established).push(responseTime);
      if (onTimed && answeredContext) onTimed(answeredContext, responseTime, isFirst);
      answeredContext = undefined;
    });
    void options.until?.finally(() => instance.stop());
  });
  const ok = result['2xx'];
  // autocannon notices that `amount` requests were answered at its next one-second tick, and its
  // duration counts up to that tick: 2,000 answers in 1.3 s read as 995 a second. A run of an
  // amount is timed to its last answer instead.
  const seconds = (options.amount ? (lastAnswerAt - startedAt) / 1000 : result.duration) || 1;
  // A paced run keeps autocannon's figures: they correct for coordinated omission, which a plain
  // list of answer times cannot.
  const steady = options.rate || established.length === 0 ? undefined : percentiles(established);
  const round = (v: number) => Math.round(v * 10) / 10;
  const firstOnes = percentiles(first);
  return {
    requestsPerSecond: Math.round(ok / seconds),
    p50: steady ? round(steady.p50) : result.latency.p50,
    p99: steady ? round(steady.p99) : result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    seconds,
    firstRequests: { n: firstOnes.n, p50: round(firstOnes.p50), p99: round(firstOnes.p99), max: round(firstOnes.max) },
  };
}

/**
 * The yardstick: a bare node:http server (`baseline-server.ts`) in a process of its own, started
 * like the real server, answering each kind of request with the bytes the server sent for it.
 */
export async function startBaseline(answers: Record<string, WireAnswer>, port: number): Promise<RunningServer> {
  const keys = Object.keys(answers);
  if (keys.length === 0) throw new Error('the baseline needs at least one answer');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mathclub-baseline-')), 'answers.json');
  const byKey: BaselineAnswers['byKey'] = {};
  for (const [key, a] of Object.entries(answers)) {
    byKey[key] = { status: a.status, contentType: a.contentType, ...(a.contentEncoding ? { contentEncoding: a.contentEncoding } : {}), ...(a.headers ? { headers: a.headers } : {}), bodyBase64: a.body.toString('base64') };
  }
  writeFileSync(file, JSON.stringify({ byKey, defaultKey: keys[0]! } satisfies BaselineAnswers));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'baseline-server.ts'), file, String(port)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const running = await watchProcess(child, `http://127.0.0.1:${port}`, '/', true);
  const stop = running.stop;
  return { ...running, stop: async () => { await stop(); rmSync(path.dirname(file), { recursive: true, force: true }); } };
}

/** The baseline's answer for one request spec: keyed the way the baseline process looks it up. */
export const baselineAnswer = (spec: RequestSpec, answer: WireAnswer): Record<string, WireAnswer> => ({ [answerKey(spec.method, spec.path)]: answer });

/** One answer as it went over the wire: the bytes as sent (still compressed, if they were). */
export interface WireAnswer {
  status: number;
  contentType: string;
  contentEncoding?: string;
  /** The other headers as sent (see `BaselineAnswer.headers`). */
  headers?: Record<string, string | string[]>;
  body: Buffer;
}

/**
 * Sends one request and keeps the answer's bytes exactly as sent. fetch() cannot: it adds its own
 * Accept-Encoding and decompresses, and the baseline must answer the same bytes the server did.
 */
export function probe(url: string, spec: RequestSpec): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url + spec.path, { method: spec.method, headers: spec.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const encoding = res.headers['content-encoding'];
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = value;
        resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? 'application/json', ...(encoding ? { contentEncoding: encoding } : {}), headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(spec.body);
  });
}

/** The server's memory from /proc/<pid>/status, in MB: anonymous (heaps, caches) and file-backed (binaries) pages, the peak, and its threads (the checker's threads show here while they live). */
export interface ServerMemory {
  rssMb: number;
  anonMb: number;
  fileMb: number;
  peakMb: number;
  threads: number;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** The resident memory and what it is made of now, from /proc/<pid>/status. */
  memory: () => ServerMemory;
  /** CPU time (user + system) the server process has used so far, in ms, from /proc. */
  cpuMs: () => number;
  stop: () => Promise<void>;
}

function processMemory(pid: number): ServerMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const mb = (name: string) => Math.round(field(name) / 1024);
  return { rssMb: mb('VmRSS'), anonMb: mb('RssAnon'), fileMb: mb('RssFile'), peakMb: mb('VmHWM'), threads: field('Threads') };
}

/** Starts the built server (production mode, warn logs) and waits until /api/ready answers. */
/**
 * How `npm run serve` starts the server (apps/server/package.json): its environment variables
 * (glibc's allocator settings) and node's flags, so every bench line measures the server as shipped.
 */
export function serveCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'apps', 'server', 'package.json'), 'utf8')) as { scripts: { serve: string } };
  const words = pkg.scripts.serve.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
  return { env, nodeArgs: words.slice(node + 1).filter((w) => w.startsWith('--')) };
}

export async function startServer(env: Record<string, string>, port: number, nodeArgs: string[] = []): Promise<RunningServer> {
  const serve = serveCommand();
  // BENCH_SERVER_ENTRY: a private build (tsc --outDir), when others rebuild apps/server/dist meanwhile.
  const child = spawn(process.execPath, [...serve.nodeArgs, ...nodeArgs, process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...serve.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The load comes from one address; production limits would turn it into 429s.
      RATE_LIMIT_PER_IP: '100000000',
      LOGIN_RATE_LIMIT_PER_IP: '100000000',
      LOGIN_RATE_LIMIT: '100000000',
      // Sign-ins for one login from one address beyond this many at once wait for a single turn
      // (429): the login line sends 64 at once for one student, to measure argon2, not the limit.
      LOGIN_FREE_ATTEMPTS: '100000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const server = await watchProcess(child, `http://127.0.0.1:${port}`, '/api/ready');
  return server;
}

/** The fields of /proc/<pid>/stat after the command's name (so index 0 is field 3, the state). */
function procStatFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (100 clock ticks a second). */
export function processCpuMs(pid: number): number {
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat.
  const fields = procStatFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's minor page faults so far (field 10 of /proc/<pid>/stat): memory the kernel had to map afresh. */
export function processMinorFaults(pid: number): number {
  return Number(procStatFields(pid)[7]);
}

/** Waits until `readyPath` answers 2xx (or the process exits) and wraps the child for measuring. */
async function watchProcess(child: ChildProcess, url: string, readyPath: string, anyAnswer = false): Promise<RunningServer> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + readyPath);
      await res.arrayBuffer();
      if (res.ok || anyAnswer) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${url} did not become ready in 60 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    memory: () => processMemory(child.pid!),
    cpuMs: () => processCpuMs(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A multipart/form-data body for fields and at most one file. */
export function multipartBody(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----mathclub-bench-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The text a student's answer carries in the writing lines. */
export const TEXT_ANSWER = '$2^{10} = 1024$, so $n = 10$.';

/** A student's text answer to a task, as the arena sends it (a form without a file). */
export function textAnswerSpec(p: { token: string; taskId: number; answer?: string }): RequestSpec {
  const m = multipartBody({ taskId: String(p.taskId), answer: p.answer ?? TEXT_ANSWER });
  return { method: 'POST', path: '/api/solutions', headers: { authorization: `Bearer ${p.token}`, 'content-type': m.contentType }, body: m.body };
}
