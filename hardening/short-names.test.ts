import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoster } from '@mathclub/shared/roster';
import { multipartBody } from '../apps/server/src/modules/files/multipart-test-body.js';
import { buildTestApp, testDatabases, type TestApp } from '../apps/server/src/test/build-test-app.js';
import { bearer, createGroup, createUser } from '../apps/server/src/test/fixtures.js';

/**
 * Issue 50, item 7: "Шевченко Тарас Григорович" showed as "Шевченко Г." on a short-names
 * leaderboard, since Ukrainian lists put the surname first. The short form is the given name and
 * the surname's initial, for imported and signed-up names alike, and the roster import takes
 * surname and given name in columns of their own.
 */
describe.each(testDatabases())('short leaderboard names on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let student: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    student = await createUser(t, { name: 'Шевченко Тарас Григорович', groupIds: [group.id] });
    for (const name of ['Олена Петренко', 'Коваль Ірина Петрівна', 'Мельник Остап', 'John Smith']) await createUser(t, { name, groupIds: [group.id] });
    const settings = await t.app.inject({ method: 'PATCH', url: `/api/groups/${group.id}/settings`, headers: bearer(teacher.token), payload: { leaderboardShortNames: true } });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(async () => t.close());

  it('the roster import reads surname and given-name columns (either order, comma or semicolon)', async () => {
    const csv = "прізвище;ім'я;клас;літера\nБондаренко;Соломія;7;А\n\"Франко\";Іван;7;А\n";
    expect(parseRoster(csv).rows.map((r) => r.name)).toEqual(['Соломія Бондаренко', 'Іван Франко']);
    expect(parseRoster('first name,surname,grade,letter,login\nOlha,Kobylianska,7,А,olha.k\n').rows).toMatchObject([{ name: 'Olha Kobylianska', login: 'olha.k' }]);
    const body = multipartBody({ group: group.id }, [{ field: 'file', data: Buffer.from(csv), filename: 'class.csv', contentType: 'text/csv' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/import', headers: { ...body.headers, ...bearer(teacher.token) }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ created: { name: string }[] }>().created.map((c) => c.name)).toEqual(['Соломія Бондаренко', 'Іван Франко']);
  });

  it('a student sees the given name and the surname initial, whichever order the name was written in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/leaderboard?groupId=${group.id}&period=all`, headers: bearer(student.token) });
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json<{ name: string }[]>().map((r) => r.name).sort();
    expect(names).toEqual(['Іван Ф.', 'Ірина К.', 'John S.', 'Олена П.', 'Остап М.', 'Соломія Б.', 'Тарас Ш.'].sort());
  });
});
