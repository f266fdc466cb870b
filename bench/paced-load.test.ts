import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runPaced } from './paced-load.js';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server answering at once, except that it holds every answer due in [from, to) ms until `to`. */
async function holdingServer(holdFromMs: number, holdToMs: number): Promise<{ url: string }> {
  const startedAt = performance.now();
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const at = performance.now() - startedAt;
      const answer = () => res.end(JSON.stringify({ path: req.url }));
      if (at >= holdFromMs && at < holdToMs) setTimeout(answer, holdToMs - at);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('runPaced', () => {
  it('sends rate × seconds requests and hands each answer to the source', async () => {
    const { url } = await holdingServer(0, 0);
    const paths: string[] = [];
    let n = 0;
    const result = await runPaced(url, { next: () => ({ method: 'GET', path: `/r${n++}` }), onResponse: (_s, body) => paths.push((JSON.parse(body) as { path: string }).path) }, { rate: 200, seconds: 0.5, connections: 4 });
    expect(result.total).toBe(100);
    expect(result.errors + result.non2xx).toBe(0);
    expect(new Set(paths).size).toBe(100);
  });

  it('charges a stalled server for every request that came due while it stalled, not only the one it held', async () => {
    // One connection: a closed loop would send one request during the 200 ms hold and time only
    // that one as slow. Requests keep coming due at 200 a second; each waits from when it was due.
    const { url } = await holdingServer(200, 400);
    const times: number[] = [];
    const result = await runPaced(url, { next: () => ({ method: 'GET', path: '/' }), onTimed: (_c, ms) => times.push(ms) }, { rate: 200, seconds: 1, connections: 1 });
    expect(result.total).toBe(200);
    // Due in [200, 300) ms: 20 requests, each answered at 400 ms or later, so at least 100 ms late.
    expect(times.filter((ms) => ms >= 100).length).toBeGreaterThanOrEqual(20);
    expect(result.p99).toBeGreaterThanOrEqual(100);
  });
});
