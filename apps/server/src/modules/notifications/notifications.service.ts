import type { Kysely } from 'kysely';
import { NOTIFICATIONS_LIST_MAX, type AuthenticatedUser, type Notification, type NotificationKind, type NotificationList } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';
import { requireAccess } from '../access/access.policy.js';
import * as repo from './notifications.repository.js';

/** The facts a notification's payload may hold (live-announcer.ts writes them). */
interface Payload {
  task?: { id: number; title: string };
  solutionId?: number;
  correct?: boolean;
  feedback?: string | null;
  /** solution.judged: the teacher marked up the photo. */
  marked?: boolean;
  author?: { id: number; name: string };
  achievement?: Notification['achievement'];
}

/** A user's own notifications (PRODUCT.md §12); the live announcer creates them. */
export class NotificationsService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The caller's newest notifications and how many are unread in all. */
  async list(actor: AuthenticatedUser): Promise<NotificationList> {
    requireAccess(actor, 'notification.list');
    const [rows, unread] = await Promise.all([repo.newest(this.db, actor.id, NOTIFICATIONS_LIST_MAX), repo.unreadCount(this.db, actor.id)]);
    return { notifications: rows.map((row) => this.present(row)), unread };
  }

  /** Marks the caller's notifications with these ids read (anyone else's are not touched). */
  async markRead(actor: AuthenticatedUser, ids: readonly number[]): Promise<{ unread: number }> {
    requireAccess(actor, 'notification.read');
    await repo.markRead(this.db, actor.id, ids);
    return { unread: await repo.unreadCount(this.db, actor.id) };
  }

  private present(row: repo.NotificationRow): Notification {
    const p = JSON.parse(row.payload) as Payload;
    return {
      id: row.id,
      kind: row.kind as NotificationKind,
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
