import { z } from 'zod';
import { groupNameSchema, groupSettingsSchema, groupSettingsUpdateSchema, groupSummarySchema, idParamsSchema, joinCodeResponseSchema, joinGroupSchema, profileUpdateResponseSchema, } from '@mathclub/shared';
import { consumeOrRefuse } from '../../lib/rate-limited.js';
import { currentUser } from '../../plugins/auth.js';
import { answer, emptyAnswer, failure } from '../../plugins/openapi-responses.js';
import { findUserById } from '../users/users.repository.js';
import { GroupsService } from './groups.service.js';
import { JoinCodes } from './join-codes.js';
import { joinLimits } from './join-limits.js';
/** /api/groups. */
export async function groupsRoutes(app) {
    const service = new GroupsService(app.db, new JoinCodes(app.config.jwtSecret));
    const limits = joinLimits(app);
    const r = app.withTypeProvider();
    r.get('/api/groups', {
        schema: {
            tags: ['groups'],
            operationId: 'listGroups',
            summary: 'Every group with its counts (students: open groups and their own)',
            security: [{ bearerAuth: [] }],
            response: { 200: answer('Every group, by name, with its student, teacher and task counts; a student is not shown closed groups other than their own.', z.array(groupSummarySchema)) },
        },
        onRequest: app.authorize('group.list'),
        handler: async (request) => service.list(currentUser(request)),
    });
    r.post('/api/groups/join', {
        schema: {
            tags: ['groups'],
            operationId: 'joinGroup',
            summary: "Join a group by its code (student); answers with a fresh token",
            description: `PRODUCT.md §13: the student moves into the group the code opens (closed groups too). Attempts are limited per account and per address (JOIN_RATE_LIMIT_PER_USER, JOIN_RATE_LIMIT_PER_IP per 15 minutes).`,
            security: [{ bearerAuth: [] }],
            body: joinGroupSchema,
            response: {
                200: answer('The student, now in that group, and a fresh token that says the same.', profileUpdateResponseSchema),
                400: failure('The code opens no group (wrong, mistyped or rotated): validationErrors.code.'),
                429: failure('Too many attempts from this account or address; wait the Retry-After seconds.'),
            },
        },
        onRequest: app.authorize('group.join'),
        handler: async (request) => {
            const actor = currentUser(request);
            await consumeOrRefuse(limits.perAddress, request.ip);
            await consumeOrRefuse(limits.perUser, String(actor.id));
            await service.join(actor, request.body.code);
            const user = (await findUserById(app.db, actor.id));
            // The join's token belongs to the caller's session: same jti (logout ends both), same expiry.
            return { user, access_token: app.issueToken(user, request.session) };
        },
    });
    r.get('/api/groups/:id/settings', {
        schema: {
            tags: ['groups'],
            operationId: 'getGroupSettings',
            summary: "A group's join code and settings (teachers of the group)",
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: {
                200: answer('The live join code (null before the first) and the closed, activate-on-join and short-names switches.', groupSettingsSchema),
                403: failure('Only teachers of this group see its code.'),
                404: failure('No group with this id.'),
            },
        },
        onRequest: app.authorize('group.configure'),
        handler: async (request) => service.settings(currentUser(request), request.params.id),
    });
    r.patch('/api/groups/:id/settings', {
        schema: {
            tags: ['groups'],
            operationId: 'updateGroupSettings',
            summary: "Change a group's closed, activate-on-join or leaderboard short-names switch (teachers of the group)",
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            body: groupSettingsUpdateSchema,
            response: {
                200: answer('The settings as changed.', groupSettingsSchema),
                403: failure('Only teachers of this group change its settings.'),
                404: failure('No group with this id.'),
            },
        },
        onRequest: app.authorize('group.configure'),
        handler: async (request) => service.updateSettings(currentUser(request), request.params.id, request.body),
    });
    r.post('/api/groups/:id/join-code', {
        schema: {
            tags: ['groups'],
            operationId: 'rotateJoinCode',
            summary: "Create or rotate a group's join code (teachers of the group)",
            description: 'PRODUCT.md §13: 8 characters without look-alikes; the previous code stops working at once. The code is not stored: a copy of the database does not reveal it.',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: {
                200: answer('The new code.', joinCodeResponseSchema),
                403: failure('Only teachers of this group make its code.'),
                404: failure('No group with this id.'),
            },
        },
        onRequest: app.authorize('group.configure'),
        handler: async (request) => ({ code: await service.rotateCode(currentUser(request), request.params.id) }),
    });
    r.post('/api/groups', {
        schema: {
            tags: ['groups'],
            operationId: 'createGroup',
            summary: 'Create a group (teacher; joins it)',
            security: [{ bearerAuth: [] }],
            body: groupNameSchema,
            response: {
                201: answer('The new group; the teacher who created it is a member.', groupSummarySchema),
                400: failure('The name is missing, too long, or taken by another group (GROUP_NAME_TAKEN); validationErrors.name says which.'),
            },
        },
        onRequest: app.authorize('group.manage'),
        handler: async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body.name)),
    });
    r.patch('/api/groups/:id', {
        schema: {
            tags: ['groups'],
            operationId: 'renameGroup',
            summary: 'Rename a group (teacher)',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            body: groupNameSchema,
            response: {
                200: answer('The renamed group.', groupSummarySchema),
                400: failure('The name is missing, too long, or taken by another group (GROUP_NAME_TAKEN); validationErrors.name says which.'),
            },
        },
        onRequest: app.authorize('group.manage'),
        handler: async (request) => service.rename(request.params.id, request.body.name),
    });
    r.delete('/api/groups/:id', {
        schema: {
            tags: ['groups'],
            operationId: 'deleteGroup',
            summary: 'Delete an unused group (teacher)',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: {
                204: emptyAnswer('The group is deleted.'),
                409: failure('The group still has students or tasks (GROUP_NOT_EMPTY); move or delete them first.'),
            },
        },
        onRequest: app.authorize('group.manage'),
        handler: async (request, reply) => {
            await service.delete(request.params.id);
            return reply.code(204).send();
        },
    });
}
//# sourceMappingURL=groups.routes.js.map