import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gradebookSchema, gradebookWeeksSchema, idParamsSchema } from '@mathclub/shared';
import { ReadCache } from '../../db/read-cache.js';
import { pickLanguage } from '../../i18n/messages.js';
import { currentUser } from '../../plugins/auth.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { jsonEncoder, sendJsonBytes } from '../../plugins/serializer.js';
import { GradebookExporter } from './gradebook-export.js';
import type { GradebookBytes } from './gradebook-bytes.js';
import { GradebookCache } from './gradebook-cache.js';
import { GradebookService } from './gradebook.service.js';

const binary = (description: string, mediaType: string) => ({
  description,
  content: { [mediaType]: { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
});
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const refusals = {
  403: failure('You are not a teacher of this group.'),
  404: failure('No group with this id.'),
};

/** /api/groups/{id}/gradebook: the matrix as JSON, CSV and XLSX, and the weekly chart (PRODUCT.md §11). */
export async function gradebookRoutes(app: FastifyInstance): Promise<void> {
  const service = new GradebookService(app.db, app.config.schoolTimeZone);
  const exporter = new GradebookExporter();
  app.addHook('onClose', async () => exporter.close());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const encodeWeeks = jsonEncoder(gradebookWeeksSchema);
  const cache = new ReadCache(app.changeTokens, { name: 'gradebook-weeks', maxEntries: 200 });

  const books = new GradebookCache(app.db, service, app.changeTokens);

  /** A group's matrix, ready to send (gradebook-cache.ts); the access check runs on every request. */
  const bookBytes = async (request: FastifyRequest, groupId: number): Promise<GradebookBytes> => {
    await service.authorize(currentUser(request), groupId);
    return books.get(groupId, request.changeCounters);
  };

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
    handler: async (request, reply) => (await bookBytes(request, request.params.id)).send(request, reply),
  });

  for (const format of ['csv', 'xlsx'] as const) {
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
        const book = await bookBytes(request, request.params.id);
        const bytes = await exporter.run({ json: book.bytes, format, language: pickLanguage(request.headers['accept-language']) });
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
    handler: async (request, reply) => {
      const groupId = request.params.id;
      await service.authorize(currentUser(request), groupId);
      const body = await cache.get(`weeks:${groupId}:${new Date().toISOString().slice(0, 13)}`, { groups: [groupId], tasksOf: [groupId] }, async () => encodeWeeks(await service.weeks(groupId)), request.changeCounters);
      return sendJsonBytes(request, reply, body);
    },
  });
}
