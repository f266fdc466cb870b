import { idParamSchema, importResponseSchema, ROSTER_MAX_BYTES, rosterImportFormSchema } from '@mathclub/shared';
import { AppError, validationError } from '../../lib/app-error.js';
import { currentUser } from '../../plugins/auth.js';
import { errorBody } from '../../plugins/errors.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { readMultipartForm, registerMultipart, withUploadSlot } from '../files/multipart.js';
import { RosterImportService, RosterRejected } from './roster-import.service.js';
const FILE_FIELD = 'file';
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', { validationErrors: { file: 'rosterImport.error.tooLarge' } });
/**
 * POST /api/users/import (PRODUCT.md §13), in a plugin of its own: the multipart parser is
 * registered for this route only, so the JSON routes of /api/users keep refusing form uploads.
 */
export async function rosterImportRoutes(app) {
    await registerMultipart(app);
    const service = new RosterImportService(app.db, app.passwords);
    const r = app.withTypeProvider();
    r.post('/api/users/import', {
        schema: {
            tags: ['users'],
            operationId: 'importRoster',
            summary: 'Bring a class in from a CSV file (teachers of the group)',
            description: 'multipart/form-data with `group` and `file`. Creates activated students in the group with logins made from their names ' +
                '(Ukrainian transliterated by the 2010 national table, made unique) and random readable passwords, returned only this once. ' +
                'All or nothing: any bad row answers 400 with `errors: [{line, field, message}]` and creates nobody.',
            multipartBody: rosterImportFormSchema,
            security: [{ bearerAuth: [] }],
            response: {
                201: answer('The students created, each with a login and a password to print on a card.', importResponseSchema),
                400: failure('The form or the file is wrong; for bad rows `errors` lists each problem with its line (ROSTER_INVALID message, validationErrors.file), and nothing was created.'),
                403: failure('You are not a teacher of this group.'),
                404: failure('No group with this id.'),
                413: failure(`The file is over ${ROSTER_MAX_BYTES} bytes (validationErrors.file).`),
                415: failure('The body is not multipart/form-data.'),
            },
        },
        onRequest: app.authorize('user.import'),
        handler: async (request, reply) => {
            try {
                const created = await withUploadSlot(request, async () => {
                    const form = await readMultipartForm(request, FILE_FIELD).catch((err) => {
                        throw err instanceof AppError && err.code === 'IMAGE_TOO_LARGE' ? tooLarge() : err;
                    });
                    const group = idParamSchema.safeParse(form.fields.group ?? '');
                    const errors = {};
                    if (!group.success || form.fields.group === undefined)
                        errors.group = 'rosterImport.error.groupRequired';
                    if (!form.file)
                        errors.file = 'rosterImport.error.fileRequired';
                    if (Object.keys(errors).length > 0)
                        throw validationError(errors);
                    if (form.file.data.length > ROSTER_MAX_BYTES)
                        throw tooLarge();
                    return service.import(currentUser(request), group.data, form.file.data);
                });
                return reply.code(201).send(created);
            }
            catch (err) {
                if (!(err instanceof RosterRejected))
                    throw err;
                const body = { ...errorBody(request, 400, err.code, err.messageKey, err.validationErrors), errors: err.errors };
                return reply.code(400).header('cache-control', 'no-store').send(body);
            }
        },
    });
}
//# sourceMappingURL=roster-import.routes.js.map