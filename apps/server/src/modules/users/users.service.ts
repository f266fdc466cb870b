import type { Kysely } from 'kysely';
import type {
  AuthenticatedUser,
  ChangeOwnPassword,
  SignUpInput,
  StudentProfileUpdate,
  TeacherProfileUpdate,
  User,
  UserUpdateInput,
} from '@mathclub/shared';
import { isUniqueViolation, nowIso } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { hasTeacherPowers } from '../../plugins/auth.js';
import { existingGroupIds } from '../groups/groups.repository.js';
import * as repo from './users.repository.js';

const loginTaken = () => validationError({ login: 'auth.error.loginTaken' }, 'LOGIN_TAKEN');

/** Accounts: sign-up, the teacher's student list, profiles and passwords. Access checks live here. */
export class UsersService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly passwords: PasswordHasher,
  ) {}

  /** Public sign-up: always inactive, grade and letter only for students. */
  async signUp(input: SignUpInput): Promise<User> {
    const isStudent = input.role === 'student';
    if (await repo.findCredentialsByLogin(this.db, input.login)) throw loginTaken();
    const passwordHash = await this.passwords.hash(input.password);
    try {
      const id = await repo.insertUser(this.db, {
        login: input.login,
        passwordHash,
        name: input.name,
        role: input.role,
        activated: false,
        grade: isStudent ? (input.grade ?? null) : null,
        gradeLetter: isStudent ? (input.gradeLetter ?? null) : null,
      });
      return (await repo.findUserById(this.db, id))!;
    } catch (err) {
      // Two sign-ups racing for one login: the unique index decides.
      if (isUniqueViolation(err)) throw loginTaken();
      throw err;
    }
  }

  /** Teachers see everyone. */
  list(): Promise<User[]> {
    return repo.listUsers(this.db);
  }

  /** Teachers see anyone; everybody else only themselves. */
  async get(actor: AuthenticatedUser, id: number): Promise<User> {
    if (!hasTeacherPowers(actor) && actor.id !== id) throw new AppError('FORBIDDEN');
    const user = await repo.findUserById(this.db, id);
    if (!user) throw notFound();
    return user;
  }

  /** A teacher changes name, activation, grade, letter and groups; nothing else. */
  async update(actor: AuthenticatedUser, id: number, input: UserUpdateInput): Promise<User> {
    const target = await repo.findUserById(this.db, id);
    if (!target) throw notFound();
    if (actor.id === id && input.activated === false) throw new AppError('CANNOT_DEACTIVATE_SELF');

    const isStudent = target.role === 'student';
    const patch: repo.UserPatch = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.activated !== undefined) patch.activated = input.activated;
    if (isStudent) {
      // A student always has a grade and a letter; null would erase them.
      const errors: Record<string, string> = {};
      if (input.grade === null) errors.grade = 'auth.error.gradeRequired';
      if (input.gradeLetter === null) errors.gradeLetter = 'auth.error.gradeLetterRequired';
      if (Object.keys(errors).length > 0) throw validationError(errors);
      if (input.grade !== undefined) patch.grade = input.grade;
      if (input.gradeLetter !== undefined) patch.gradeLetter = input.gradeLetter;
    }
    const groupIds = input.groups === undefined ? undefined : await this.checkGroups(input.groups, isStudent ? 1 : Infinity);

    await this.db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, id, patch);
      if (groupIds) await repo.replaceUserGroups(trx, id, groupIds);
    });
    return (await repo.findUserById(this.db, id))!;
  }

  /** The signed-in user as stored now. */
  async profile(actor: AuthenticatedUser): Promise<User> {
    const user = await repo.findUserById(this.db, actor.id);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }

  /** A teacher renames themself and picks their groups. */
  async updateTeacherProfile(actor: AuthenticatedUser, input: TeacherProfileUpdate): Promise<User> {
    const groupIds = await this.checkGroups(input.groups, Infinity);
    await this.db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, actor.id, { name: input.name });
      await repo.replaceUserGroups(trx, actor.id, groupIds);
    });
    return this.profile(actor);
  }

  /** A student picks their one group; their name is read-only. */
  async updateStudentProfile(actor: AuthenticatedUser, input: StudentProfileUpdate): Promise<User> {
    const groupIds = await this.checkGroups(input.groups, 1);
    await this.db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, actor.id, {});
      await repo.replaceUserGroups(trx, actor.id, groupIds);
    });
    return this.profile(actor);
  }

  /**
   * Anyone changes their own password after proving the current one. Every older session ends;
   * the caller gets the user back to issue a fresh token for the device they are on.
   */
  async changeOwnPassword(actor: AuthenticatedUser, input: ChangeOwnPassword): Promise<User> {
    const currentHash = await repo.findPasswordHash(this.db, actor.id);
    if (!currentHash || !(await this.passwords.verify(currentHash, input.currentPassword))) {
      throw validationError({ currentPassword: 'password.error.currentWrong' }, 'WRONG_PASSWORD');
    }
    const passwordHash = await this.passwords.hash(input.newPassword);
    await repo.updateUser(this.db, actor.id, { passwordHash, sessionsValidAfter: nowIso() });
    return this.profile(actor);
  }

  /** A teacher sets a temporary password for a student who forgot theirs (never for a teacher). */
  async setTemporaryPassword(actor: AuthenticatedUser, id: number, password: string): Promise<void> {
    const target = await repo.findUserById(this.db, id);
    if (!target) throw notFound();
    if (target.role !== 'student' || target.id === actor.id) throw new AppError('FORBIDDEN');
    // Whoever was using the forgotten (or leaked) password is signed out too.
    await repo.updateUser(this.db, id, { passwordHash: await this.passwords.hash(password), sessionsValidAfter: nowIso() });
  }

  /** Deduplicates group ids and checks they exist and fit the role's limit. */
  private async checkGroups(ids: number[], max: number): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length > max) throw validationError({ groups: 'profileForm.error.oneGroupOnly' });
    const existing = await existingGroupIds(this.db, unique);
    if (existing.size !== unique.length) throw validationError({ groups: 'profileForm.error.groupUnknown' });
    return unique;
  }
}
