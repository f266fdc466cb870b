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
  /** The account's groups: a student of another teacher's group is that teacher's to manage. */
  groups?: readonly { id: number }[];
}

/** Something that belongs to one group (a task, a solution through its task, a leaderboard). */
export interface InGroup {
  groupId: number;
}

/** Something that belongs to one account (a saved comment). */
export interface OwnedBy {
  ownerId: number;
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
  /** A group's join code and settings (PRODUCT.md §13): its own teachers only. */
  'group.configure': InGroup;
  /** POST /api/groups/join: a student joins a group by its code. */
  'group.join': void;
  /** Adding or removing a teacher of a group (a profile save, PUT /api/users/{id}): a closed one is its teachers' and the owner's. */
  'group.changeTeachers': InGroup & { closed: boolean };
  /** POST /api/users/import: a teacher of the group brings a class in. */
  'user.import': InGroup;
  'task.listGroups': void;
  'task.listMine': void;
  'task.create': InGroup;
  'task.delete': InGroup;
  /** PATCH /api/tasks/{id}: every field of a task (PRODUCT.md §9, §10); asked again for the group it moves to. */
  'task.update': InGroup;
  /** POST /api/tasks/{id}/copy: asked for the source task's group and for the target group. */
  'task.copy': InGroup;
  /** GET /api/groups/{id}/gradebook (and .csv, .xlsx): the group's whole matrix (PRODUCT.md §11). */
  'gradebook.read': InGroup;
  'solution.list': void;
  'solution.submit': InGroup;
  'solution.review': InGroup;
  /** POST /api/solutions/review: asked once per solution, so one foreign id refuses them all. */
  'solution.reviewMany': InGroup;
  /** GET /api/tasks/{id}/answer-groups: the task's waiting typed answers, grouped (PRODUCT.md §15). */
  'task.answerGroups': InGroup;
  /** A teacher's own saved comments (PRODUCT.md §15): list and create. */
  'snippet.list': void;
  'snippet.create': void;
  /** Delete one, or put it in a verdict (snippetId): its own teacher only; anyone else's is a 404. */
  'snippet.delete': OwnedBy;
  'snippet.use': OwnedBy;
  /** POST /api/answer-keys/check: the task form's key preview and "try an answer" (PRODUCT.md §9). */
  'answerKey.check': void;
  /** GET /api/school/checklist: the first-run checklist of the school's set-up (issue 26). */
  'school.checklist': void;
  'leaderboard.read': InGroup;
  /** GET /api/events: one's own live events (the audience of each is checked per event). */
  'live.stream': void;
  /** One's own notifications only. */
  'notification.list': void;
  'notification.read': void;
  /** One's own achievements: students earn them. */
  'achievement.read': void;
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

const OTHER_GROUP_STUDENT: Denial = { status: 'forbidden', messageKey: 'FORBIDDEN.otherGroupStudent' };

/**
 * Another person's teacher account: only the owner manages it (PRODUCT.md §16). A student: the
 * teachers of the student's groups, and every teacher while the student is in no group (a fresh
 * sign-up); the owner manages everyone (issue 50).
 */
const teacherAccountRule = (actor: Actor, target: AccountTarget): true | Denial => {
  if (target.id === actor.id || actor.owner) return true;
  if (hasTeacherPowers(target)) return TEACHER_ACCOUNT;
  const groups = target.groups ?? [];
  return groups.length === 0 || groups.some((g) => isMember(actor, g.id)) ? true : OTHER_GROUP_STUDENT;
};

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
  // Another group's teacher neither reads nor rotates its code: the code lets anyone in.
  'group.configure': { actor: hasTeacherPowers, resource: (actor, group) => (isMember(actor, group.groupId) ? true : FORBIDDEN) },
  'group.join': { actor: isStudent },
  'group.changeTeachers': { actor: hasTeacherPowers, resource: (actor, group) => (!group.closed || actor.owner || isMember(actor, group.groupId) ? true : FORBIDDEN) },
  'user.import': { actor: hasTeacherPowers, resource: (actor, group) => (isMember(actor, group.groupId) ? true : FORBIDDEN) },

  'task.listGroups': { actor: hasTeacherPowers },
  'task.listMine': { actor: anyone },
  'task.create': { actor: hasTeacherPowers, resource: (actor, task) => (isMember(actor, task.groupId) ? true : FORBIDDEN) },
  'task.delete': { actor: hasTeacherPowers, resource: (actor, task) => (isMember(actor, task.groupId) ? true : HIDDEN) },
  // Editing another group's task is refused outright (PRODUCT.md §10 asks for 403): the teacher
  // can see that tasks exist; what they may not do is change them.
  'task.update': { actor: hasTeacherPowers, resource: (actor, task) => (isMember(actor, task.groupId) ? true : FORBIDDEN) },
  'task.copy': { actor: hasTeacherPowers, resource: (actor, task) => (isMember(actor, task.groupId) ? true : FORBIDDEN) },
  'gradebook.read': { actor: hasTeacherPowers, resource: (actor, group) => (isMember(actor, group.groupId) ? true : FORBIDDEN) },

  'solution.list': { actor: anyone },
  'solution.submit': { actor: isStudent, resource: (actor, task) => (isMember(actor, task.groupId) ? true : HIDDEN) },
  'solution.review': { actor: hasTeacherPowers, resource: (actor, solution) => (isMember(actor, solution.groupId) ? true : HIDDEN) },
  'solution.reviewMany': { actor: hasTeacherPowers, resource: (actor, solution) => (isMember(actor, solution.groupId) ? true : HIDDEN) },
  // As for a task's edit: another group's teacher may know the task exists, not read its answers.
  'task.answerGroups': { actor: hasTeacherPowers, resource: (actor, task) => (isMember(actor, task.groupId) ? true : FORBIDDEN) },
  'snippet.list': { actor: hasTeacherPowers },
  'snippet.create': { actor: hasTeacherPowers },
  // Another teacher's comment does not exist for the caller.
  'snippet.delete': { actor: hasTeacherPowers, resource: (actor, snippet) => (snippet.ownerId === actor.id ? true : HIDDEN) },
  'snippet.use': { actor: hasTeacherPowers, resource: (actor, snippet) => (snippet.ownerId === actor.id ? true : HIDDEN) },
  'answerKey.check': { actor: hasTeacherPowers },
  'school.checklist': { actor: (actor) => hasTeacherPowers(actor) && actor.owner },

  'leaderboard.read': { actor: anyone, resource: (actor, board) => (isMember(actor, board.groupId) ? true : FORBIDDEN) },

  'live.stream': { actor: anyone },
  'notification.list': { actor: anyone },
  'notification.read': { actor: anyone },
  'achievement.read': { actor: isStudent },
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

/**
 * The groups in whose solutions `actor` may record a verdict ('solution.review'): a teacher's own
 * groups, none for anyone else. A verdict's statement writes only within them (solutions.service).
 */
export function reviewScope(actor: Actor): { groupIds: number[] } {
  return { groupIds: hasTeacherPowers(actor) ? groupIdsOf(actor) : [] };
}

/** The groups whose tasks `actor` sees (a student has one, a teacher several). */
export function taskScope(actor: Actor): { groupIds: number[] } {
  return { groupIds: groupIdsOf(actor) };
}

/** The ids of the caller's groups. */
export const groupIdsOf = (actor: Pick<Actor, 'groups'>): number[] => actor.groups.map((g) => g.id);
