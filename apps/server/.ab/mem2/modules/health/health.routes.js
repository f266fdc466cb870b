import { healthSchema } from '@mathclub/shared';
import { pingDb } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { answer } from '../../plugins/openapi-responses.js';
/** Load-balancer probes: the process is up; the database answers. */
export async function healthRoutes(app) {
    const r = app.withTypeProvider();
    r.get('/api/health', {
        schema: { tags: ['health'], operationId: 'checkHealth', summary: 'The process is up', security: [], response: { 200: answer('The process is up.', healthSchema) } },
        handler: async () => ({ status: 'ok' }),
    });
    r.get('/api/ready', {
        schema: { tags: ['health'], operationId: 'checkReady', summary: 'The database answers and has room', security: [], response: { 200: answer('The database answers and no write was refused for want of disk space in the last minute: this instance can take requests.', healthSchema) } },
        handler: async () => {
            if (!(await pingDb(app.db)))
                throw new AppError('SERVICE_UNAVAILABLE');
            // Answers but cannot store: a load balancer or monitor should hear of it (lib/disk-full.ts).
            if (app.diskFull.full)
                throw new AppError('DISK_FULL', { retryAfterSeconds: 60 });
            return { status: 'ok' };
        },
    });
}
//# sourceMappingURL=health.routes.js.map