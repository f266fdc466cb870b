/**
 * The requests a school makes, for the mixed run and the lesson's peak: many different students
 * and teachers, mostly reads (the task list, the leaderboard, one's own solutions) and some writes
 * (text answers, reviews, now and then a new task) that invalidate the read caches as real use
 * does. Every write is one the server accepts: the mix tracks which tasks each simulated student
 * may answer (not yet answered, or judged incorrect: a second answer while one is open is a 409)
 * and which solutions wait for each teacher's review, from the answers the server sends back.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BROWSER_ACCEPT_ENCODING, login } from './harness.js';
import { multipartBody, probe, type RequestSource, type RequestSpec, type WireAnswer } from './load.js';
import { answerKey } from './baseline-answers.js';

export interface StudentActor {
  userId: number;
  groupId: number;
  auth: Record<string, string>;
  /** Tasks this student may answer now. */
  answerable: number[];
}

export interface TeacherActor {
  groupId: number;
  auth: Record<string, string>;
  /** Solutions of this teacher's group waiting for a verdict. */
  waiting: number[];
}

export interface SchoolActors {
  students: StudentActor[];
  teachers: TeacherActor[];
}

/** Each kind of request in the mix and its share (they add up to 1). */
export const MIX = [
  { kind: 'tasks/mine', share: 0.35 },
  { kind: 'leaderboard', share: 0.25 },
  { kind: 'own solutions', share: 0.2 },
  { kind: 'review list (teacher)', share: 0.05 },
  { kind: 'task list (teacher)', share: 0.05 },
  { kind: 'text answer', share: 0.06 },
  { kind: 'review', share: 0.038 },
  { kind: 'new task', share: 0.002 },
] as const;
export type MixKind = (typeof MIX)[number]['kind'];
export const WRITE_KINDS: readonly MixKind[] = ['text answer', 'review', 'new task'];

/** A small seeded generator, so the server's and the baseline's runs draw the same mix. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `fn` over `items`, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/** What a browser's fetch() sends with every request: the cached lists come back as brotli. */
const asBrowser = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING });

