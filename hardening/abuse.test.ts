import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import katex from 'katex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.js';
import { multipartBody } from '../apps/server/src/modules/files/multipart-test-body.js';
import { buildTestApp, type TestApp } from '../apps/server/src/test/build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD } from '../apps/server/src/test/fixtures.js';
import { craftToken, decodeToken } from '../apps/server/src/test/jwt.js';
import { KATEX_OPTIONS } from '../apps/web/src/components/katex-options.js';

/** The limits a fresh install ships with (no environment variables set). */
function shippedDefaults() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mathclub-defaults-'));
  try {
    const c = loadConfig({ DATA_DIR: dir });
    return {
      loginRateLimit: c.loginRateLimit,
      loginFreeFailures: c.loginFreeFailures,
      loginMaxDelaySeconds: c.loginMaxDelaySeconds,
      loginFailureWindowSeconds: c.loginFailureWindowSeconds,
      loginRateLimitPerIp: c.loginRateLimitPerIp,
      rateLimitPerIp: c.rateLimitPerIp,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('login brute force (shipped limits)', () => {
  const limits = shippedDefaults();
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    t = await buildTestApp('sqlite', limits);
    owner = (await createUser(t, { role: 'teacher', login: 'admin' })).user.login;
  });
  afterAll(async () => t.close());

  const attempt = (loginName: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: loginName, password }, remoteAddress, headers });

  it('ships 5 free guesses per login and address, then waits doubling from 1 s to at most 5 min, 10 failures per login to flag it, 60 attempts a minute per address', () => {
    expect(limits).toMatchObject({ loginFreeFailures: 5, loginMaxDelaySeconds: 300, loginRateLimit: 10, loginFailureWindowSeconds: 86_400, loginRateLimitPerIp: 60 });
  });

  it("a class guessing the owner's password from one address and from many never locks the owner out of a clean address", async () => {
    // From the school's NAT address: 5 checked, then 429 with Retry-After; never a check early.
    const nat = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt('admin', `nat-guess-${i}`, '10.1.0.1')));
    expect(nat.filter((r) => r.statusCode === 401)).toHaveLength(limits.loginFreeFailures);
    expect(nat.filter((r) => r.statusCode === 429).every((r) => Number(r.headers['retry-after']) >= 1)).toBe(true);
    // From 200 addresses (phones on mobile data): each one checked once, the login now flagged.
    for (let i = 0; i < 200; i++) expect((await attempt('ADMIN', `spread-guess-${i}`, `10.1.${1 + (i >> 8)}.${i & 255}`)).statusCode).toBe(401);
    const teacher = await attempt(owner, TEST_PASSWORD, '10.1.200.1');
    expect(teacher.statusCode, 'the owner, from an address that has not failed').toBe(200);
    const other = await createUser(t);
    expect((await attempt(other.user.login, TEST_PASSWORD, '10.1.0.1')).statusCode, 'other logins from the guessing address').toBe(200);
  });

  it(`limits one address to ${limits.loginRateLimitPerIp} attempts a minute across logins; spoofed X-Forwarded-For does not help`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= limits.loginRateLimitPerIp; i++) {
      codes.push((await attempt(`spray-${i}`, 'password-guess', '10.2.0.1', { 'x-forwarded-for': `172.16.${i % 250}.9` })).statusCode);
    }
    expect(codes.slice(0, limits.loginRateLimitPerIp).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await attempt('spray-x', 'password-guess', '10.2.0.2')).statusCode, 'another address still may try').toBe(401);
  });
});

