import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createUser, TEST_PASSWORD } from '../../test/fixtures.js';

/** Someone holding a stolen token guesses the current password to take the account over. */
describe.each(testDatabases())('guessing the current password on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The shipped rule: 5 wrong current passwords at once, then 1 s, 2 s, 4 s… up to 300 s.
    t = await buildTestApp(dialect, { passwordChangeFreeFailures: 5, loginMaxDelaySeconds: 300 });
  });
  afterAll(async () => t.close());

  const change = (token: string, currentPassword: string, newPassword = 'brand-new-pass-1') =>
    t.app.inject({ method: 'PUT', url: '/api/users/me/password', headers: { ...bearer(token), 'accept-language': 'en' }, payload: { currentPassword, newPassword } });

  it('40 wrong current passwords one after another: 429 long before the 40th', async () => {
    const { token } = await createUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await change(token, `not-it-${i}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes.indexOf(429)).toBe(5);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    const refused = await change(token, 'not-it-again');
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('40 sent at once: exactly 5 are checked, the others answer 429 without a hash', async () => {
    const { token } = await createUser(t);
    const verify = vi.spyOn(t.app.passwords, 'verify');
    const codes = (await Promise.all(Array.from({ length: 40 }, (_, i) => change(token, `parallel-${i}`)))).map((r) => r.statusCode);
    expect(verify).toHaveBeenCalledTimes(5);
    verify.mockRestore();
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
  });

  it('counts per account: another user is not slowed, and the right password resets the count', async () => {
    const victim = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < 4; i++) expect((await change(victim.token, `typo-${i}`)).statusCode).toBe(400);
    expect((await change(other.token, 'typo')).statusCode).toBe(400);
    const ok = await change(victim.token, TEST_PASSWORD);
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json<{ access_token: string }>().access_token;
    for (let i = 0; i < 4; i++) expect((await change(fresh, `typo-again-${i}`)).statusCode).toBe(400);
  });
});
