import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A typed answer (no photo) waiting for review. */
export interface WaitingAnswer {
  id: number;
  answer: string;
  /** The checker's verdict stored when it arrived (the key may have changed since). */
  autoVerdict: string | null;
}

/**
 * The typed answers without a photo that wait for review on a task, oldest first; at most `limit`
 * (one open answer per student and task makes this the size of a class: the limit only guards).
 * Driven by solutions_task_idx.
 */
export async function waitingTypedAnswers(db: Kysely<DB>, taskId: number, limit: number): Promise<WaitingAnswer[]> {
  const rows = await db
    .selectFrom('solutions')
    .select(['id', 'answer', 'auto_verdict as autoVerdict'])
    .where('task_id', '=', taskId)
    .where('reviewed', '=', 0)
    .where('image_key', 'is', null)
    .where('answer', '<>', '')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
