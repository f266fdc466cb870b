import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
/** OWASP's argon2id recommendation (19 MiB, 2 passes, 1 lane). */
export const PRODUCTION_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Resolves the repository's apps/web/dist from this file's location (src/ or dist/ alike). */
const defaultWebDist = () => fileURLToPath(new URL('../../web/dist', import.meta.url));
const booleanEnv = z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = z.coerce.number().int().positive();
/** True when Intl knows the IANA zone name (Europe/Kyiv, UTC…). */
export function isTimeZone(name) {
    try {
        new Intl.DateTimeFormat('en', { timeZone: name });
        return name.length > 0;
    }
    catch {
        return false;
    }
}
/** "12h", "30m", "45s", "2d" or a number of seconds. */
export function parseDuration(text) {
    const m = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(text);
    if (!m)
        return undefined;
    const n = Number(m[1]);
    const unit = (m[2] ?? '').toLowerCase();
    const factor = unit === 'm' ? 60 : unit === 'h' ? 3600 : unit === 'd' ? 86_400 : 1;
    const seconds = n * factor;
    return seconds > 0 ? seconds : undefined;
}
/** A duration variable (5m, 30s, 1h or seconds), in seconds. */
const durationEnv = (fallback, name) => z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
    const s = parseDuration(v);
    if (s === undefined)
        ctx.addIssue({ code: 'custom', message: `${name} must look like 30s, 5m, 1h or a number of seconds` });
    return s ?? 0;
});
const envSchema = z.object({
    /** TCP port the server listens on. */
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    /** Interface to bind; 0.0.0.0 listens on every interface. */
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Where the SQLite database, images and secrets live. Relative paths start at the directory npm was run from. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** Database connection; unset → SQLite file DATA_DIR/mathclub.sqlite; postgres://… → PostgreSQL. */
    DATABASE_URL: z.string().min(1).optional(),
    /**
     * PostgreSQL: the connections requests share. 20, not pg's 10: in the bench's mixed run on two
     * cores, answers and verdicts queued for a connection (5 waiting on average) while PostgreSQL
     * had CPU to spare; with 20 every kind's p99 was 47–94 ms instead of 63–148, for 9 % fewer
     * requests a second. Each connection is a PostgreSQL process: mind max_connections (100 by
     * default) when running several instances.
     */
    DATABASE_POOL_SIZE: positiveInt.max(200).default(20),
    /** HMAC key for access tokens; unset → generated once and kept in DATA_DIR/jwt-secret (0600). */
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    /** Pino log level. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The address users reach the app at (https://… turns on HSTS). Optional. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Access token lifetime: 12h, 30m, 1d or seconds. */
    TOKEN_TTL: z
        .string()
        .default('12h')
        .transform((v, ctx) => {
        const s = parseDuration(v);
        if (s === undefined)
            ctx.addIssue({ code: 'custom', message: 'TOKEN_TTL must look like 12h, 30m, 1d or a number of seconds' });
        return s ?? 0;
    }),
    /** Built web app to serve (default apps/web/dist). */
    WEB_DIST_DIR: z.string().min(1).optional(),
    /**
     * Failed sign-ins for one login from all addresses in 24 h after which every address gets a single
     * free guess for it (then waits), and teachers see the account flagged. Nobody is locked out.
     */
    LOGIN_RATE_LIMIT: positiveInt.default(10),
    /** Wrong passwords per login and address answered at once; then waits of 1 s, 2 s, 4 s… */
    LOGIN_FREE_ATTEMPTS: positiveInt.default(5),
    /** The longest wait between two guesses from one address for one login: 5m, 300 or similar. */
    LOGIN_MAX_DELAY: durationEnv('5m', 'LOGIN_MAX_DELAY'),
    /**
     * API requests allowed per IP per minute (pages and assets are not counted). Sized for a whole
     * classroom sharing one school NAT address; behind a reverse proxy set TRUST_PROXY=true.
     */
    RATE_LIMIT_PER_IP: positiveInt.default(600),
    /** Login attempts allowed per IP per minute (a class signing in at once shares one NAT address). */
    LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(60),
    /** Sign-ups accepted per IP per hour (each costs a deliberately slow password hash). */
    SIGNUP_RATE_LIMIT_PER_IP: positiveInt.default(60),
    /** Join-code attempts per account per 15 minutes (PRODUCT.md §13). */
    JOIN_RATE_LIMIT_PER_USER: positiveInt.default(10),
    /** Join-code attempts per address per 15 minutes: a few classes typing codes behind one NAT address. */
    JOIN_RATE_LIMIT_PER_IP: positiveInt.default(300),
    /**
     * Live streams one address may hold open on one instance (each account holds at most 5): a
     * school's students behind one NAT address, a tab or two each.
     */
    LIVE_STREAMS_PER_ADDRESS: positiveInt.default(300),
    /** A connection silent this long is closed (a stalled upload gives its slot back): 30s, 1m… */
    REQUEST_IDLE_TIMEOUT: durationEnv('30s', 'REQUEST_IDLE_TIMEOUT'),
    /** The longest a whole request may take to arrive: 10 min lets 5 MB through a 70 kbit/s line. */
    REQUEST_TIMEOUT: durationEnv('10m', 'REQUEST_TIMEOUT'),
    /** The longest a request's headers may take to arrive. */
    HEADERS_TIMEOUT: durationEnv('20s', 'HEADERS_TIMEOUT'),
    /** true when behind a reverse proxy that sets X-Forwarded-For (needed for per-IP limits there). */
    TRUST_PROXY: booleanEnv.default(false),
    /** IANA time zone for the leaderboards' week (from Monday 00:00) and month (from the 1st 00:00). */
    SCHOOL_TIME_ZONE: z
        .string()
        .default('Europe/Kyiv')
        .refine(isTimeZone, 'SCHOOL_TIME_ZONE must be an IANA time zone such as Europe/Kyiv'),
    /** redis:// or rediss:// URL: rate limits and login throttles shared by every instance. Unset → kept in memory. */
    REDIS_URL: z
        .string()
        .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
        .optional(),
    /** Prefix of the app's Redis keys. */
    REDIS_KEY_PREFIX: z.string().min(1).default('mathclub:'),
    /** Bucket for images in S3-compatible object storage; unset → images on disk under DATA_DIR. */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    /** The storage's address (path-style requests); unset → AWS S3 in S3_REGION. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Prepended to object names, e.g. "mathclub/". */
    S3_PREFIX: z.string().default(''),
    /** Worker threads checking answers against keys; each holds its own algebra engine (tens of MB). */
    CHECKER_THREADS: positiveInt.max(64).default(2),
    /** Bearer token that GET /api/metrics (Prometheus) requires; unset or empty → the route does not exist. */
    METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
    /** The longest a SIGTERM waits for in-flight requests before exiting: 10s, 30s… */
    SHUTDOWN_TIMEOUT: durationEnv('10s', 'SHUTDOWN_TIMEOUT'),
});
/** Thrown for unusable configuration; server.ts prints it and exits non-zero. */
export class ConfigError extends Error {
}
/** Reads DATA_DIR/jwt-secret, creating it (0600) with 48 random bytes when missing. */
export function readOrCreateJwtSecret(dataDir) {
    const file = path.join(dataDir, 'jwt-secret');
    if (existsSync(file)) {
        const secret = readFileSync(file, 'utf8').trim();
        if (secret.length >= 32)
            return secret;
        throw new ConfigError(`${file} holds a secret shorter than 32 characters; delete it to generate a new one`);
    }
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return secret;
}
/** Turns the environment into a Config, creating DATA_DIR and the JWT secret when needed. */
export function loadConfig(env = process.env) {
    const parsed = envSchema.safeParse(env);
    if (!parsed.success) {
        const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
        throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
    }
    const e = parsed.data;
    // `npm start` runs the server inside apps/server; INIT_CWD is where the user typed the command.
    const base = env.INIT_CWD || process.cwd();
    const dataDir = path.resolve(base, e.DATA_DIR);
    try {
        // Private to the server's user: it holds pupils' work, the signing key and the owner's password.
        mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    }
    catch (err) {
        throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${err.message}`);
    }
    const databaseUrl = e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'mathclub.sqlite')}`;
    if (!/^(postgres|postgresql):\/\//.test(databaseUrl) && !/^(sqlite|file):/.test(databaseUrl)) {
        throw new ConfigError('Invalid configuration:\n  DATABASE_URL: use postgres://… or sqlite:<path>');
    }
    if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
        throw new ConfigError('Invalid configuration:\n  S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
    }
    const s3 = e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            prefix: e.S3_PREFIX,
        }
        : undefined;
    return {
        port: e.PORT,
        host: e.HOST,
        dataDir,
        databaseUrl,
        databasePoolSize: e.DATABASE_POOL_SIZE,
        jwtSecret: e.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
        logLevel: e.LOG_LEVEL,
        publicUrl: e.PUBLIC_URL,
        tokenTtlSeconds: e.TOKEN_TTL,
        webDistDir: e.WEB_DIST_DIR ? path.resolve(base, e.WEB_DIST_DIR) : defaultWebDist(),
        loginRateLimit: e.LOGIN_RATE_LIMIT,
        loginFreeFailures: e.LOGIN_FREE_ATTEMPTS,
        loginMaxDelaySeconds: e.LOGIN_MAX_DELAY,
        loginFailureWindowSeconds: 24 * 60 * 60,
        passwordChangeFreeFailures: e.LOGIN_FREE_ATTEMPTS,
        rateLimitPerIp: e.RATE_LIMIT_PER_IP,
        loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
        signUpRateLimitPerIp: e.SIGNUP_RATE_LIMIT_PER_IP,
        joinRateLimitPerUser: e.JOIN_RATE_LIMIT_PER_USER,
        joinRateLimitPerIp: e.JOIN_RATE_LIMIT_PER_IP,
        liveStreamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
        trustProxy: e.TRUST_PROXY,
        bodyLimit: 1024 * 1024,
        requestIdleTimeoutMs: e.REQUEST_IDLE_TIMEOUT * 1000,
        requestTimeoutMs: e.REQUEST_TIMEOUT * 1000,
        headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT, e.REQUEST_TIMEOUT) * 1000,
        passwordHash: PRODUCTION_HASH_COST,
        schoolTimeZone: e.SCHOOL_TIME_ZONE,
        redisUrl: e.REDIS_URL,
        redisKeyPrefix: e.REDIS_KEY_PREFIX,
        s3,
        checkerThreads: e.CHECKER_THREADS,
        metricsToken: e.METRICS_TOKEN,
        shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
    };
}
//# sourceMappingURL=config.js.map