import { TEACHING_ROLES, type AuthenticatedUser, type Role } from '@mathclub/shared';
import { AppError } from '../../lib/app-error.js';
import type { MessageKey } from '../../i18n/messages.js';

/**
 * Who may do what: every access rule of the API (PRODUCT.md §2, §3, §6, §7, §16) in one table.
 * Routes ask for the caller's part (`app.authorize(permission)`: may this kind of account do it at
 * all?), services for the resource's part (`requireAccess(actor, permission, resource)`: this
 * task, this account, this group?). Nothing else decides access.
 *
 * Adding a route: name its permission in `Resources` (with the facts its rule needs, or `void`),
 * write the rule in `POLICY`, put `onRequest: app.authorize('area.verb')` on the route, call
 * `requireAccess` in the service where the resource is known, and add its row to
 * `hardening/access.test.ts` (which fails for a route without one).
 */

/** The signed-in caller as the database has it for this request. */
export type Actor = Pick<AuthenticatedUser, 'id' | 'role' | 'owner' | 'groups'>;

/** An account being acted upon. */
export interface AccountTarget {
  id: number;
  role: Role;
  owner: boolean;
  activated: boolean;
}

/** Something that belongs to one group (a task, a solution through its task, a leaderboard). */
export interface InGroup {
  groupId: number;
}

/** What each permission's rule looks at besides the caller (`void`: the caller alone decides). */
export interface Resources {
  'session.logout': void;
  'profile.read': void;
  'profile.changeOwnPassword': void;
  'profile.updateTeacher': void;
  'profile.updateStudent': void;
  'user.list': void;
  'user.read': AccountTarget | { id: number };
  /** Name, grade, letter and groups (PUT /api/users/{id}); each changed field is asked for separately. */
  'user.update': AccountTarget;
  'user.rename': AccountTarget;
  /** Activation and deactivation both. */
  'user.activate': AccountTarget;
  'user.deactivate': AccountTarget;
  'user.resetPassword': AccountTarget;
  /** Any change to a teacher account made by someone else: the owner's alone. */
  'user.manageTeacher': AccountTarget;
  'user.transferOwnership': AccountTarget;
  'group.list': void;
  'group.manage': void;
  'task.listGroups': void;
  'task.listMine': void;
  'task.create': InGroup;
  'task.delete': InGroup;
  /** PATCH /api/tasks/{id}: the answer key now, every field of a task later (PRODUCT.md §9, §10). */
  'task.update': InGroup;
  'solution.list': void;
  'solution.submit': InGroup;
  'solution.review': InGroup;
  'leaderboard.read': InGroup;
}
export type Permission = keyof Resources;

/**
 * How a refusal answers: 403, or 404 where saying "forbidden" would confirm that another group's
 * task or solution exists. A specific message or code may say why.
 */
type Denial = { status: 'forbidden' | 'notFound'; messageKey?: MessageKey } | AppError;

interface Rule<R> {
  /** Whether this kind of account may ask at all (checked on the route, before the body is read). */
  actor: (actor: Actor) => boolean;
  /** The resource part: true, or how to refuse. Omitted: the actor part decides alone. */
  resource?: (actor: Actor, resource: R) => true | Denial;
  /** How a refused actor is answered (default 403). */
  deniedAs?: 'forbidden' | 'notFound';
}

/** Roles that author tasks, review and manage accounts. */
export const hasTeacherPowers = (actor: Pick<Actor, 'role'>): boolean => TEACHING_ROLES.includes(actor.role);
const isStudent = (actor: Actor) => actor.role === 'student';
const anyone = () => true;
const isMember = (actor: Actor, groupId: number) => actor.groups.some((g) => g.id === groupId);

const FORBIDDEN: Denial = { status: 'forbidden' };
const HIDDEN: Denial = { status: 'notFound' };
const TEACHER_ACCOUNT: Denial = { status: 'forbidden', messageKey: 'FORBIDDEN.teacherAccount' };
const OWNER_PROTECTED: Denial = { status: 'forbidden', messageKey: 'FORBIDDEN.owner' };

/** Another person's teacher account: only the owner manages it (PRODUCT.md §16). */
const teacherAccountRule = (actor: Actor, target: AccountTarget): true | Denial =>
  !hasTeacherPowers(target) || target.id === actor.id || actor.owner ? true : TEACHER_ACCOUNT;

