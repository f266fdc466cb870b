import type { AuthenticatedUser, Role, User } from '@mathclub/shared';
import { PasswordHasher } from '../lib/passwords.js';
import { insertGroup, addMember } from '../modules/groups/groups.repository.js';
import { findUserById, insertUser } from '../modules/users/users.repository.js';
import { TEST_HASH_COST, type TestApp } from './build-test-app.js';

export const TEST_PASSWORD = 'correct-horse-9';
const hasher = new PasswordHasher(TEST_HASH_COST);
let counter = 0;
/** A login no other test in this process uses. */
export const uniqueLogin = (prefix = 'user') => `${prefix}${process.pid}x${++counter}`;

export interface CreateUserOptions {
  role?: Role;
  activated?: boolean;
  /** The school's owner (at most one per database). */
  owner?: boolean;
  login?: string;
  name?: string;
  password?: string;
  grade?: number | null;
  gradeLetter?: string | null;
  groupIds?: number[];
}

/** Inserts a user straight into the database (password TEST_PASSWORD unless given) and mints a token. */
export async function createUser(t: TestApp, options: CreateUserOptions = {}): Promise<{ user: User; token: string; password: string }> {
  const role = options.role ?? 'student';
  const password = options.password ?? TEST_PASSWORD;
  const id = await insertUser(t.db, {
    login: options.login ?? uniqueLogin(role),
    passwordHash: await hasher.hash(password),
    name: options.name ?? `${role} ${counter}`,
    role,
    activated: options.activated ?? true,
    owner: options.owner ?? false,
    grade: options.grade !== undefined ? options.grade : role === 'student' ? 7 : null,
    gradeLetter: options.gradeLetter !== undefined ? options.gradeLetter : role === 'student' ? 'Б' : null,
  });
  for (const groupId of options.groupIds ?? []) await addMember(t.db, id, groupId);
  const user = (await findUserById(t.db, id))!;
  return { user, token: t.app.issueToken(user as AuthenticatedUser), password };
}

/** Inserts a group with a unique name. */
export async function createGroup(t: TestApp, name = `Group ${process.pid}-${++counter}`): Promise<{ id: number; name: string }> {
  const id = await insertGroup(t.db, name);
  return { id, name };
}

/** A live task of the group written straight to the database (the caches' tests write around the API). */
export async function createTaskRow(t: TestApp, groupId: number, authorId: number, title = 'T'): Promise<number> {
  const row = await t.db
    .insertInto('tasks')
    .values({ title, text: 'x', level: 'beginner', points: 2, group_id: groupId, author_id: authorId, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Authorization header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
