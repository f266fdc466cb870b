import type { Kysely } from 'kysely';
import { GRADE_LETTERS, LEVELS } from '@mathclub/shared';
import type { DB } from '../apps/server/src/db/schema.js';

/** Per group at scale 1: 200 groups → 10,000 students, 200 teachers, 5,000 tasks, 250,000 solutions. */
export const PER_GROUP = { students: 50, teachers: 1, tasks: 25 } as const;
export const GROUPS_AT_SCALE_1 = 200;
/** Fresh tasks in the first group that nobody has answered: targets for the write benchmarks. */
export const OPEN_TASKS = 60;
/** One extra group the size issue 6 names: 50 students × 200 tasks, every task answered by all. */
export const BIG_GROUP = { students: 50, tasks: 200 } as const;
/**
 * One more group, seeded last, only to warm the write path before its lines: its students answer
 * its open tasks (3,000 answers, one per pair). The first group's 3,000 pairs are the lines' own.
 */
export const WARMUP_GROUP = { students: 50, tasks: 60 } as const;

export interface SeededSchool {
  groups: number;
  students: number;
  teachers: number;
  tasks: number;
  solutions: number;
  /** Logins in the first group, for tokens. */
  firstGroup: { id: number; teacherLogin: string; studentLogins: string[]; openTaskIds: number[] };
  /** The 50 × 200 group: its leaderboard must not feel slower than a task list. */
  bigGroup: { id: number; teacherLogin: string; studentLogin: string };
  /** The write path's warm-up group (WARMUP_GROUP): nobody reads it in a measured line. */
  warmupGroup: { id: number; studentLogins: string[]; openTaskIds: number[] };
  seconds: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Inserts rows in batches small enough for SQLite's bound-parameter limit. */
async function insertBatched<T extends keyof DB>(db: Kysely<DB>, table: T, rows: unknown[], batch = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await db.insertInto(table).values(rows.slice(i, i + batch) as any).execute();
  }
}

/**
 * A generated school, written straight through Kysely in bulk (no HTTP, no per-row hashing):
 * every user shares one precomputed password hash. Ids are assigned in insertion order on a fresh
 * database, so rows can reference each other without reading them back.
 */
