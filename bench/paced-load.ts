/**
 * An open-loop load at an even pace: request i is due at start + i ÷ rate, whatever the answers
 * before it did, and its time counts from when it was due, so a server that falls behind is
 * charged for the queue it builds (no coordinated omission). autocannon's `overallRate` cannot
 * stand in: each connection sends its share of a second back to back at the start of every
 * second (autocannon 8, lib/httpClient.js, `reqsMadeThisSecond`), a burst as fast as the server
 * answers, so a "paced" run of 500 a second measured the flat-out latencies again (p50 15 ms with
 * the server's CPU a quarter busy). Used by the mixed run at a school's pace (workloads.ts).
 */
import http from 'node:http';
import { percentiles } from './compare.js';
import type { LoadResult, RequestSource } from './load.js';

/** How often due requests are sent: the most a request can leave after it was due, ms. */
const TICK_MS = 1;
const TIMEOUT_MS = 30_000;

export async function runPaced(baseUrl: string, source: RequestSource, options: { rate: number; seconds: number; connections: number }): Promise<LoadResult> {
  const url = new URL(baseUrl);
  // At most `connections` sockets, kept open: a request due while all are busy waits in the
  // agent's queue, and that wait is part of its time.
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const all: number[] = [];
  const onNewSocket: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  let answered = 0;
  let outstanding = 0;
  let sent = 0;
  const due = Math.round(options.rate * options.seconds);
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  let settle: () => void = () => {};
  const finished = new Promise<void>((resolve) => (settle = resolve));
  const doneIfIdle = () => {
    if (sent === due && outstanding === 0) settle();
  };

  const send = (dueAt: number) => {
    const context: Record<string, unknown> = {};
    const spec = source.next(context);
    outstanding++;
    let over = false;
    const end = (after: () => void) => {
      if (over) return;
      over = true;
      outstanding--;
      after();
      doneIfIdle();
    };
    const req = http.request({ agent, host: url.hostname, port: url.port, method: spec.method, path: spec.path, headers: spec.headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => end(() => errors++));
      res.on('end', () =>
        end(() => {
          const now = performance.now();
          lastAnswerAt = now;
          const ms = now - dueAt;
          const status = res.statusCode ?? 0;
          answered++;
          if (status < 200 || status >= 300) non2xx++;
          else (req.reusedSocket ? all : onNewSocket).push(ms);
          // As autocannon hands it: the bytes as sent, read as text (JSON for the writes the mix reads).
          source.onResponse?.(status, Buffer.concat(chunks).toString('utf8'), context);
          source.onTimed?.(context, ms, !req.reusedSocket);
        }),
      );
    });
    req.on('timeout', () => {
      // Counted in `errors` too (as autocannon counts them), by the 'error' the destroy emits.
      timeouts++;
      req.destroy(new Error('timeout'));
    });
    req.on('error', () => end(() => errors++));
    req.end(spec.body);
  };

  const timer = setInterval(() => {
    const now = performance.now();
    while (sent < due && startedAt + (sent * 1000) / options.rate <= now) send(startedAt + (sent++ * 1000) / options.rate);
    if (sent === due) {
      clearInterval(timer);
      doneIfIdle();
    }
  }, TICK_MS);
  await finished;
  agent.destroy();
  const seconds = (lastAnswerAt - startedAt) / 1000 || 1;
  const round = (v: number) => Math.round(v * 10) / 10;
  // Every answer's time, on new sockets too (an open loop has no accept queue of its own making).
  const p = percentiles([...all, ...onNewSocket]);
  const firstOnes = percentiles(onNewSocket);
  return {
    requestsPerSecond: Math.round((answered - non2xx) / seconds),
    p50: round(p.p50),
    p99: round(p.p99),
    errors,
    timeouts,
    non2xx,
    total: sent,
    seconds,
    firstRequests: { n: firstOnes.n, p50: round(firstOnes.p50), p99: round(firstOnes.p99), max: round(firstOnes.max) },
  };
}
