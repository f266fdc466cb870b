import { sql } from 'kysely';
import { nowIso, toCount } from '../../db/database.js';
const columns = ['id', 'text', 'uses'];
const asRow = (r) => ({ id: Number(r.id), text: r.text, uses: Number(r.uses) });
/** A teacher's saved comments: most used first, then newest (feedback_snippets_teacher_idx). */
export async function listForTeacher(db, teacherId) {
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
export async function ownerOf(db, id) {
    const row = await db.selectFrom('feedback_snippets').select('teacher_id').where('id', '=', id).executeTakeFirst();
    return row?.teacher_id;
}
/**
 * Saves a comment unless the teacher already has `max` (then undefined). One transaction; on
 * PostgreSQL the teacher's row is locked first, so two saves at once cannot both pass the count
 * (SQLite runs one write transaction at a time anyway).
 */
export async function insertWithin(db, dialect, teacherId, text, max) {
    return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres')
            await sql `select id from users where id = ${teacherId} for update`.execute(trx);
        const { n } = await trx
            .selectFrom('feedback_snippets')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('teacher_id', '=', teacherId)
            .executeTakeFirstOrThrow();
        if (toCount(n) >= max)
            return undefined;
        const row = await trx
            .insertInto('feedback_snippets')
            .values({ teacher_id: teacherId, text, uses: 0, created_at: nowIso() })
            .returning(columns)
            .executeTakeFirstOrThrow();
        return asRow(row);
    });
}
/** Deletes a teacher's comment; false when they have none with this id. */
export async function deleteOwn(db, teacherId, id) {
    const result = await db.deleteFrom('feedback_snippets').where('id', '=', id).where('teacher_id', '=', teacherId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
}
/**
 * Counts one more use of a teacher's comment and returns its text; undefined when the teacher has
 * none with this id. Meant to run in the verdict's transaction.
 */
export async function useOwn(db, teacherId, id) {
    const row = await db
        .updateTable('feedback_snippets')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('id', '=', id)
        .where('teacher_id', '=', teacherId)
        .returning('text')
        .executeTakeFirst();
    return row?.text;
}
//# sourceMappingURL=snippets.repository.js.map