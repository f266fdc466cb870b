import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { letEarlierInstancesSeeUs, migrateToLatest } from './db/migrate.js';
import { PasswordHasher } from './lib/passwords.js';
import { watchConnections } from './lib/unused-connections.js';
import { sweepOrphanImages } from './modules/files/orphan-sweep.js';
import { adminPasswordNotice, bootstrapAdmin } from './modules/users/bootstrap-admin.js';
/** Reads config, migrates, creates the first admin when needed, listens; closes cleanly on SIGTERM/SIGINT. */
async function main() {
    // Every file and folder the server creates (DATA_DIR, the database and its WAL, images, the
    // signing key) is its user's alone, whatever the shell's umask (022 made the database 0644).
    process.umask(0o077);
    let config;
    try {
        config = loadConfig(process.env);
    }
    catch (err) {
        if (err instanceof ConfigError) {
            console.error(err.message);
            process.exit(1);
        }
        throw err;
    }
    const database = createDb(config.databaseUrl, { poolSize: config.databasePoolSize });
    await letEarlierInstancesSeeUs(database);
    await migrateToLatest(database);
    const adminPassword = await bootstrapAdmin(database.db, new PasswordHasher(config.passwordHash), config.dataDir);
    if (adminPassword)
        console.log(adminPasswordNotice(adminPassword, config.dataDir));
    const app = await buildApp(config, { database });
    const connections = watchConnections(app.server);
    // SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (an upload
    // being received completes and is stored), close the database, exit 0. Requests that take longer
    // than SHUTDOWN_TIMEOUT (default 10 s) are cut: the process exits 1 then. Proven by
    // hardening/shutdown.test.ts (SIGTERM during a burst of submissions).
    let closing = false;
    const shutdownTimeoutMs = config.shutdownTimeoutMs ?? 10_000;
    const shutdown = (signal) => {
        if (closing)
            return;
        closing = true;
        app.log.info({ signal, timeoutMs: shutdownTimeoutMs }, 'shutting down: finishing the requests in flight');
        const force = setTimeout(() => {
            app.log.error({ timeoutMs: shutdownTimeoutMs }, 'requests still in flight after SHUTDOWN_TIMEOUT: exiting anyway');
            process.exit(1);
        }, shutdownTimeoutMs);
        force.unref();
        // Node closes the connections idle at close() once; a keep-alive connection whose request was
        // in flight then becomes idle afterwards and would hold the server open until its keep-alive
        // timeout (72 s). Closing unused connections every 100 ms ends each as soon as its answer is
        // sent, and ends at once those that never sent a whole request (lib/unused-connections.ts).
        const closeUnused = () => {
            app.server.closeIdleConnections();
            connections.close();
        };
        const closeIdle = setInterval(closeUnused, 100);
        closeIdle.unref();
        closeUnused();
        // The database closes only after app.close() has let in-flight requests finish: closing it in
        // an onClose hook raced them, and they answered 500 "driver has already been destroyed".
        app
            .close()
            .then(() => database.destroy())
            .then(() => {
            app.log.info('closed cleanly');
            process.exit(0);
        }, (err) => {
            app.log.error({ err }, 'error while closing');
            process.exit(1);
        });
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
    await app.listen({ port: config.port, host: config.host });
    // A crash between storing an upload and inserting its row leaves a file nobody can reach.
    sweepOrphanImages(database.db, app.images).then((removed) => removed > 0 && app.log.warn({ removed }, 'removed images that no task or solution names'), (err) => app.log.error({ err }, 'orphan image sweep failed'));
}
main().catch((err) => {
    console.error('Math Club server failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
});
//# sourceMappingURL=server.js.map