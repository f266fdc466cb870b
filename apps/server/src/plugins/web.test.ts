import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

const STRICT_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

describe('web app, headers and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    // A second app with a built SPA in its own web dist directory.
    const dist = path.join(t.dataDir, 'web-dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const big = `export const words = ${JSON.stringify('math club '.repeat(500))};`;
    writeFileSync(path.join(dist, 'assets', 'big-def456.js'), big);
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(big));
  });
  afterAll(async () => t.close());

  it('serves a placeholder page when the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Math Club');
    expect((await t.app.inject({ method: 'GET', url: '/teacher/tasks' })).body).toContain('Math Club');
  });

  it('sends the strict CSP and the other security headers, without HSTS on plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toBe(STRICT_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('turns HSTS on when PUBLIC_URL is https', async () => {
    const https = await buildTestApp('sqlite', { publicUrl: 'https://club.example' });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });

  it('serves the built SPA: index for client routes, cached hashed assets, 404 for missing files and API paths', async () => {
    const spa = await buildTestApp('sqlite', { webDistDir: path.join(t.dataDir, 'web-dist') });
    try {
      for (const url of ['/', '/login', '/teacher/tasks', '/student/profile?x=1']) {
        const res = await spa.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<title>SPA</title>');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['content-security-policy']).toBe(STRICT_CSP);
      }
      const asset = await spa.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await spa.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
      expect((await spa.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      const api = await spa.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
      expect((await spa.app.inject({ method: 'POST', url: '/teacher' })).statusCode).toBe(404);
      expect((await spa.app.inject({ method: 'GET', url: '/../../etc/passwd' })).body).not.toContain('root:');
    } finally {
      await spa.close();
    }
  });

  it('sends the precompressed copy of an asset the browser can decode, cached like the asset', async () => {
    const spa = await buildTestApp('sqlite', { webDistDir: path.join(t.dataDir, 'web-dist') });
    try {
      const url = '/assets/big-def456.js';
      const plain = await spa.app.inject({ method: 'GET', url });
      const br = await spa.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await spa.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      // An asset without compressed copies is sent as it is.
      const small = await spa.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body).toBe('console.log(1)');
    } finally {
      await spa.close();
    }
  });

  it('publishes OpenAPI 3 from the route schemas and the Swagger UI under its own CSP', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/auth/login', '/api/users', '/api/users/{id}', '/api/users/profile', '/api/users/teachers/profile', '/api/users/students/profile', '/api/users/me/password', '/api/users/{id}/password', '/api/groups', '/api/groups/{id}', '/api/health', '/api/ready']) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/users']?.post)).toContain('gradeLetter');
    expect(JSON.stringify(doc)).not.toMatch(/password_hash/);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
