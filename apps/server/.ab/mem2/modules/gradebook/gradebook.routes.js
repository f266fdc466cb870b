import { z } from 'zod';
import { gradebookSchema, gradebookWeeksSchema, idParamsSchema } from '@mathclub/shared';
import { pickLanguage } from '../../i18n/messages.js';
import { currentUser } from '../../plugins/auth.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { GradebookExporter } from './gradebook-export.js';
import { GradebookService } from './gradebook.service.js';
const binary = (description, mediaType) => ({
    description,
    content: { [mediaType]: { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
});
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const refusals = {
    403: failure('You are not a teacher of this group.'),
    404: failure('No group with this id.'),
};
/** /api/groups/{id}/gradebook: the matrix as JSON, CSV and XLSX, and the weekly chart (PRODUCT.md §11). */
export async function gradebookRoutes(app) {
    const service = new GradebookService(app.db, app.config.schoolTimeZone);
    const exporter = new GradebookExporter();
    app.addHook('onClose', async () => exporter.close());
    const r = app.withTypeProvider();
    r.get('/api/groups/:id/gradebook', {
        schema: {
            tags: ['gradebook'],
            operationId: 'getGradebook',
            summary: "A group's students × tasks matrix (teachers of the group)",
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: { 200: answer('Every activated student × live task of the group: state, attempts and points earned (as on the leaderboard).', gradebookSchema), ...refusals },
        },
        onRequest: app.authorize('gradebook.read'),
        handler: async (request) => service.matrixFor(currentUser(request), request.params.id),
    });
    for (const format of ['csv', 'xlsx']) {
        r.get(`/api/groups/:id/gradebook.${format}`, {
            schema: {
                tags: ['gradebook'],
                operationId: format === 'csv' ? 'getGradebookCsv' : 'getGradebookXlsx',
                summary: `The gradebook as ${format === 'csv' ? 'CSV (UTF-8 with BOM, for Excel)' : 'an Excel workbook'}, headers in the Accept-Language (teachers of the group)`,
                security: [{ bearerAuth: [] }],
                params: idParamsSchema,
                response: {
                    200: binary('One row per student: a correct task shows the points it earned, an incorrect or waiting one the word for it; then total points and solved tasks.', format === 'csv' ? 'text/csv' : XLSX_TYPE),
                    ...refusals,
                },
            },
            onRequest: app.authorize('gradebook.read'),
            handler: async (request, reply) => {
                const book = await service.matrixFor(currentUser(request), request.params.id);
                const bytes = await exporter.run({ book, format, language: pickLanguage(request.headers['accept-language']) });
                return reply
                    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
                    .header('content-disposition', `attachment; filename="gradebook-${request.params.id}.${format}"`)
                    .send(bytes);
            },
        });
    }
    r.get('/api/groups/:id/gradebook/weeks', {
        schema: {
            tags: ['gradebook'],
            operationId: 'getGradebookWeeks',
            summary: "Solutions the group's students sent per week, the last 12 weeks (teachers of the group)",
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: { 200: answer('Oldest week first; weeks start on Monday 00:00 in SCHOOL_TIME_ZONE; empty weeks included.', gradebookWeeksSchema), ...refusals },
        },
        onRequest: app.authorize('gradebook.read'),
        handler: async (request) => {
            await service.authorize(currentUser(request), request.params.id);
            return service.weeks(request.params.id);
        },
    });
}
//# sourceMappingURL=gradebook.routes.js.map