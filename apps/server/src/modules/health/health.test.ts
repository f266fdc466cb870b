import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, openTestDatabase, testConfig, testDatabases, type TestApp } from '../../test/build-test-app.js';

describe.each(testDatabases())('health on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('says the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('says the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database is gone', async () => {
    const { database, drop } = await openTestDatabase(dialect, path.join(t.dataDir, 'ready'));
    const app = await buildApp(testConfig(t.dataDir), { database });
    try {
      await database.destroy();
      const res = await app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await drop();
    }
  });
});
