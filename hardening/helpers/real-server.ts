import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { multipartBody, startServer, type RunningServer } from '../../bench/load.js';
import { createDb, nowIso } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import type { DB } from '../../apps/server/src/db/schema.js';
import { craftToken } from '../../apps/server/src/test/jwt.js';

export { startServer, type RunningServer };

/** The signing key every real-server test uses, so the test can mint tokens itself. */
export const JWT_SECRET = 'hardening-secret-hardening-secret-0123456789';

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export const tempDataDir = (label: string) => mkdtempSync(path.join(tmpdir(), `mathclub-${label}-`));

/** A valid HS256 access token for a seeded user, as the server would have issued it (with its own jti). */
export function mintToken(user: { id: number; login: string }, groupId: number): string {
  const now = Math.floor(Date.now() / 1000);
  return craftToken(
    { alg: 'HS256', typ: 'JWT' },
    { sub: String(user.id), jti: randomBytes(16).toString('base64url'), id: user.id, login: user.login, name: user.login, role: 'student', activated: true, grade: 7, gradeLetter: 'А', groups: [{ id: groupId, name: 'Load' }], iat: now, exp: now + 3600 },
    JWT_SECRET,
  );
}

export interface SeededClass {
  groupId: number;
  students: { id: number; login: string; token: string }[];
  taskIds: number[];
}

/**
 * Migrates the database at `url` and inserts one group with a teacher, `students` students and
 * `tasks` tasks, straight through Kysely (no slow password hashing: tokens are minted).
 */
export async function seedClass(url: string, students: number, tasks: number): Promise<SeededClass> {
  const database = createDb(url);
  try {
    await migrateToLatest(database);
    const db: Kysely<DB> = database.db;
    const now = nowIso();
    const groupId = (await db.insertInto('groups').values({ name: 'Load group', name_key: 'load group', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const user = (login: string, role: string) => ({ login, login_key: login, password_hash: 'not-a-hash', name: login, role, activated: 1, grade: role === 'student' ? 7 : null, grade_letter: role === 'student' ? 'А' : null, created_at: now, updated_at: now, sessions_valid_after: null });
    const teacherId = (await db.insertInto('users').values(user('load-teacher', 'teacher')).returning('id').executeTakeFirstOrThrow()).id;
    const rows = Array.from({ length: students }, (_, i) => user(`load-student-${i}`, 'student'));
    const seeded: SeededClass['students'] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await db.insertInto('users').values(rows.slice(i, i + 200)).returning(['id', 'login']).execute();
      for (const s of inserted) seeded.push({ ...s, token: mintToken(s, groupId) });
    }
    await db.insertInto('user_groups').values([teacherId, ...seeded.map((s) => s.id)].map((id) => ({ user_id: id, group_id: groupId }))).execute();
    const taskRows = Array.from({ length: tasks }, (_, i) => ({ title: `Load ${i}`, text: 'x', level: 'beginner', points: 1, group_id: groupId, author_id: teacherId, image_key: null, created_at: now, deleted_at: null }));
    const taskIds: number[] = [];
    for (let i = 0; i < taskRows.length; i += 200) {
      taskIds.push(...(await db.insertInto('tasks').values(taskRows.slice(i, i + 200)).returning('id').execute()).map((r) => r.id));
    }
    return { groupId, students: seeded, taskIds };
  } finally {
    await database.destroy();
  }
}

/** A small photo of handwritten work (distinct per seed so every stored file differs). */
export function photo(seedValue: number): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: { r: seedValue % 256, g: (seedValue * 7) % 256, b: 90 } } })
    .jpeg()
    .toBuffer();
}

export interface Submission {
  studentId: number;
  taskId: number;
  answer: string;
  withImage: boolean;
  status: number;
  /** When the request was sent (ms since the epoch). */
  startedAt: number;
  /** The solution id when acknowledged (201). */
  id?: number;
  code?: string;
}

/** POSTs one solution to the real server; network failures count as status 0 (not acknowledged). */
export async function submit(baseUrl: string, student: { id: number; token: string }, taskId: number, answer: string, image?: Buffer): Promise<Submission> {
  const form = multipartBody({ taskId: String(taskId), answer }, image ? { field: 'solutionImage', name: 'work.jpg', type: 'image/jpeg', data: image } : undefined);
  const result: Submission = { studentId: student.id, taskId, answer, withImage: Boolean(image), status: 0, startedAt: Date.now() };
  try {
    const res = await fetch(`${baseUrl}/api/solutions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${student.token}`, 'content-type': form.contentType },
      body: form.body,
      signal: AbortSignal.timeout(60_000),
    });
    result.status = res.status;
    const body = (await res.json().catch(() => ({}))) as { id?: number; code?: string };
    if (res.status === 201) result.id = body.id;
    else result.code = body.code;
  } catch {
    result.status = 0;
  }
  return result;
}

/** Statuses and how often each came back. */
export const tally = (subs: { status: number }[]) =>
  subs.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {});