describe('forged and broken tokens', () => {
  let t: TestApp;
  let valid = '';
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const group = await createGroup(t);
    valid = (await createUser(t, { role: 'student', groupIds: [group.id] })).token;
  });
  afterAll(async () => t.close());

  it('refuses every one with 401 UNAUTHORIZED and accepts the genuine one', async () => {
    const payload = decodeToken(valid);
    const now = Math.floor(Date.now() / 1000);
    const teacherClaims = { ...payload, role: 'teacher', login: 'admin' };
    const secret = t.config.jwtSecret;
    const [head, body] = valid.split('.');
    const cases: [string, string][] = [
      ['signed with another key', craftToken({ alg: 'HS256', typ: 'JWT' }, payload, 'another-key-another-key-another-key-000')],
      ['claims changed, old signature kept', `${head}.${Buffer.from(JSON.stringify(teacherClaims)).toString('base64url')}.${valid.split('.')[2]}`],
      ['expired', craftToken({ alg: 'HS256', typ: 'JWT' }, { ...payload, iat: now - 7200, exp: now - 3600 }, secret)],
      ['alg: none', craftToken({ alg: 'none', typ: 'JWT' }, teacherClaims)],
      ['alg: NONE, empty signature', `${craftToken({ alg: 'NONE' }, payload).slice(0, -1)}.`],
      ['HS512 with the right key', craftToken({ alg: 'HS512', typ: 'JWT' }, payload, secret)],
      ['RS256 header over an HMAC signature', craftToken({ alg: 'RS256', typ: 'JWT' }, payload, secret)],
      ['no exp claim', craftToken({ alg: 'HS256', typ: 'JWT' }, { ...payload, exp: undefined }, secret)],
      ['sub of nobody', craftToken({ alg: 'HS256', typ: 'JWT' }, { ...payload, sub: '999999', id: 999999 }, secret)],
      ['sub not a number', craftToken({ alg: 'HS256', typ: 'JWT' }, { ...payload, sub: '1 or 1=1' }, secret)],
      ['two segments', `${head}.${body}`],
      ['garbage', 'not-a-token'],
      ['empty', ''],
      ['huge', 'a'.repeat(20_000)],
      ['base64 junk', `${head}.%%%%.${'x'.repeat(43)}`],
    ];
    for (const [label, token] of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
      expect(res.json().code, label).toBe('UNAUTHORIZED');
    }
    for (const header of ['Basic dXNlcjpwYXNz', `Token ${valid}`, 'Bearer', `Bearer ${valid} extra`]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: header } })).statusCode, header).toBe(401);
    }
    // "no exp" is refused because the server requires it; make sure the control case passes.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(valid) })).statusCode).toBe(200);
  });
});

