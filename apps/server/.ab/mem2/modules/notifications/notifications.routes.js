import { z } from 'zod';
import { notificationListSchema, readNotificationsSchema } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { answer } from '../../plugins/openapi-responses.js';
import { NotificationsService } from './notifications.service.js';
const unreadSchema = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });
/** /api/notifications: the caller's own notifications and marking them read. */
export async function notificationsRoutes(app) {
    const service = new NotificationsService(app.db);
    const r = app.withTypeProvider();
    r.get('/api/notifications', {
        schema: {
            tags: ['notifications'],
            operationId: 'listNotifications',
            summary: 'Your newest notifications (newest first, at most 50) and how many are unread',
            security: [{ bearerAuth: [] }],
            response: { 200: answer('Your notifications and the unread count.', notificationListSchema) },
        },
        onRequest: app.authorize('notification.list'),
        handler: async (request) => service.list(currentUser(request)),
    });
    r.post('/api/notifications/read', {
        schema: {
            tags: ['notifications'],
            operationId: 'readNotifications',
            summary: 'Mark some of your notifications read (ids that are not yours are ignored)',
            security: [{ bearerAuth: [] }],
            body: readNotificationsSchema,
            response: { 200: answer('How many of your notifications are still unread.', unreadSchema) },
        },
        onRequest: app.authorize('notification.read'),
        handler: async (request) => service.markRead(currentUser(request), request.body.ids),
    });
}
//# sourceMappingURL=notifications.routes.js.map