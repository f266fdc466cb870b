/**
 * A teacher's marks on a solution's photo (PRODUCT.md §14): the validated list as JSON text, on
 * both engines (it is only ever written whole and read whole, never queried inside, so PostgreSQL's
 * jsonb would buy nothing and text keeps one code path). Null: no marks. The photo is untouched.
 */
export async function up(db) {
    await db.schema.alterTable('solutions').addColumn('annotations', 'text').execute();
}
export async function down(db) {
    await db.schema.alterTable('solutions').dropColumn('annotations').execute();
}
//# sourceMappingURL=2026112560_solution_annotations.js.map