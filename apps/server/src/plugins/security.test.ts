import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
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

/** One raw HTTP/1.1 request (any request target, sent as written); resolves with the status code. */
function rawStatus(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (status) resolve(Number(status[1]));
      else reject(new Error(`no status line in ${JSON.stringify(data.slice(0, 80))}`));
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}

describe('per-IP request limit on the routed path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { rateLimitPerIp: 5 });
  });
  afterAll(async () => t.close());

  it('counts /%61pi/… and other spellings of an API path like the path the router matched', async () => {
    const spellings = ['/%61pi/groups', '/api/%67roups', '/%61%70%69/groups?x=1', '/api/groups', '/%61pi/users/profile'];
    const codes: number[] = [];
    for (const url of spellings) codes.push((await t.app.inject({ method: 'GET', url, remoteAddress: '10.10.0.1' })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const sixth = await t.app.inject({ method: 'GET', url: '/%61pi/groups', remoteAddress: '10.10.0.1' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('still spares health, readiness and signed image links, and does not count pages', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/%61pi/health', remoteAddress: '10.10.1.1' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/ready', remoteAddress: '10.10.1.1' })).statusCode).not.toBe(429);
      expect((await t.app.inject({ method: 'GET', url: '/api/files/ab/cd.jpg?exp=1&sig=x', remoteAddress: '10.10.1.1' })).statusCode).not.toBe(429);
      expect((await t.app.inject({ method: 'GET', url: '/tasks', remoteAddress: '10.10.1.1' })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/groups', remoteAddress: '10.10.1.1' })).statusCode).toBe(401);
  });

  it('counts an absolute-form request target (GET http://host/api/groups) on a real server', async () => {
    const listening = await buildTestApp('sqlite', { rateLimitPerIp: 5 });
    try {
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (listening.app.server.address() as AddressInfo).port;
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push(await rawStatus(port, i % 2 ? `http://127.0.0.1:${port}/api/groups` : `http://example.org/%61pi/groups?i=${i}`));
      expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // Pages served in absolute form are still not counted.
      expect(await rawStatus(port, `http://127.0.0.1:${port}/tasks`)).toBe(200);
    } finally {
      await listening.close();
    }
  });
});
