/**
 * A short journey through a running Math Club server over HTTP, for deployments that tests
 * cannot reach from inside (scripts/container-test.sh runs it against the container image,
 * scripts/upgrade-test.sh against the previous release): health and readiness, the owner's
 * sign-in, a group, a student signed up and activated, a task with an image, a photo answer, the
 * teacher's verdict, the images served back as real pictures, the answer checker's worker thread,
 * and optionally the metrics.
 *
 *   tsx scripts/smoke-journey.ts --url http://127.0.0.1:3000 --login admin --password … [--metrics-token …]
 *
 * Prints one line per step and exits 1 at the first one that fails.
 */
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    login: { type: 'string', default: 'admin' },
    password: { type: 'string' },
    'metrics-token': { type: 'string' },
  },
});
const base = values.url ?? fail('--url is required');
const password = values.password ?? fail('--password is required');

function fail(message: string): never {
  console.error(`FAIL ${message}`);
  process.exit(1);
}

async function call<T>(what: string, method: string, path: string, options: { token?: string; json?: unknown; form?: FormData; expect?: number } = {}): Promise<T> {
  const started = performance.now();
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
  });
  const text = await res.text();
  const expected = options.expect ?? (method === 'POST' ? 201 : 200);
  if (res.status !== expected && !(expected === 201 && res.status === 200)) fail(`${what}: ${method} ${path} answered ${res.status} ${text.slice(0, 300)}`);
  console.log(`ok   ${what} (${res.status}, ${Math.round(performance.now() - started)} ms)`);
  return (text && res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text) as T;
}

/** Fetches a signed image link and checks it is a picture of the expected size. */
async function fetchImage(what: string, link: string | null | undefined, width: number): Promise<void> {
  if (!link) fail(`${what}: no image link`);
  const res = await fetch(new URL(link, base));
  const bytes = Buffer.from(await res.arrayBuffer());
  if (!res.ok) fail(`${what}: ${res.status}`);
  const meta = await sharp(bytes).metadata();
  if (meta.width !== width) fail(`${what}: ${meta.format} ${meta.width}×${meta.height}, expected width ${width}`);
  console.log(`ok   ${what} (${res.headers.get('content-type')}, ${bytes.length} bytes, ${meta.width}×${meta.height})`);
}

const file = (bytes: Buffer, type: string, name: string) => new File([new Uint8Array(bytes)], name, { type });
const form = (fields: Record<string, string | File>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

await call('health', 'GET', '/api/health');
await call('ready (database answers)', 'GET', '/api/ready');
const owner = await call<{ access_token: string }>('sign-in as the owner', 'POST', '/api/auth/login', { json: { login: values.login, password } });
const teacher = owner.access_token;
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const group = await call<{ id: number }>('create a group', 'POST', '/api/groups', { token: teacher, json: { name: `Smoke ${tag}` } });
const studentLogin = `smoke${tag}`;
const studentPassword = 'smoke-horse-battery-9';
const student = await call<{ id: number }>('a student signs up', 'POST', '/api/users', {
  json: { login: studentLogin, password: studentPassword, name: 'Smoke Student', role: 'student', grade: 7, gradeLetter: 'А' },
});
await call('the teacher activates them into the group', 'PUT', `/api/users/${student.id}`, { token: teacher, json: { activated: true, groups: [group.id] } });

// Real pictures: a drawn PNG for the task, a photo-like JPEG for the answer.
const drawing = await sharp({ create: { width: 320, height: 200, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
  .composite([{ input: Buffer.from('<svg width="320" height="200"><polygon points="20,180 300,180 20,20" fill="none" stroke="black" stroke-width="4"/></svg>'), top: 0, left: 0 }])
  .png()
  .toBuffer();
const noise = Buffer.alloc(640 * 480 * 3);
for (let i = 0; i < noise.length; i++) noise[i] = ((i * 2654435761) >>> 24) & 0xff;
const photo = await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();

const task = await call<{ id: number; imageSecureUrl: string | null }>('post a task with an image', 'POST', '/api/tasks', {
  token: teacher,
  form: form({ title: `Triangle ${tag}`, text: 'Find the area: $a = 3$, $h = 4$.', level: 'beginner', points: '3', group: String(group.id), taskImage: file(drawing, 'image/png', 'triangle.png') }),
});
await fetchImage("the task's image", task.imageSecureUrl, 320);
const taskId = task.id;

const studentToken = (await call<{ access_token: string }>('sign-in as the student', 'POST', '/api/auth/login', { json: { login: studentLogin, password: studentPassword } })).access_token;
const mine = await call<{ id: number }[]>("the student's task list", 'GET', '/api/tasks/mine', { token: studentToken });
if (!mine.some((t) => t.id === taskId)) fail("the student's task list lacks the new task");
const answer = await call<{ id: number }>('answer with a photo', 'POST', '/api/solutions', {
  token: studentToken,
  form: form({ taskId: String(taskId), answer: 'Area = 6', solutionImage: file(photo, 'image/jpeg', 'work.jpg') }),
});
const waiting = await call<{ id: number; imageSecureUrl: string | null }[]>("the teacher's list of answers", 'GET', `/api/solutions?taskId=${taskId}`, { token: teacher });
const stored = waiting.find((s) => s.id === answer.id) ?? fail('the answer is not in the list');
await fetchImage("the answer's photo", stored.imageSecureUrl, 640);
await call('judge it correct', 'PUT', `/api/solutions/${answer.id}`, { token: teacher, json: { reviewed: true, correct: true, feedback: 'Right: 6.' } });

// The answer checker: a worker thread with the algebra engine (compute-engine) says 2(x+1) = 2x+2.
const checked = await call<{ verdict: string | null }>('the answer checker (worker thread)', 'POST', '/api/answer-keys/check', {
  token: teacher,
  json: { answerKind: 'expression', answerKey: '2x+2', answer: '2(x+1)' },
  expect: 200,
});
if (checked.verdict !== 'correct') fail(`the checker said ${checked.verdict} for 2(x+1) against 2x+2`);

if (values['metrics-token']) {
  const text = await call<string>('metrics with the token', 'GET', '/api/metrics', { token: values['metrics-token'] });
  for (const name of ['mathclub_http_requests_total', 'mathclub_db_query_duration_seconds', 'mathclub_image_pipeline_duration_seconds', 'nodejs_eventloop_lag_seconds']) {
    if (!text.includes(name)) fail(`metrics lack ${name}`);
  }
  await call('metrics without it', 'GET', '/api/metrics', { expect: 401 });
}
console.log('all steps passed');