const POLICY: { [P in Permission]: Rule<Resources[P]> } = {
  'session.logout': { actor: anyone },
  'profile.read': { actor: anyone },
  'profile.changeOwnPassword': { actor: anyone },
  'profile.updateTeacher': { actor: hasTeacherPowers },
  'profile.updateStudent': { actor: isStudent },

  'user.list': { actor: hasTeacherPowers },
  // Teachers see anyone; everybody else only themselves.
  'user.read': { actor: anyone, resource: (actor, target) => (hasTeacherPowers(actor) || target.id === actor.id ? true : FORBIDDEN) },
  'user.update': { actor: hasTeacherPowers, resource: teacherAccountRule },
  'user.manageTeacher': { actor: hasTeacherPowers, resource: teacherAccountRule },
  // Nobody renames the owner, the owner included (the owner's own profile page still can).
  'user.rename': { actor: hasTeacherPowers, resource: (actor, target) => (target.owner ? OWNER_PROTECTED : teacherAccountRule(actor, target)) },
  'user.activate': { actor: hasTeacherPowers, resource: teacherAccountRule },
  'user.deactivate': {
    actor: hasTeacherPowers,
    resource: (actor, target) => {
      if (target.owner) return OWNER_PROTECTED;
      if (target.id === actor.id) return new AppError('CANNOT_DEACTIVATE_SELF');
      return teacherAccountRule(actor, target);
    },
  },
  // One's own password is changed with the current one (profile.changeOwnPassword), never reset.
  'user.resetPassword': { actor: hasTeacherPowers, resource: (actor, target) => (target.id === actor.id ? FORBIDDEN : teacherAccountRule(actor, target)) },
  'user.transferOwnership': {
    actor: (actor) => hasTeacherPowers(actor) && actor.owner,
    resource: (actor, target) =>
      target.id !== actor.id && target.role === 'teacher' && target.activated ? true : new AppError('OWNER_TARGET_INVALID'),
  },

  'group.list': { actor: anyone },
  // Any teacher creates, renames and deletes groups (PRODUCT.md §3).
  'group.manage': { actor: hasTeacherPowers },

  'task.listGroups': { actor: hasTeacherPowers },
  'task.listMine': { actor: anyone },
  'task.create': { actor: hasTeacherPowers, resource: (actor, task) => (isMember(actor, task.groupId) ? true : FORBIDDEN) },
  'task.delete': { actor: hasTeacherPowers, resource: (actor, task) => (isMember(actor, task.groupId) ? true : HIDDEN) },
  'task.update': { actor: hasTeacherPowers, resource: (actor, task) => (isMember(actor, task.groupId) ? true : HIDDEN) },

  'solution.list': { actor: anyone },
  'solution.submit': { actor: isStudent, resource: (actor, task) => (isMember(actor, task.groupId) ? true : HIDDEN) },
  'solution.review': { actor: hasTeacherPowers, resource: (actor, solution) => (isMember(actor, solution.groupId) ? true : HIDDEN) },

  'leaderboard.read': { actor: anyone, resource: (actor, board) => (isMember(actor, board.groupId) ? true : FORBIDDEN) },
};

/** Every permission name, for the docs and the tests. */
export const PERMISSIONS = Object.keys(POLICY) as Permission[];

const toError = (denial: Denial): AppError =>
  denial instanceof AppError
    ? denial
    : new AppError(denial.status === 'notFound' ? 'NOT_FOUND' : 'FORBIDDEN', denial.messageKey ? { messageKey: denial.messageKey } : {});

/** The caller's part of a permission: may this kind of account ask at all? */
export function actorMay(actor: Actor, permission: Permission): boolean {
  return POLICY[permission].actor(actor);
}

/** Throws the refusal (403, 404 or a specific error) when `actor` may not ask for `permission` at all. */
export function requireActor(actor: Actor, permission: Permission): void {
  const rule = POLICY[permission];
  if (!rule.actor(actor)) throw toError({ status: rule.deniedAs ?? 'forbidden' });
}

/** The refusal for `actor` doing `permission` on `resource`, or null when allowed. */
function decide<P extends Permission>(actor: Actor, permission: P, resource: Resources[P]): AppError | null {
  const rule = POLICY[permission] as Rule<Resources[P]>;
  if (!rule.actor(actor)) return toError({ status: rule.deniedAs ?? 'forbidden' });
  const verdict = rule.resource ? rule.resource(actor, resource) : true;
  return verdict === true ? null : toError(verdict);
}

/** True when `actor` may do `permission` on `resource`. */
export function can<P extends Permission>(actor: Actor, permission: P, ...resource: Resources[P] extends void ? [] : [Resources[P]]): boolean {
  return decide(actor, permission, resource[0] as Resources[P]) === null;
}

/** Throws the refusal (403, 404 or a specific error) unless `actor` may do `permission` on `resource`. */
export function requireAccess<P extends Permission>(actor: Actor, permission: P, ...resource: Resources[P] extends void ? [] : [Resources[P]]): void {
  const refusal = decide(actor, permission, resource[0] as Resources[P]);
  if (refusal) throw refusal;
}

/**
 * Which solutions a list may return: a student only their own, whatever they ask for; a teacher
 * those of the tasks in their groups. The list query narrows within it.
 */
export function solutionScope(actor: Actor): { authorId: number } | { groupIds: number[] } {
  return hasTeacherPowers(actor) ? { groupIds: groupIdsOf(actor) } : { authorId: actor.id };
}

/** The groups whose tasks `actor` sees (a student has one, a teacher several). */
export function taskScope(actor: Actor): { groupIds: number[] } {
  return { groupIds: groupIdsOf(actor) };
}

/** The ids of the caller's groups. */
export const groupIdsOf = (actor: Pick<Actor, 'groups'>): number[] => actor.groups.map((g) => g.id);
