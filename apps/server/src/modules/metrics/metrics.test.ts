import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { processImage } from '../files/image-pipeline.js';
import { plainJpeg } from '../files/test-images.js';
import { bearerMatches } from './metrics.routes.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line of a Prometheus text exposition (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name + '{') && !line.startsWith(name + ' ')) continue;
    const m = /^([^{ ]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('bearerMatches', () => {
  it('accepts exactly "Bearer <token>" and nothing else', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [undefined, '', 'Bearer', 'Bearer ', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN} ${TOKEN}`, `Bearer x${TOKEN}`]) {
      expect(bearerMatches(header, TOKEN), String(header)).toBe(false);
    }
  });
});

describe.each(testDatabases())('GET /api/metrics on %s', (dialect) => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([buildTestApp(dialect), buildTestApp(dialect, { metricsToken: TOKEN, rateLimitPerIp: 3 })]);
  });
  afterAll(async () => Promise.all([off?.close(), on?.close()]));

  const scrape = async () => {
    const res = await on.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN), remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('without METRICS_TOKEN answers 404 exactly as a path that does not exist, whatever the token', async () => {
    const absent = await off.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'accept-language': 'en' } });
    for (const headers of [{}, bearer(TOKEN), bearer('')]) {
      const res = await off.app.inject({ method: 'GET', url: '/api/metrics', headers: { 'accept-language': 'en', ...headers } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(absent.json());
    }
    // Not in the API document either.
    const doc = (await off.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/api/metrics');
  });

  it('with METRICS_TOKEN answers 401 without a bearer token, with a wrong one, or with a user token', async () => {
    const { token: userToken } = await createUser(on, { role: 'teacher' });
    const tries = [{}, bearer('wrong'), bearer(TOKEN + 'x'), bearer(userToken), { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }];
    for (const [i, headers] of tries.entries()) {
      // Each from its own address: this app's per-address limit is 3 a minute.
      const res = await on.app.inject({ method: 'GET', url: '/api/metrics', headers: { 'accept-language': 'en', ...headers }, remoteAddress: `10.9.9.${i + 1}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('mathclub_');
    }
  });

  it('with the right token answers Prometheus text with the metrics by name, routes by pattern', async () => {
    const { token } = await createUser(on, { role: 'teacher' });
    const group = await createGroup(on);
    // A parameterised route (its pattern, not the id), an unknown path, a few database reads.
    await on.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1' });
    await on.app.inject({ method: 'GET', url: `/api/groups/${group.id}/gradebook`, remoteAddress: '10.0.0.2' });
    await on.app.inject({ method: 'GET', url: '/api/groups/123456/gradebook', headers: bearer(token), remoteAddress: '10.0.0.3' });
    await on.app.inject({ method: 'GET', url: '/api/no-such-thing/42', remoteAddress: '10.0.0.4' });
    // Two reads of one cached list: a miss, then a hit (nothing changed between them).
    await on.app.inject({ method: 'GET', url: '/api/tasks', headers: bearer(token), remoteAddress: '10.0.0.5' });
    await on.app.inject({ method: 'GET', url: '/api/tasks', headers: bearer(token), remoteAddress: '10.0.0.5' });
    // One image through the pipeline, one refused.
    await processImage(await plainJpeg(16, 16));
    await processImage(Buffer.from('not an image')).catch(() => undefined);
    // A rate-limit refusal: the fourth request from one address within the minute.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await on.app.inject({ method: 'GET', url: '/api/school', remoteAddress: '10.0.0.9' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const res = await on.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN), remoteAddress: '10.9.9.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    expect(sample(text, 'mathclub_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mathclub_http_requests_total', { method: 'GET', route: '/api/groups/:id/gradebook', status: '401' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mathclub_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text, 'raw URLs never become labels').not.toMatch(/route="[^"]*(123456|no-such-thing)/);
    expect(sample(text, 'mathclub_http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mathclub_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/health', status: '200', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mathclub_rate_limited_total', { route: '/api/school' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mathclub_db_query_duration_seconds_count', { result: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'mathclub_db_query_duration_seconds_sum', { result: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'mathclub_image_pipeline_duration_seconds_count', { result: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mathclub_image_pipeline_duration_seconds_count', { result: 'rejected' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mathclub_image_pipeline_queue_wait_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'mathclub_image_pipeline_queue_length')).toBe(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    // The Grafana dashboard asks only for metrics the server exports.
    const dashboard = readFileSync(new URL('../../../../../ops/grafana-dashboard.json', import.meta.url), 'utf8');
    const asked = new Set([...dashboard.matchAll(/\b((?:mathclub|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, '')));
    expect(asked.size).toBeGreaterThan(8);
    for (const name of asked) expect(text, `the dashboard's ${name}`).toContain(`# TYPE ${name} `);
  });

  it('counts each request once, and the scrape itself', async () => {
    const before = sample(await scrape(), 'mathclub_http_requests_total', { method: 'GET', route: '/api/metrics', status: '200' }) ?? 0;
    const after = sample(await scrape(), 'mathclub_http_requests_total', { method: 'GET', route: '/api/metrics', status: '200' });
    expect(after).toBe(before + 1);
  });
});