export async function seedSchool(db: Kysely<DB>, scale: number, passwordHash: string): Promise<SeededSchool> {
  const started = performance.now();
  const groups = Math.max(1, Math.round(GROUPS_AT_SCALE_1 * scale));
  const now = Date.now();
  const createdAt = iso(now - 30 * 86_400_000);

  await db.transaction().execute(async (trx) => {
    await insertBatched(
      trx,
      'groups',
      Array.from({ length: groups }, (_, g) => ({ name: `Group ${g + 1}`, name_key: `group ${g + 1}`, created_at: createdAt })),
    );
    const users: DB['users'][keyof DB['users']][] = [];
    const members: { user_id: number; group_id: number }[] = [];
    let userId = 0;
    for (let g = 1; g <= groups; g++) {
      for (let t = 0; t < PER_GROUP.teachers; t++) {
        userId++;
        users.push(user(`teacher${g}-${t}`, 'teacher', passwordHash, createdAt, null, null) as never);
        members.push({ user_id: userId, group_id: g });
      }
      for (let s = 0; s < PER_GROUP.students; s++) {
        userId++;
        users.push(user(`student${g}-${s}`, 'student', passwordHash, createdAt, 1 + (g % 12), GRADE_LETTERS[s % 33]!) as never);
        members.push({ user_id: userId, group_id: g });
      }
    }
    await insertBatched(trx, 'users', users, 400);
    await insertBatched(trx, 'user_groups', members, 1000);

    const perGroupUsers = PER_GROUP.teachers + PER_GROUP.students;
    const tasks = [];
    for (let g = 1; g <= groups; g++) {
      const teacherId = (g - 1) * perGroupUsers + 1;
      for (let k = 0; k < PER_GROUP.tasks; k++) {
        tasks.push({
          title: `Task ${k + 1} of group ${g}`,
          text: `Solve $x^2 - ${k + 1} = 0$ and explain each step.`,
          level: LEVELS[k % 3]!,
          points: 1 + (k % 5),
          group_id: g,
          author_id: teacherId,
          image_key: null,
          created_at: iso(now - (PER_GROUP.tasks - k) * 3_600_000),
          deleted_at: null,
        });
      }
    }
    await insertBatched(trx, 'tasks', tasks, 500);

    // Every student answers every task of their group: 60% correct, 20% incorrect, 20% waiting.
    let solutions: object[] = [];
    for (let g = 1; g <= groups; g++) {
      const teacherId = (g - 1) * perGroupUsers + 1;
      for (let s = 0; s < PER_GROUP.students; s++) {
        const studentId = teacherId + 1 + s;
        for (let k = 0; k < PER_GROUP.tasks; k++) {
          const taskId = (g - 1) * PER_GROUP.tasks + k + 1;
          const kind = (s * 7 + k * 3) % 5; // 0-2 correct, 3 incorrect, 4 waiting
          const submitted = now - (PER_GROUP.tasks - k) * 3_600_000 + s * 1000;
          solutions.push({
            task_id: taskId,
            author_id: studentId,
            answer: `x = ±√${k + 1}`,
            image_key: null,
            reviewed: kind === 4 ? 0 : 1,
            correct: kind <= 2 ? 1 : 0,
            feedback: kind === 3 ? 'Check the sign.' : null,
            created_at: iso(submitted),
            reviewed_at: kind === 4 ? null : iso(submitted + 600_000),
            reviewer_id: kind === 4 ? null : teacherId,
          });
        }
      }
      if (solutions.length >= 20_000) {
        await insertBatched(trx, 'solutions', solutions, 500);
        solutions = [];
      }
    }
    await insertBatched(trx, 'solutions', solutions, 500);
  });

  // Unanswered tasks in group 1 for the write benchmarks (inserted last, so their ids follow).
  const firstTeacherId = 1;
  const openTaskIds = await insertOpenTasks(db, 1, firstTeacherId, OPEN_TASKS, 'Open task', now);

  const bigGroup = await seedBigGroup(db, passwordHash, now);
  const warmupGroup = await seedWarmupGroup(db, passwordHash, now);

  return {
    groups: groups + 2,
    students: groups * PER_GROUP.students + BIG_GROUP.students + WARMUP_GROUP.students,
    teachers: groups * PER_GROUP.teachers + 2,
    tasks: groups * PER_GROUP.tasks + OPEN_TASKS + BIG_GROUP.tasks + WARMUP_GROUP.tasks,
    solutions: groups * PER_GROUP.students * PER_GROUP.tasks + BIG_GROUP.students * BIG_GROUP.tasks,
    firstGroup: {
      id: 1,
      teacherLogin: 'teacher1-0',
      studentLogins: Array.from({ length: PER_GROUP.students }, (_, s) => `student1-${s}`),
      openTaskIds,
    },
    bigGroup,
    warmupGroup,
    seconds: (performance.now() - started) / 1000,
  };
}

