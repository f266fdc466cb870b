import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration, PRODUCTION_HASH_COST } from './config.js';

describe('config', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mathclub-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('has safe defaults for the embedded set-up', () => {
    const base = tempDir();
    const config = loadConfig({ INIT_CWD: base });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(base, 'data'),
      databaseUrl: `sqlite:${path.join(base, 'data', 'mathclub.sqlite')}`,
      databasePoolSize: 20,
      logLevel: 'info',
      publicUrl: undefined,
      tokenTtlSeconds: 12 * 3600,
      loginRateLimit: 10,
      rateLimitPerIp: 600,
      loginRateLimitPerIp: 60,
      signUpRateLimitPerIp: 60,
      trustProxy: false,
      passwordHash: PRODUCTION_HASH_COST,
      checkerThreads: 2,
    });
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(loadConfig({ INIT_CWD: base, CHECKER_THREADS: '4' }).checkerThreads).toBe(4);
  });

  it('generates the JWT secret once, keeps it 0600 in DATA_DIR and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });

  it('reads every variable', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://u@db:5432/mathclub',
      DATABASE_POOL_SIZE: '30',
      JWT_SECRET: 's'.repeat(32),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://club.school.example',
      TOKEN_TTL: '30m',
      WEB_DIST_DIR: '/srv/web',
      LOGIN_RATE_LIMIT: '5',
      RATE_LIMIT_PER_IP: '100',
      LOGIN_RATE_LIMIT_PER_IP: '7',
      SIGNUP_RATE_LIMIT_PER_IP: '9',
      TRUST_PROXY: 'true',
      REDIS_URL: 'redis://cache:6379',
      REDIS_KEY_PREFIX: 'school-a:',
      S3_BUCKET: 'school-images',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'mathclub/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: 'postgres://u@db:5432/mathclub',
      databasePoolSize: 30,
      logLevel: 'warn',
      publicUrl: 'https://club.school.example',
      tokenTtlSeconds: 1800,
      webDistDir: '/srv/web',
      loginRateLimit: 5,
      rateLimitPerIp: 100,
      loginRateLimitPerIp: 7,
      signUpRateLimitPerIp: 9,
      trustProxy: true,
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'school-a:',
      s3: { bucket: 'school-images', endpoint: 'http://minio:9000', region: 'eu-central-1', accessKeyId: 'id', secretAccessKey: 'secret', prefix: 'mathclub/' },
    });
  });

  it('keeps images on disk and limits in memory unless S3 and Redis are configured; S3 needs its keys', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ s3: undefined, redisUrl: undefined });
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'imgs', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).s3).toMatchObject({ endpoint: 'https://s3.us-east-1.amazonaws.com', prefix: '' });
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'imgs' })).toThrow('S3_ACCESS_KEY_ID');
  });

  it('refuses unusable values with a message naming the variable', () => {
    const dataDir = tempDir();
    const bad: Record<string, string>[] = [
      { PORT: 'eighty' },
      { PORT: '70000' },
      { LOG_LEVEL: 'loud' },
      { TOKEN_TTL: 'forever' },
      { JWT_SECRET: 'short' },
      { PUBLIC_URL: 'not a url' },
      { TRUST_PROXY: 'maybe' },
      { LOGIN_RATE_LIMIT: '0' },
      { DATABASE_URL: 'mysql://x' },
      { REDIS_URL: 'http://cache:6379' },
      { S3_ENDPOINT: 'ftp://storage' },
      { CHECKER_THREADS: '0' },
      { DATABASE_POOL_SIZE: '0' },
      { DATABASE_POOL_SIZE: '1000' },
    ];
    for (const env of bad) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig({ DATA_DIR: dataDir, ...env }), name).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, ...env }), name).toThrow(name);
    }
  });

  it('ships the guessing and connection limits docs/security.md states, and reads each from its variable', () => {
    const shipped = loadConfig({ DATA_DIR: tempDir() });
    expect(shipped).toMatchObject({
      loginFreeFailures: 5,
      loginMaxDelaySeconds: 300,
      loginRateLimit: 10,
      loginFailureWindowSeconds: 86_400,
      passwordChangeFreeFailures: 5,
      requestIdleTimeoutMs: 30_000,
      requestTimeoutMs: 600_000,
      headersTimeoutMs: 20_000,
    });
    const set = loadConfig({ DATA_DIR: tempDir(), LOGIN_FREE_ATTEMPTS: '3', LOGIN_MAX_DELAY: '2m', REQUEST_IDLE_TIMEOUT: '45s', REQUEST_TIMEOUT: '15m', HEADERS_TIMEOUT: '10' });
    expect(set).toMatchObject({ loginFreeFailures: 3, passwordChangeFreeFailures: 3, loginMaxDelaySeconds: 120, requestIdleTimeoutMs: 45_000, requestTimeoutMs: 900_000, headersTimeoutMs: 10_000 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), REQUEST_IDLE_TIMEOUT: 'soon' })).toThrow(/REQUEST_IDLE_TIMEOUT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), LOGIN_FREE_ATTEMPTS: '0' })).toThrow(/LOGIN_FREE_ATTEMPTS/);
  });

  it('turns metrics on only with a METRICS_TOKEN of at least 16 characters, and reads SHUTDOWN_TIMEOUT (10 s by default)', () => {
    const base = tempDir();
    expect(loadConfig({ INIT_CWD: base })).toMatchObject({ metricsToken: undefined, shutdownTimeoutMs: 10_000 });
    // compose.yaml passes an unset variable on as empty.
    expect(loadConfig({ INIT_CWD: base, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ INIT_CWD: base, METRICS_TOKEN: 'x'.repeat(16), SHUTDOWN_TIMEOUT: '30s' })).toMatchObject({ metricsToken: 'x'.repeat(16), shutdownTimeoutMs: 30_000 });
    expect(() => loadConfig({ INIT_CWD: base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ INIT_CWD: base, SHUTDOWN_TIMEOUT: 'soon' })).toThrow(ConfigError);
  });

  it('parses durations', () => {
    expect(parseDuration('12h')).toBe(43_200);
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('2d')).toBe(172_800);
    expect(parseDuration('0')).toBeUndefined();
    expect(parseDuration('1w')).toBeUndefined();
  });

  it("reads the school's time zone for the leaderboards' week and month, refusing unknown zones", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).schoolTimeZone).toBe('Europe/Kyiv');
    expect(loadConfig({ DATA_DIR: dataDir, SCHOOL_TIME_ZONE: 'America/New_York' }).schoolTimeZone).toBe('America/New_York');
    for (const zone of ['Mars/Olympus', '']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SCHOOL_TIME_ZONE: zone }), zone).toThrow('SCHOOL_TIME_ZONE');
    }
  });
});
