import { z } from 'zod';
import { copyTaskSchema, createTaskFormSchema, idParamsSchema, studentTaskSchema, taskSchema, teacherTaskSchema, updateTaskFormSchema, updateTaskSchema } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { answer, emptyAnswer, failure } from '../../plugins/openapi-responses.js';
import { formRoutes, readMultipartForm, withUploadSlot } from '../files/multipart.js';
import { TaskReads } from './tasks.reads.js';
import { TASK_IMAGE_FIELD, TasksService } from './tasks.service.js';
/** The file of a multipart PATCH, read before validation and used by its handler. */
const pendingImages = new WeakMap();
/**
 * A multipart edit's text fields as the JSON body would hold them: numbers as numbers, an empty
 * date as null (clear it), removeImage as a boolean; empty title, level, points or group are not
 * given. The shared schema then checks them exactly as it checks JSON.
 */
function taskEditFromForm(fields) {
    const body = {};
    for (const [name, value] of Object.entries(fields)) {
        if (['points', 'group', 'tolerance'].includes(name)) {
            if (value.trim() !== '')
                body[name] = Number(value);
        }
        else if (name === 'opensAt' || name === 'closesAt')
            body[name] = value.trim() === '' ? null : value;
        else if (name === 'removeImage')
            body[name] = value === 'true' ? true : value === 'false' ? false : value;
        else if (name === 'text' || name === 'answerKey' || value.trim() !== '')
            body[name] = value;
    }
    return body;
}
const taskListSchema = z.array(teacherTaskSchema);
/** The arena's list: its schema has no answer key, so the serializer could not write one. */
const studentTaskListSchema = z.array(studentTaskSchema);
/** /api/tasks: the lists, creation (multipart with an optional image), editing and soft deletion. */
export async function tasksRoutes(app) {
    const service = new TasksService(app.db, app.images, app.imageUrls, app.checker, app.live);
    const reads = new TaskReads(app.db, service);
    const r = app.withTypeProvider();
    r.get('/api/tasks', {
        schema: {
            tags: ['tasks'],
            operationId: 'listGroupTasks',
            summary: "Live tasks of the teacher's groups, newest first (teacher)",
            security: [{ bearerAuth: [] }],
            response: { 200: answer("The live tasks of the teacher's groups, newest first, with their answer keys and counts (answered, correct, waiting).", taskListSchema) },
        },
        onRequest: app.authorize('task.listGroups'),
        handler: async (request) => reads.forTeacher(currentUser(request)),
    });
    r.get('/api/tasks/mine', {
        schema: {
            tags: ['tasks'],
            operationId: 'listMyTasks',
            summary: "Live tasks of the caller's groups, newest first",
            security: [{ bearerAuth: [] }],
            response: { 200: answer("The live tasks of the caller's groups that have opened, newest first, without answer keys.", studentTaskListSchema) },
        },
        onRequest: app.authorize('task.listMine'),
        handler: async (request) => reads.forStudent(currentUser(request)),
    });
    // Creation and editing take forms: the multipart parser in a scope of their own (formRoutes).
    await formRoutes(app, (forms) => {
        const f = forms.withTypeProvider();
        f.post('/api/tasks', {
            schema: {
                tags: ['tasks'],
                operationId: 'createTask',
                summary: 'Create a task for one of your groups (teacher)',
                description: 'A multipart/form-data form: the fields below and an optional taskImage file. Text or image is required.',
                multipartBody: createTaskFormSchema,
                security: [{ bearerAuth: [] }],
                response: {
                    201: answer('The new task, with a signed link to its image if it has one.', taskSchema),
                    400: failure('A field is missing or wrong, the group is unknown, the answer key does not parse for its kind, or the image is not a supported picture; validationErrors names each field.'),
                    403: failure('You are not a teacher of this group.'),
                    413: failure('The image is over the size limit (IMAGE_TOO_LARGE, validationErrors.taskImage) or the form has too many parts.'),
                    415: failure('The body is not multipart/form-data.'),
                },
            },
            onRequest: app.authorize('task.create'),
            handler: async (request, reply) => {
                const task = await withUploadSlot(request, async () => service.create(currentUser(request), await readMultipartForm(request, TASK_IMAGE_FIELD)));
                return reply.code(201).send(task);
            },
        });
        f.patch('/api/tasks/:id', {
            schema: {
                tags: ['tasks'],
                operationId: 'updateTask',
                summary: 'Edit a task of your group (teacher): any of its fields, its image, its window, its answer key',
                description: 'Only the fields given change. JSON, or the same fields as multipart/form-data with a new taskImage file (removeImage: true drops the image). ' +
                    'Solutions are kept with their verdicts; new points count on every leaderboard at once. A move to another group is refused once the task has solutions.',
                security: [{ bearerAuth: [] }],
                params: idParamsSchema,
                body: updateTaskSchema,
                multipartAlternative: updateTaskFormSchema,
                response: {
                    200: answer('The task as it is now, with its answer key.', taskSchema),
                    400: failure('A field is wrong, text and image would both be gone, closesAt is not after opensAt, the group is unknown, or the answer key does not parse; validationErrors names each field.'),
                    403: failure("Only teachers of the task's group (and of the group it moves to) edit it."),
                    404: failure('No live task with this id.'),
                    409: failure('The task has solutions, so it cannot move to another group (TASK_HAS_SOLUTIONS).'),
                    413: failure('The new image is over the size limit.'),
                },
            },
            onRequest: app.authorize('task.update'),
            // A multipart edit becomes the same body as a JSON one before validation; the file waits for the handler.
            preValidation: async (request) => {
                if (!request.isMultipart())
                    return;
                const form = await withUploadSlot(request, async () => readMultipartForm(request, TASK_IMAGE_FIELD));
                request.body = taskEditFromForm(form.fields);
                pendingImages.set(request, form.file);
            },
            handler: async (request) => service.update(currentUser(request), request.params.id, request.body, pendingImages.get(request)),
        });
    });
    r.post('/api/tasks/:id/copy', {
        schema: {
            tags: ['tasks'],
            operationId: 'copyTask',
            summary: 'Duplicate a task of your group into another of your groups (teacher)',
            description: 'The copy has the same fields, image, window and answer key, no solutions, and you as its author.',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            body: copyTaskSchema,
            response: {
                201: answer('The new task.', taskSchema),
                400: failure('The group is missing or unknown (validationErrors.group).'),
                403: failure('You are not a teacher of the task\'s group or of the target group.'),
                404: failure('No live task with this id.'),
            },
        },
        onRequest: app.authorize('task.copy'),
        handler: async (request, reply) => reply.code(201).send(await service.copy(currentUser(request), request.params.id, request.body)),
    });
    r.delete('/api/tasks/:id', {
        schema: {
            tags: ['tasks'],
            operationId: 'deleteTask',
            summary: "Soft-delete a task of your group (teacher); another group's or a deleted task is 404",
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: { 204: emptyAnswer('The task is deleted (soft): it leaves every list.'), 404: failure('No live task with this id in your groups.') },
        },
        onRequest: app.authorize('task.delete'),
        handler: async (request, reply) => {
            await service.delete(currentUser(request), request.params.id);
            return reply.code(204).send();
        },
    });
}
//# sourceMappingURL=tasks.routes.js.map