function decoded(answer: WireAnswer): string {
  if (answer.contentEncoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (answer.contentEncoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

async function getJson<T>(url: string, path: string, auth: Record<string, string>): Promise<T> {
  const answer = await probe(url, { method: 'GET', path, headers: auth });
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status}`);
  return JSON.parse(decoded(answer)) as T;
}

/**
 * Signs in `studentsPerGroup` students and the teacher of each of the groups 1…`groups` (the
 * seed's logins), and reads what each may answer or review. Each actor's headers are a browser's:
 * the app's users send Accept-Encoding with every request, so the large lists go as brotli.
 */
export async function signInSchool(url: string, groups: number, studentsPerGroup: number): Promise<SchoolActors> {
  const groupIds = Array.from({ length: groups }, (_, g) => g + 1);
  const teachers = await pool(groupIds, 8, async (groupId) => {
    const { token } = await login(url, `teacher${groupId}-0`);
    const auth = asBrowser(token);
    const waiting = (await getJson<{ id: number }[]>(url, '/api/solutions?reviewed=false', auth)).map((s) => s.id);
    return { groupId, auth, waiting };
  });
  const logins = groupIds.flatMap((groupId) => Array.from({ length: studentsPerGroup }, (_, s) => ({ groupId, login: `student${groupId}-${s}` })));
  const students = await pool(logins, 8, async ({ groupId, login: name }) => {
    const { token, user } = await login(url, name);
    const auth = asBrowser(token);
    return { userId: Number((user as { sub: unknown }).sub), groupId, auth, answerable: await answerableTasks(url, auth) };
  });
  return { students, teachers };
}

/** Tasks of the student's group they have not answered, or whose last answer was judged incorrect. */
export async function answerableTasks(url: string, auth: Record<string, string>): Promise<number[]> {
  const tasks = await getJson<{ id: number }[]>(url, '/api/tasks/mine', auth);
  const solutions = await getJson<{ taskId: number; reviewed: boolean; correct: boolean; createdAt: string }[]>(url, '/api/solutions', auth);
  const blocked = new Set(solutions.filter((s) => !s.reviewed || s.correct).map((s) => s.taskId));
  return tasks.map((t) => t.id).filter((id) => !blocked.has(id));
}

export const textAnswer = (auth: Record<string, string>, taskId: number): RequestSpec => {
  const m = multipartBody({ taskId: String(taskId), answer: '$2^{10} = 1024$, so $n = 10$.' });
  return { method: 'POST', path: '/api/solutions', headers: { ...auth, 'content-type': m.contentType }, body: m.body };
};

export const newTask = (auth: Record<string, string>, groupId: number, n: number): RequestSpec => {
  const m = multipartBody({ title: `Lesson task ${n}`, text: 'Find $n$ such that $3^n = 81$.', level: 'beginner', points: '2', group: String(groupId) });
  return { method: 'POST', path: '/api/tasks', headers: { ...auth, 'content-type': m.contentType }, body: m.body };
};

export const review = (auth: Record<string, string>, solutionId: number, correct: boolean): RequestSpec => ({
  method: 'PUT',
  path: `/api/solutions/${solutionId}`,
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify(correct ? { reviewed: true, correct: true } : { reviewed: true, correct: false, feedback: 'Check the last step.' }),
});

const PERIODS = ['all', 'all', 'all', 'week', 'month'] as const;

export interface MixTally {
  /** Requests sent per kind (a write with nothing to write falls back to a read and is counted as that read). */
  sent: Record<string, number>;
  /** Answers that were not 2xx, per kind and status. */
  failed: Record<string, number>;
  /**
   * Latencies per kind, ms (server runs only), on open connections: each connection's first request
   * also waited for the connection to be accepted, and is in the run's `firstRequests` instead.
   */
  latencies: Record<string, number[]>;
}

/**
 * The mix as a request source. `live` sources change their state from the server's answers (and
 * every write they send is one the server accepts); the baseline's source draws the same kinds
 * from the same seed but changes nothing (the baseline's answers are canned).
 */
export function schoolMix(actors: SchoolActors, options: { live: boolean; seed: number; readsOnly?: boolean; students?: StudentActor[] }): RequestSource & { tally: MixTally } {
  const random = mulberry32(options.seed);
  const students = options.students ?? actors.students;
  const studentsById = new Map(actors.students.map((s) => [s.userId, s]));
  const teacherOf = new Map(actors.teachers.map((t) => [t.groupId, t]));
  const tally: MixTally = { sent: {}, failed: {}, latencies: {} };
  let tasksCreated = 0;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const shares: readonly { kind: MixKind; share: number }[] = options.readsOnly ? MIX.filter((m) => !WRITE_KINDS.includes(m.kind)) : MIX;
  const totalShare = shares.reduce((n, m) => n + m.share, 0);

  const read = (kind: MixKind, student: StudentActor): RequestSpec => {
    switch (kind) {
      case 'leaderboard':
        return { method: 'GET', path: `/api/leaderboard?groupId=${student.groupId}&period=${pick(PERIODS)}`, headers: student.auth };
      case 'own solutions':
        return { method: 'GET', path: '/api/solutions', headers: student.auth };
      case 'review list (teacher)':
        return { method: 'GET', path: '/api/solutions?reviewed=false', headers: teacherOf.get(student.groupId)!.auth };
      case 'task list (teacher)':
        return { method: 'GET', path: '/api/tasks', headers: teacherOf.get(student.groupId)!.auth };
      default:
        return { method: 'GET', path: '/api/tasks/mine', headers: student.auth };
    }
  };

  const choose = (): { kind: MixKind; spec: RequestSpec; solution?: number } => {
    let r = random() * totalShare;
    let kind: MixKind = shares[0]!.kind;
    for (const m of shares) {
      if (r < m.share) {
        kind = m.kind;
        break;
      }
      r -= m.share;
    }
    const student = pick(students);
    const teacher = teacherOf.get(student.groupId)!;
    if (kind === 'text answer') {
      // Someone with a task to answer: the student drawn, or the next one who has one.
      for (let i = 0; i < students.length; i++) {
        const s = students[(students.indexOf(student) + i) % students.length]!;
        if (s.answerable.length === 0) continue;
        const k = Math.floor(random() * s.answerable.length);
        const taskId = s.answerable[k]!;
        if (options.live) s.answerable.splice(k, 1);
        return { kind, spec: textAnswer(s.auth, taskId) };
      }
      kind = 'tasks/mine';
    } else if (kind === 'review') {
      for (let i = 0; i < actors.teachers.length; i++) {
        const t = actors.teachers[(actors.teachers.indexOf(teacher) + i) % actors.teachers.length]!;
        if (t.waiting.length === 0) continue;
        const solution = options.live ? t.waiting.shift()! : t.waiting[0]!;
        return { kind, spec: review(t.auth, solution, random() < 0.5), solution };
      }
      kind = 'tasks/mine';
    } else if (kind === 'new task') {
      return { kind, spec: newTask(teacher.auth, teacher.groupId, ++tasksCreated) };
    }
    return { kind, spec: read(kind, student) };
  };

  return {
    tally,
    next: (context) => {
      const { kind, spec } = choose();
      tally.sent[kind] = (tally.sent[kind] ?? 0) + 1;
      context.kind = kind;
      return spec;
    },
    // The first answer on each connection also waited for the connection to be accepted: it is in
    // the run's `firstRequests`, not in its kind's latencies.
    onTimed: (context, ms, firstOnConnection) => {
      if (options.live && !firstOnConnection) (tally.latencies[context.kind as MixKind] ??= []).push(ms);
    },
    onResponse: (status, body, context) => {
      const kind = context.kind as MixKind;
      if (status < 200 || status >= 300) {
        const key = `${kind} ${status}`;
        tally.failed[key] = (tally.failed[key] ?? 0) + 1;
        return;
      }
      if (!options.live) return;
      if (kind === 'text answer') {
        // A new answer waits for its group's teacher.
        const s = JSON.parse(body) as { id: number; authorId: number };
        const author = studentsById.get(s.authorId);
        if (author) teacherOf.get(author.groupId)?.waiting.push(s.id);
      } else if (kind === 'review') {
        // Judged incorrect: its author may answer that task again.
        const s = JSON.parse(body) as { taskId: number; authorId: number; correct: boolean };
        if (!s.correct) studentsById.get(s.authorId)?.answerable.push(s.taskId);
      } else if (kind === 'new task') {
        const t = JSON.parse(body) as { id: number; group: { id: number } };
        for (const s of actors.students) if (s.groupId === t.group.id) s.answerable.push(t.id);
      }
    },
  };
}

/**
 * What the baseline answers in the mixed run: the server's real bytes for each kind of request
 * (one real answer, review and new task are sent to take them).
 */
export async function mixAnswers(url: string, actors: SchoolActors): Promise<Record<string, WireAnswer>> {
  const student = actors.students.find((s) => s.answerable.length > 1)!;
  const teacher = actors.teachers.find((t) => t.groupId === student.groupId)!;
  const specs: RequestSpec[] = [
    { method: 'GET', path: '/api/tasks/mine', headers: student.auth },
    ...['all', 'week', 'month'].map((p): RequestSpec => ({ method: 'GET', path: `/api/leaderboard?groupId=${student.groupId}&period=${p}`, headers: student.auth })),
    { method: 'GET', path: '/api/solutions', headers: student.auth },
    { method: 'GET', path: '/api/solutions?reviewed=false', headers: teacher.auth },
    { method: 'GET', path: '/api/tasks', headers: teacher.auth },
    textAnswer(student.auth, student.answerable.shift()!),
    review(teacher.auth, teacher.waiting.shift()!, true),
    newTask(teacher.auth, teacher.groupId, 0),
  ];
  const answers: Record<string, WireAnswer> = {};
  for (const spec of specs) {
    const answer = await probe(url, spec);
    if (answer.status >= 300) throw new Error(`${spec.method} ${spec.path}: ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
    answers[answerKey(spec.method, spec.path)] = answer;
  }
  // The new task opened one more for the group's students; the answer just sent now waits.
  const created = JSON.parse(answers[answerKey('POST', '/api/tasks')]!.body.toString('utf8')) as { id: number };
  for (const s of actors.students) if (s.groupId === teacher.groupId) s.answerable.push(created.id);
  teacher.waiting.push((JSON.parse(answers[answerKey('POST', '/api/solutions')]!.body.toString('utf8')) as { id: number }).id);
  return answers;
}

