import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

describe('per-IP request limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { rateLimitPerIp: 5 });
  });
  afterAll(async () => t.close());

  it('answers 429 RATE_LIMITED in the API error format past the limit, per address, sparing health checks', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await t.app.inject({ method: 'GET', url: '/api/groups', remoteAddress: '10.9.0.1' })).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/groups', remoteAddress: '10.9.0.1', headers: { 'accept-language': 'en' } });
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/groups', remoteAddress: '10.9.0.2' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.0.1' })).statusCode).toBe(200);
  });
});
