import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

export interface NotificationRow {
  id: number;
  kind: string;
  payload: string;
  createdAt: string;
  readAt: string | null;
}

/** A user's newest notifications (the (user_id, id) index, backwards). */
export async function newest(db: Kysely<DB>, userId: number, limit: number): Promise<NotificationRow[]> {
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
export async function unreadCount(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks these of the user's notifications read; ids of other users' are left alone. */
export async function markRead(db: Kysely<DB>, userId: number, ids: readonly number[]): Promise<void> {
  await db.updateTable('notifications').set({ read_at: nowIso() }).where('user_id', '=', userId).where('id', 'in', [...ids]).where('read_at', 'is', null).execute();
}
