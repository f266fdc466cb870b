import createClient from 'openapi-fetch';
// Written by generated-client.test.ts from /api/docs/json with openapi-typescript (git-ignored):
// this file is typechecked by that test against it, not by `tsc -p apps/server`.
import type { paths } from './generated/api.js';
import type { JourneyInput, JourneyResult } from './journey-types.js';

/**
 * The main journey as a school's developer writes it with a client generated from the OpenAPI
 * document (openapi-typescript + openapi-fetch): every call, body and answer is typed by the
 * document alone. Throws on any answer other than the one expected.
 */


/** Multipart bodies: text fields as text, files as files (the document types images as Blob). */
function formData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(name, value, `${name}.${value.type.split('/')[1] ?? 'bin'}`);
    else form.append(name, String(value));
  }
  return form;
}

function expectOk<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.data === undefined) throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

export async function runJourney(input: JourneyInput): Promise<JourneyResult> {
  const anonymous = createClient<paths>({ baseUrl: input.baseUrl });
  const signedIn = (token: string) => createClient<paths>({ baseUrl: input.baseUrl, headers: { authorization: `Bearer ${token}` } });

  // The teacher signs in and makes a group.
  const teacherToken = expectOk(await anonymous.POST('/api/auth/login', { body: input.teacher }), 'login (teacher)').access_token;
  const teacher = signedIn(teacherToken);
  const group = expectOk(await teacher.POST('/api/groups', { body: { name: `Algebra ${Date.now()}` } }), 'createGroup');

  // A student signs up; the teacher activates them and puts them in the group.
  const signedUp = expectOk(
    await anonymous.POST('/api/users', { body: { ...input.student, role: 'student', grade: 7, gradeLetter: 'А' } }),
    'signUp',
  );
  expectOk(await teacher.PUT('/api/users/{id}', { params: { path: { id: signedUp.id } }, body: { activated: true, groups: [group.id] } }), 'updateUser');

  // The teacher posts a task with an image.
  const task = expectOk(
    await teacher.POST('/api/tasks', {
      body: { title: 'Area of a triangle', text: 'Find the area: $a = 3$, $h = 4$.', level: 'beginner', points: 3, group: group.id, taskImage: input.taskImage },
      bodySerializer: formData,
    }),
    'createTask',
  );
  if (!task.imageSecureUrl) throw new Error('createTask: the task has no image link');
  const image = await fetch(new URL(task.imageSecureUrl, input.baseUrl));
  if (!image.ok) throw new Error(`image: ${image.status}`);
  await image.arrayBuffer();

  // The student sees it and answers with a photo.
  const studentToken = expectOk(await anonymous.POST('/api/auth/login', { body: { login: input.student.login, password: input.student.password } }), 'login (student)')
    .access_token;
  const student = signedIn(studentToken);
  const mine = expectOk(await student.GET('/api/tasks/mine'), 'listMyTasks');
  if (!mine.some((t) => t.id === task.id)) throw new Error('listMyTasks: the new task is missing');
  const submitted = expectOk(await student.POST('/api/solutions', { body: { taskId: task.id, solutionImage: input.answerPhoto }, bodySerializer: formData }), 'submitSolution');

  // The teacher finds it among the unreviewed ones and judges it correct.
  const waiting = expectOk(await teacher.GET('/api/solutions', { params: { query: { reviewed: 'false', taskId: task.id } } }), 'listSolutions');
  const solution = waiting.find((s) => s.id === submitted.id);
  if (!solution) throw new Error('listSolutions: the answer is missing');
  const reviewed = expectOk(
    await teacher.PUT('/api/solutions/{id}', { params: { path: { id: solution.id } }, body: { reviewed: true, correct: true, feedback: 'Right: 6.' } }),
    'reviewSolution',
  );

  // The group's leaderboard shows the points.
  const board = expectOk(await student.GET('/api/leaderboard', { params: { query: { groupId: group.id, period: 'week' } } }), 'getLeaderboard');
  return {
    taskId: task.id,
    taskPoints: task.points,
    imageContentType: image.headers.get('content-type'),
    solutionReviewed: reviewed.reviewed && reviewed.correct,
    leaderboard: board.map(({ rank, name, points, solved }) => ({ rank, name, points, solved })),
  };
}
