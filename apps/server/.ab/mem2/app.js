import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, {} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createDb } from './db/database.js';
import { PasswordHasher } from './lib/passwords.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { answerKeyCheckRoutes } from './modules/checking/answer-key-check.routes.js';
import { registerChecker } from './modules/checking/app-checker.js';
import { logoutRoutes } from './modules/auth/logout.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { registerImages } from './modules/files/images.js';
import { createSessionUserLookup } from './modules/users/session-user-lookup.js';
import { groupsRoutes } from './modules/groups/groups.routes.js';
import { gradebookRoutes } from './modules/gradebook/gradebook.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { schoolRoutes } from './modules/school/school.routes.js';
import { setupRoutes } from './modules/setup/setup.routes.js';
import { registerMetrics } from './modules/metrics/metrics.routes.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { achievementsRoutes } from './modules/achievements/achievements.routes.js';
import { eventsRoutes } from './modules/live/events.routes.js';
import { registerLive } from './modules/live/live.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { answerGroupsRoutes } from './modules/solutions/answer-groups.routes.js';
import { solutionsRoutes } from './modules/solutions/solutions.routes.js';
import { snippetsRoutes } from './modules/snippets/snippets.routes.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { signInWarningsRoutes } from './modules/users/sign-in-warnings.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { rosterImportRoutes } from './modules/users/roster-import.routes.js';
import { registerAuth } from './plugins/auth.js';
import './plugins/context.js';
import { registerDocs } from './plugins/docs.js';
import { frameworkErrorReply, registerErrorHandling } from './plugins/errors.js';
import { registerGuessLimits } from './plugins/guess-limits.js';
import { registerNoStore } from './plugins/no-store.js';
import { registerRouteList } from './plugins/route-list.js';
import { registerSecurity } from './plugins/security.js';
import { registerSharedState } from './plugins/shared-state.js';
import { serializerCompiler } from './plugins/serializer.js';
import { registerWeb } from './plugins/web.js';
/** The whole HTTP application: plugins, then API modules, then the web app. Never listens. */
export async function buildApp(config, options = {}) {
    const database = options.database ?? createDb(config.databaseUrl, { poolSize: config.databasePoolSize });
    const app = Fastify({
        logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
        bodyLimit: config.bodyLimit,
        // Nobody holds a connection, or an upload slot, by sending slowly or not at all: a silent
        // connection is closed after the idle timeout, a request must arrive within the request
        // timeout, its headers within the headers timeout (docs/security.md, "Uploads").
        connectionTimeout: config.requestIdleTimeoutMs,
        requestTimeout: config.requestTimeoutMs,
        // Node checks the request and headers timeouts at this interval (30 s by default).
        http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(5_000, config.headersTimeoutMs) },
        trustProxy: config.trustProxy,
        // Keep Fastify's secure-json-parse defaults: __proto__ / constructor.prototype keys are refused.
        onProtoPoisoning: 'error',
        onConstructorPoisoning: 'error',
        routerOptions: { maxParamLength: 200 },
        // Broken URLs the router refuses itself still answer in the API error shape.
        frameworkErrors: frameworkErrorReply,
    });
    // JSON only (multipart routes add their own parser): any other body type answers 415.
    app.removeContentTypeParser('text/plain');
    // Same secure parser as Fastify's (prototype poisoning refused), but an empty body is "no body",
    // so a DELETE sent with a JSON content type and nothing in it is not an error.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '')
            return done(null, undefined);
        return parseJson(request, text, done);
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', config);
    app.decorate('db', database.db);
    app.decorate('dialect', database.dialect);
    app.decorate('passwords', new PasswordHasher(config.passwordHash));
    app.decorate('sessionUser', createSessionUserLookup(database));
    registerImages(app, config);
    registerChecker(app, config);
    if (!options.database)
        app.addHook('onClose', async () => database.destroy());
    registerRouteList(app);
    registerMetrics(app, config);
    registerErrorHandling(app);
    await registerSharedState(app, config);
    registerGuessLimits(app, config);
    await registerSecurity(app, config);
    await registerDocs(app, config);
    await registerAuth(app, config);
    registerNoStore(app);
    // API answers of 1 KB or more go as brotli or gzip, as the client accepts; live streams never do.
    // The web app's assets are precompressed at build time: their routes are left out. Brotli at
    // quality 2 in a 256 KB window (its 4 MB default allocates megabytes per answer; quality 4 took
    // twice the CPU for a few per cent of bytes), in one call up to 128 KB (bench/README.md).
    app.addHook('onRoute', (route) => {
        if (!route.url.startsWith('/api/'))
            route.compress = false;
    });
    await app.register(fastifyCompress, {
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
        syncThreshold: 128 * 1024,
    });
    await registerLive(app, config, database);
    await app.register(healthRoutes);
    await app.register(authRoutes);
    await app.register(logoutRoutes);
    await app.register(usersRoutes);
    await app.register(rosterImportRoutes);
    await app.register(signInWarningsRoutes);
    await app.register(groupsRoutes);
    await app.register(leaderboardRoutes);
    await app.register(gradebookRoutes);
    await app.register(schoolRoutes);
    await app.register(setupRoutes);
    await app.register(filesRoutes);
    await app.register(tasksRoutes);
    await app.register(solutionsRoutes);
    await app.register(answerGroupsRoutes);
    await app.register(snippetsRoutes);
    await app.register(answerKeyCheckRoutes);
    await app.register(eventsRoutes);
    await app.register(notificationsRoutes);
    await app.register(achievementsRoutes);
    // Further API modules register here, before the web app.
    await registerWeb(app, config);
    return app;
}
//# sourceMappingURL=app.js.map