import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app.js';
import { createDb } from '../db/database.js';
import { migrateToLatest, migrateUpTo } from '../db/migrate.js';
import { checkResponsesAgainstDocument } from './openapi-response-check.js';
/** Which databases the suites run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabases() {
    return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}
/** Cheap argon2id settings so suites stay fast; production uses PRODUCTION_HASH_COST. */
export const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
/** A config for tests: temporary DATA_DIR, silent logs, generous rate limits unless overridden. */
export function testConfig(dataDir, overrides = {}) {
    return {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl: `sqlite:${path.join(dataDir, 'test.sqlite')}`,
        databasePoolSize: 10,
        jwtSecret: randomBytes(32).toString('hex'),
        logLevel: 'silent',
        publicUrl: undefined,
        tokenTtlSeconds: 3600,
        webDistDir: path.join(dataDir, 'no-web-build'),
        loginRateLimit: 1000,
        loginFreeFailures: 1000,
        loginMaxDelaySeconds: 300,
        loginFailureWindowSeconds: 24 * 60 * 60,
        passwordChangeFreeFailures: 1000,
        rateLimitPerIp: 100_000,
        loginRateLimitPerIp: 100_000,
        signUpRateLimitPerIp: 100_000,
        joinRateLimitPerUser: 100_000,
        joinRateLimitPerIp: 100_000,
        trustProxy: false,
        bodyLimit: 1024 * 1024,
        requestIdleTimeoutMs: 30_000,
        requestTimeoutMs: 600_000,
        headersTimeoutMs: 20_000,
        passwordHash: TEST_HASH_COST,
        schoolTimeZone: 'Europe/Kyiv',
        redisUrl: undefined,
        redisKeyPrefix: 'mathclub-test:',
        s3: undefined,
        // One checker thread per test app: the machine's cores are shared by the suites.
        checkerThreads: 1,
        ...overrides,
    };
}
/**
 * Opens a migrated database: a fresh SQLite file, or a fresh randomly named PostgreSQL schema.
 * `upTo` stops after that migration (an "older release" for upgrade tests).
 */
export async function openTestDatabase(dialect, dataDir, upTo) {
    const migrate = (database) => (upTo === undefined ? migrateToLatest(database) : migrateUpTo(database, upTo));
    if (dialect === 'sqlite') {
        const database = createDb(`sqlite:${path.join(dataDir, 'test.sqlite')}`);
        await migrate(database);
        return { database, drop: async () => { } };
    }
    const url = process.env.TEST_DATABASE_URL;
    if (!url)
        throw new Error('TEST_DATABASE_URL is not set');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const database = createDb(url, { searchPath: schema, poolSize: 4 });
    const drop = async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
    };
    try {
        await migrate(database);
    }
    catch (err) {
        await database.destroy();
        await drop();
        throw err;
    }
    return { database, drop };
}
/** A fresh app on a fresh database; call `close()` in afterAll. */
export async function buildTestApp(dialect = 'sqlite', overrides = {}) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-test-'));
    return buildTestAppOn(dialect, dataDir, await openTestDatabase(dialect, dataDir), overrides);
}
/** An app on an open, migrated database in `dataDir`; `close()` closes both, then calls `drop` and removes the directory. */
export async function buildTestAppOn(dialect, dataDir, opened, overrides = {}) {
    const { database, drop } = opened;
    const config = testConfig(dataDir, overrides);
    const app = await buildApp(config, { database });
    // Every answer is checked against the app's own OpenAPI document (openapi-check-setup.ts fails the test).
    checkResponsesAgainstDocument(app);
    await app.ready();
    return {
        app,
        database,
        db: database.db,
        dialect,
        config,
        dataDir,
        close: async () => {
            await app.close();
            await database.destroy();
            await drop();
            rmSync(dataDir, { recursive: true, force: true });
        },
    };
}
//# sourceMappingURL=build-test-app.js.map