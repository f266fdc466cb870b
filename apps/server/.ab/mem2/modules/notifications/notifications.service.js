import { NOTIFICATIONS_LIST_MAX } from '@mathclub/shared';
import { requireAccess } from '../access/access.policy.js';
import * as repo from './notifications.repository.js';
/** A user's own notifications (PRODUCT.md §12); the live announcer creates them. */
export class NotificationsService {
    db;
    constructor(db) {
        this.db = db;
    }
    /** The caller's newest notifications and how many are unread in all. */
    async list(actor) {
        requireAccess(actor, 'notification.list');
        const [rows, unread] = await Promise.all([repo.newest(this.db, actor.id, NOTIFICATIONS_LIST_MAX), repo.unreadCount(this.db, actor.id)]);
        return { notifications: rows.map((row) => this.present(row)), unread };
    }
    /** Marks the caller's notifications with these ids read (anyone else's are not touched). */
    async markRead(actor, ids) {
        requireAccess(actor, 'notification.read');
        await repo.markRead(this.db, actor.id, ids);
        return { unread: await repo.unreadCount(this.db, actor.id) };
    }
    present(row) {
        const p = JSON.parse(row.payload);
        return {
            id: row.id,
            kind: row.kind,
            read: row.readAt !== null,
            createdAt: row.createdAt,
            task: p.task ?? null,
            solutionId: p.solutionId ?? null,
            correct: p.correct ?? null,
            feedback: p.feedback ?? null,
            marked: p.marked ?? null,
            author: p.author ?? null,
            achievement: p.achievement ?? null,
        };
    }
}
//# sourceMappingURL=notifications.service.js.map