describe('user text is data, never markup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  const PAYLOADS = ['<img src=x onerror=alert(1)>', '<script>alert(document.cookie)</script>', '$\\href{javascript:alert(1)}{x}$', '[x](javascript:alert(1))', '<svg onload=alert(1)>'];

  it('stores task texts and answers exactly as given and only ever answers JSON', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { role: 'student', groupIds: [group.id] });
    for (const text of PAYLOADS) {
      const form = multipartBody({ title: text.slice(0, 100), text, level: 'beginner', points: 1, group: group.id });
      const task = await t.app.inject({ method: 'POST', url: '/api/tasks', payload: form.payload, headers: { ...form.headers, ...bearer(teacher.token) } });
      expect(task.statusCode, task.body).toBe(201);
      expect(task.headers['content-type']).toMatch(/^application\/json/);
      expect(task.json().text).toBe(text);
      const answer = multipartBody({ taskId: task.json().id, answer: text });
      const solution = await t.app.inject({ method: 'POST', url: '/api/solutions', payload: answer.payload, headers: { ...answer.headers, ...bearer(student.token) } });
      expect(solution.statusCode, solution.body).toBe(201);
      expect(solution.headers['content-type']).toMatch(/^application\/json/);
      expect(solution.json().answer).toBe(text);
    }
    for (const url of ['/api/tasks/mine', '/api/solutions']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...bearer(student.token), accept: 'text/html' } });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("renders none of them as a link or handler with the web app's KaTeX options (trust stays off)", () => {
    // The very options the web app renders every formula with (one module, imported, not copied).
    const options = KATEX_OPTIONS;
    expect(options.trust).toBe(false);
    for (const tex of ['\\href{javascript:alert(1)}{x}', '\\url{javascript:alert(1)}', '\\includegraphics{http://evil/x.png}', '\\htmlData{onload=alert(1)}{x}', '\\htmlStyle{background:url(javascript:1)}{x}']) {
      const html = katex.renderToString(tex, options);
      expect(html, tex).not.toMatch(/<a\b|href=|<img\b|\son\w+=|style="[^"]*url\(/i);
    }
  });

  it("caps what one formula can draw or expand with the web app's KaTeX options (issue 23)", () => {
    // `\rule{5000em}{5000em}` made a 375 px arena 96,831 px wide; sizes are capped at maxSize ems.
    for (const tex of ['\\rule{5000em}{5000em}', '\\kern{9000em}x', '\\hspace{9000em}x', '\\rule{5000cm}{1pt}', '\\phantom{\\rule{1em}{9000em}}']) {
      const html = katex.renderToString(tex, { ...KATEX_OPTIONS, output: 'html' });
      const ems = [...html.matchAll(/style="([^"]*)"/g)].flatMap((m) => [...m[1]!.matchAll(/(-?[\d.]+)em/g)].map((e) => Math.abs(Number(e[1]))));
      expect(Math.max(...ems), tex).toBeLessThanOrEqual(KATEX_OPTIONS.maxSize);
    }
    // A macro that expands itself stops at maxExpand: an error in red, not a frozen tab.
    const started = performance.now();
    const html = katex.renderToString('\\def\\a{\\a\\a}\\a', KATEX_OPTIONS);
    expect(html).toContain('katex-error');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('holds every formula taller than 20 em in a box of 20 em, whatever it is made of (issue 50)', async () => {
    // maxSize caps sizes, not a negative depth or a stack: these drew pages 100,000 px tall.
    const { renderMath } = await import('../apps/web/src/components/katex-render.js');
    const rows = (n: number, row: string) => Array.from({ length: n }, () => row).join('');
    const hostile = [
      '\\raisebox{-5000em}{y}',
      '\\rule[-5000em]{1em}{1em}',
      `\\begin{matrix}${rows(450, '\\rule{1em}{20em}\\\\')}\\end{matrix}`,
      `\\begin{matrix}${rows(100, 'a\\\\[20em]')}b\\end{matrix}`,
      '\\frac{\\rule[-5000em]{1em}{1em}}{2}',
    ];
    for (const tex of hostile) for (const display of [false, true]) expect(renderMath(tex, display), tex).toMatch(/^<span class="math-tall">/);
    // The box itself: MathText.css caps `.math-tall` and display formulas at 20 of KaTeX's em.
    const css = readFileSync(new URL('../apps/web/src/components/MathText.css', import.meta.url), 'utf8');
    expect(css).toMatch(/\.math-tall \{[^}]*max-height: calc\(20 \* 1\.21em\)[^}]*overflow: auto/);
    expect(renderMath('x^2 + \\frac{1}{2}', false)).not.toContain('math-tall');
  });
});

describe('security headers', () => {
  const CSP_REQUIRED = ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"];

  it('sends CSP, nosniff and frame-ancestors on pages, API answers and errors; HSTS only behind https', async () => {
    for (const publicUrl of [undefined, 'https://club.example.org']) {
      const t = await buildTestApp('sqlite', { publicUrl });
      try {
        for (const url of ['/', '/student/solve', '/api/health', '/api/users/profile', '/api/no-such-route']) {
          const res = await t.app.inject({ method: 'GET', url });
          const csp = String(res.headers['content-security-policy'] ?? '');
          for (const directive of CSP_REQUIRED) expect(csp, `${url}: ${directive}`).toContain(directive);
          expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
          expect(res.headers['x-content-type-options'], url).toBe('nosniff');
          expect(res.headers['x-frame-options'], url).toBe('DENY');
          if (publicUrl) expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
          else expect(res.headers['strict-transport-security'], url).toBeUndefined();
        }
        const badUrl = await t.app.inject({ method: 'GET', url: '/api/users/%' });
        expect(badUrl.headers['x-content-type-options']).toBe('nosniff');
        expect(String(badUrl.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      } finally {
        await t.close();
      }
    }
  });
});
