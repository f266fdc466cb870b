import { nowIso } from '../../db/database.js';
/** A user's newest notifications (the (user_id, id) index, backwards). */
export async function newest(db, userId, limit) {
    const rows = await db
        .selectFrom('notifications')
        .select(['id', 'kind', 'payload', 'created_at as createdAt', 'read_at as readAt'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
/** How many of the user's notifications are unread (a partial index holds only those). */
export async function unreadCount(db, userId) {
    const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
    return Number(row?.n ?? 0);
}
/** Marks these of the user's notifications read; ids of other users' are left alone. */
export async function markRead(db, userId, ids) {
    await db.updateTable('notifications').set({ read_at: nowIso() }).where('user_id', '=', userId).where('id', 'in', [...ids]).where('read_at', 'is', null).execute();
}
//# sourceMappingURL=notifications.repository.js.map