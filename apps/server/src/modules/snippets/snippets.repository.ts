import { sql, type Kysely } from 'kysely';
import { nowIso, toCount, type Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

export interface SnippetRow {
  id: number;
  text: string;
  uses: number;
}

const columns = ['id', 'text', 'uses'] as const;
const asRow = (r: { id: number | string; text: string; uses: number | string }): SnippetRow => ({ id: Number(r.id), text: r.text, uses: Number(r.uses) });

/** A teacher's saved comments: most used first, then newest (feedback_snippets_teacher_idx). */
export async function listForTeacher(db: Kysely<DB>, teacherId: number): Promise<SnippetRow[]> {
  const rows = await db
    .selectFrom('feedback_snippets')
    .select(columns)
    .where('teacher_id', '=', teacherId)
    .orderBy('uses', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(asRow);
}

/** Who a saved comment belongs to, or undefined when there is none with this id. */
export async function ownerOf(db: Kysely<DB>, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('feedback_snippets').select('teacher_id').where('id', '=', id).executeTakeFirst();
  return row?.teacher_id;
}

/**
 * Saves a comment unless the teacher already has `max` (then undefined). One transaction; on
 * PostgreSQL the teacher's row is locked first, so two saves at once cannot both pass the count
 * (SQLite runs one write transaction at a time anyway).
 */
export async function insertWithin(db: Kysely<DB>, dialect: Dialect, teacherId: number, text: string, max: number): Promise<SnippetRow | undefined> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select id from users where id = ${teacherId} for update`.execute(trx);
    const { n } = await trx
      .selectFrom('feedback_snippets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('teacher_id', '=', teacherId)
      .executeTakeFirstOrThrow();
    if (toCount(n) >= max) return undefined;
    const row = await trx
      .insertInto('feedback_snippets')
      .values({ teacher_id: teacherId, text, uses: 0, created_at: nowIso() })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return asRow(row);
  });
}

/** Deletes a teacher's comment; false when they have none with this id. */
export async function deleteOwn(db: Kysely<DB>, teacherId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('feedback_snippets').where('id', '=', id).where('teacher_id', '=', teacherId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Counts one more use of a teacher's comment and returns its text; undefined when the teacher has
 * none with this id. Meant to run in the verdict's transaction.
 */
export async function useOwn(db: Kysely<DB>, teacherId: number, id: number): Promise<string | undefined> {
  const row = await db
    .updateTable('feedback_snippets')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .returning('text')
    .executeTakeFirst();
  return row?.text;
}
