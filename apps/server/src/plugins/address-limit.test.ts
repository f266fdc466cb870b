import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { addressKey, WindowCounts } from './address-limit.js';

describe('addressKey', () => {
  it('counts an IPv4 address as it is, an IPv4-mapped one as its IPv4, an IPv6 one by its /64', () => {
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:DB8:1:2:ffff:ffff:ffff:fffe'));
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('counts what it cannot parse as it was written, without throwing', () => {
    expect(addressKey('not:an:address')).toBe('not:an:address');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('WindowCounts', () => {
  it('lets `max` requests through a window that starts at the first, then says how long to wait', () => {
    let now = 1_000;
    const counts = new WindowCounts(3, 60_000, () => now);
    expect([counts.take('a'), counts.take('a'), counts.take('a')]).toEqual([0, 0, 0]);
    now += 15_000;
    expect(counts.take('a')).toBe(45_000);
    expect(counts.take('b')).toBe(0);
    now += 45_000;
    // The window has ended: a new one starts with this request.
    expect(counts.take('a')).toBe(0);
  });

  it('forgets ended windows when swept, and only those', () => {
    let now = 0;
    const counts = new WindowCounts(5, 60_000, () => now);
    counts.take('early');
    now = 30_000;
    counts.take('late');
    now = 60_000;
    counts.sweep();
    expect(counts.size).toBe(1);
    now = 90_000;
    counts.sweep();
    expect(counts.size).toBe(0);
  });
});

describe('the per-address limit over IPv6', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { rateLimitPerIp: 3 });
  });
  afterAll(async () => t.close());

  it('counts the addresses of one /64 together, another /64 apart', async () => {
    const started = Date.now();
    const status = async (remoteAddress: string) => (await t.app.inject({ method: 'GET', url: '/api/groups', remoteAddress })).statusCode;
    const codes = [await status('2001:db8:7::1'), await status('2001:db8:7::2'), await status('2001:db8:7:0:ffff::9'), await status('2001:db8:7::3')];
    expect(codes).toEqual([401, 401, 401, 429]);
    expect(await status('2001:db8:8::1')).toBe(401);
    const refused = await t.app.inject({ method: 'GET', url: '/api/groups', remoteAddress: '2001:db8:7::4' });
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    // Until the minute that began with the first request ends (however long this test took so far).
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59 - Math.ceil((Date.now() - started) / 1000));
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The security headers are on the refusal too.
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });
});
