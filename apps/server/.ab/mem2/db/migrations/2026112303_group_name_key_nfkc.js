import { sql } from 'kysely';
/**
 * Group names become unique after Unicode normalisation (PRODUCT.md §16): `G\u200b1`, `Ｇ１` and
 * `g1` are all "G1". Recomputes every row's name_key with the rule of that day (a frozen copy of
 * groups.repository.ts's groupNameKey). Rows whose new keys collide keep their names, the later
 * ones with their id appended, so no group is lost and none is merged behind a teacher's back.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/gu;
const nameKey = (name) => name.normalize('NFKC').replace(HIDDEN, '').replace(/\s+/gu, ' ').trim().toUpperCase().toLowerCase().normalize('NFKC');
export async function up(db) {
    const rows = (await sql `select id, name from groups order by id`.execute(db)).rows;
    // Out of the way first, so a new key never meets another row's old one.
    await sql `update groups set name_key = 'migrating:' || id`.execute(db);
    const taken = new Set();
    for (const row of rows) {
        let name = row.name;
        let key = nameKey(name);
        if (taken.has(key) || key === '') {
            name = `${name} (${row.id})`;
            key = nameKey(name);
        }
        taken.add(key);
        await sql `update groups set name = ${name}, name_key = ${key} where id = ${row.id}`.execute(db);
    }
}
export async function down() {
    // Keys stay as they are: the old rule (lower(trim(name))) would accept them all.
}
//# sourceMappingURL=2026112303_group_name_key_nfkc.js.map