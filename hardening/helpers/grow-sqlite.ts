import { statSync } from 'node:fs';
import { SqliteDatabase } from '../../apps/server/src/db/sqlite-driver.js';
import type { SeededClass } from './real-server.js';

/**
 * Grows a seeded school's SQLite database to about `bytes` with judged (incorrect) answers of
 * ~1 KB each, as years of a busy club would, in batches of one statement each: a large database
 * for the backup tests without sending every answer through the API.
 */
export function growSqlite(file: string, school: SeededClass, bytes: number): number {
  const db = new SqliteDatabase(file);
  try {
    db.pragma('journal_mode = WAL');
    const insert = db.prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < 9999)
       insert into solutions (task_id, author_id, answer, image_key, reviewed, correct, feedback, created_at, reviewed_at, reviewer_id)
       select ?, ?, hex(randomblob(450)), null, 1, 0, 'grown for the backup test', ?, ?, null from n`,
    );
    const now = new Date().toISOString();
    for (let batch = 0; statSync(file).size < bytes; batch++) {
      const student = school.students[batch % school.students.length]!;
      const taskId = school.taskIds[batch % school.taskIds.length]!;
      insert.run(taskId, student.id, now, now);
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
    return statSync(file).size;
  } finally {
    db.close();
  }
}