/** `count` live tasks of the group posted now, nobody's answered yet: the write lines' targets. Their ids, in order. */
async function insertOpenTasks(db: Kysely<DB>, groupId: number, authorId: number, count: number, title: string, now: number): Promise<number[]> {
  const rows = await db
    .insertInto('tasks')
    .values(
      Array.from({ length: count }, (_, k) => ({
        title: `${title} ${k + 1}`,
        text: 'Find $n$ such that $2^n = 1024$.',
        level: 'beginner',
        points: 3,
        group_id: groupId,
        author_id: authorId,
        image_key: null,
        created_at: iso(now),
        deleted_at: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** WARMUP_GROUP: a teacher, its students and its open tasks, none answered. */
async function seedWarmupGroup(db: Kysely<DB>, passwordHash: string, now: number): Promise<SeededSchool['warmupGroup']> {
  const at = iso(now - 30 * 86_400_000);
  return db.transaction().execute(async (trx) => {
    const { id: groupId } = await trx.insertInto('groups').values({ name: 'Warm-up', name_key: 'warm-up', created_at: at }).returning('id').executeTakeFirstOrThrow();
    const studentLogins = Array.from({ length: WARMUP_GROUP.students }, (_, s) => `studentwarm-${s}`);
    const people = [user('teacherwarm-0', 'teacher', passwordHash, at, null, null), ...studentLogins.map((login) => user(login, 'student', passwordHash, at, 8, 'Б'))];
    const ids = (await trx.insertInto('users').values(people).returning('id').execute()).map((r) => r.id);
    await trx.insertInto('user_groups').values(ids.map((user_id) => ({ user_id, group_id: groupId }))).execute();
    const openTaskIds = await insertOpenTasks(trx, groupId, ids[0]!, WARMUP_GROUP.tasks, 'Warm-up task', now);
    return { id: groupId, studentLogins, openTaskIds };
  });
}

/** The 50 × 200 group, inserted after the rest and linked by the ids the database hands back. */
async function seedBigGroup(db: Kysely<DB>, passwordHash: string, now: number): Promise<SeededSchool['bigGroup']> {
  const at = iso(now - 30 * 86_400_000);
  return db.transaction().execute(async (trx) => {
    const { id: groupId } = await trx.insertInto('groups').values({ name: 'Olympiad 50×200', name_key: 'olympiad 50×200', created_at: at }).returning('id').executeTakeFirstOrThrow();
    const people = [user('teacherbig-0', 'teacher', passwordHash, at, null, null), ...Array.from({ length: BIG_GROUP.students }, (_, s) => user(`studentbig-${s}`, 'student', passwordHash, at, 9, 'А'))];
    const ids = (await trx.insertInto('users').values(people).returning('id').execute()).map((r) => r.id);
    await trx.insertInto('user_groups').values(ids.map((user_id) => ({ user_id, group_id: groupId }))).execute();
    const [teacherId, ...studentIds] = ids as [number, ...number[]];
    const taskIds = (
      await trx
        .insertInto('tasks')
        .values(
          Array.from({ length: BIG_GROUP.tasks }, (_, k) => ({
            title: `Olympiad problem ${k + 1}`,
            text: `Prove that $n^2 + n$ is even for $n = ${k + 1}$.`,
            level: LEVELS[k % 3]!,
            points: 1 + (k % 5),
            group_id: groupId,
            author_id: teacherId,
            image_key: null,
            created_at: iso(now - (BIG_GROUP.tasks - k) * 3_600_000),
            deleted_at: null,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const solutions = studentIds.flatMap((studentId, s) =>
      taskIds.map((taskId, k) => {
        const kind = (s * 7 + k * 3) % 5;
        const submitted = now - (BIG_GROUP.tasks - k) * 3_600_000 + s * 1000;
        return {
          task_id: taskId,
          author_id: studentId,
          answer: 'n(n + 1) is a product of consecutive integers.',
          image_key: null,
          reviewed: kind === 4 ? 0 : 1,
          correct: kind <= 2 ? 1 : 0,
          feedback: null,
          created_at: iso(submitted),
          reviewed_at: kind === 4 ? null : iso(submitted + 600_000),
          reviewer_id: kind === 4 ? null : teacherId,
        };
      }),
    );
    await insertBatched(trx, 'solutions', solutions, 500);
    return { id: groupId, teacherLogin: 'teacherbig-0', studentLogin: 'studentbig-0' };
  });
}

function user(login: string, role: string, passwordHash: string, at: string, grade: number | null, letter: string | null) {
  return {
    login,
    login_key: login.toLowerCase(),
    password_hash: passwordHash,
    name: login.replace(/(\D+)(\d+)-(\d+)/, (_m, r: string, g: string, n: string) => `${r[0]!.toUpperCase()}${r.slice(1)} ${g}.${n}`),
    role,
    activated: 1,
    grade,
    grade_letter: letter,
    created_at: at,
    updated_at: at,
    sessions_valid_after: null,
  };
}
