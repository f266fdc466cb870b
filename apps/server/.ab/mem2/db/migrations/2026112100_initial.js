/** Every table of the first release. Frozen: later changes get a new migration. */
export async function up(db, dialect) {
    // The one place the engines differ: how an auto-incrementing integer key is spelled.
    const id = (col) => dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
    await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('login', 'text', (c) => c.notNull())
        .addColumn('login_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('grade', 'integer')
        .addColumn('grade_letter', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('users_activated_idx').on('users').columns(['activated', 'created_at']).execute();
    await db.schema
        .createTable('groups')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    await db.schema
        .createTable('user_groups')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_id'])
        .execute();
    await db.schema.createIndex('user_groups_group_idx').on('user_groups').column('group_id').execute();
    await db.schema
        .createTable('tasks')
        .addColumn('id', 'integer', id)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        // A group with live tasks cannot be deleted; soft-deleted tasks outlive their group with a null here.
        .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('image_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
    await db.schema.createIndex('tasks_group_idx').on('tasks').columns(['group_id', 'deleted_at', 'created_at']).execute();
    await db.schema.createIndex('tasks_author_idx').on('tasks').column('author_id').execute();
    await db.schema
        .createTable('solutions')
        .addColumn('id', 'integer', id)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('image_key', 'text')
        .addColumn('reviewed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('correct', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('feedback', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('reviewed_at', 'text')
        .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
        .execute();
    await db.schema.createIndex('solutions_task_idx').on('solutions').columns(['task_id', 'reviewed']).execute();
    await db.schema.createIndex('solutions_author_task_idx').on('solutions').columns(['author_id', 'task_id']).execute();
    await db.schema.createIndex('solutions_author_created_idx').on('solutions').columns(['author_id', 'created_at']).execute();
    await db.schema.createIndex('solutions_reviewer_idx').on('solutions').column('reviewer_id').execute();
}
export async function down(db) {
    for (const table of ['solutions', 'tasks', 'user_groups', 'groups', 'users']) {
        await db.schema.dropTable(table).execute();
    }
}
//# sourceMappingURL=2026112100_initial.js.map