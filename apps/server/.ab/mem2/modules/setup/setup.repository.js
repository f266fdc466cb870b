const exists = async (query) => (await query) !== undefined;
/**
 * The checklist's four facts, each an indexed existence check (a `limit 1`), whatever the size of
 * the school. The password counts as changed once the owner's sessions were cut by a change:
 * `sessions_valid_after` is set by a change of one's own password, and nothing else sets it for
 * the owner (nobody may reset, deactivate or reactivate the owner's account).
 */
export async function readSetupChecklist(db, ownerId) {
    const [owner, groupCreated, classBroughtIn, taskPosted] = await Promise.all([
        db.selectFrom('users').select('sessions_valid_after').where('id', '=', ownerId).executeTakeFirst(),
        exists(db.selectFrom('groups').select('id').limit(1).executeTakeFirst()),
        exists(db
            .selectFrom('user_groups')
            .innerJoin('users', 'users.id', 'user_groups.user_id')
            .select('users.id')
            .where('users.role', '=', 'student')
            .where('users.activated', '=', 1)
            .limit(1)
            .executeTakeFirst()),
        exists(db.selectFrom('tasks').select('id').limit(1).executeTakeFirst()),
    ]);
    return { passwordChanged: Boolean(owner?.sessions_valid_after), groupCreated, classBroughtIn, taskPosted };
}
//# sourceMappingURL=setup.repository.js.map