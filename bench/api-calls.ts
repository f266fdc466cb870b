/** The few API calls the web benches seed with (plain fetch: the bench must not depend on the web app). */

/** One call; JSON or FormData body; throws with the status and body on anything but 2xx. */
export async function call(url: string, method: string, route: string, body?: unknown, token?: string): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(url + route, { method, headers, body: payload });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** Signs in; the token and the user it describes (what the web app keeps in localStorage). */
export async function login(url: string, name: string, password: string): Promise<{ token: string; user: unknown }> {
  const { access_token } = (await call(url, 'POST', '/api/auth/login', { login: name, password })) as { access_token: string };
  const user: unknown = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString('utf8'));
  return { token: access_token, user };
}

/** Posts a task for a group as the teacher's form does (multipart); its id. `fields` adds to or replaces the defaults (an answer key, a title). */
export async function postTask(url: string, teacherToken: string, groupId: number, fields: Record<string, string> = {}): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ title: 'Task', text: 'Find $n$.', level: 'beginner', points: '1', group: String(groupId), ...fields })) form.append(name, value);
  return ((await call(url, 'POST', '/api/tasks', form, teacherToken)) as { id: number }).id;
}
