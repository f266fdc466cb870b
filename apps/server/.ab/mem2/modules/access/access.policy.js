import { TEACHING_ROLES } from '@mathclub/shared';
import { AppError } from '../../lib/app-error.js';
/** Roles that author tasks, review and manage accounts. */
export const hasTeacherPowers = (actor) => TEACHING_ROLES.includes(actor.role);
const isStudent = (actor) => actor.role === 'student';
const anyone = () => true;
const isMember = (actor, groupId) => actor.groups.some((g) => g.id === groupId);
const FORBIDDEN = { status: 'forbidden' };
const HIDDEN = { status: 'notFound' };
const TEACHER_ACCOUNT = { status: 'forbidden', messageKey: 'FORBIDDEN.teacherAccount' };
const OWNER_PROTECTED = { status: 'forbidden', messageKey: 'FORBIDDEN.owner' };
const OTHER_GROUP_STUDENT = { status: 'forbidden', messageKey: 'FORBIDDEN.otherGroupStudent' };
/**
 * Another person's teacher account: only the owner manages it (PRODUCT.md §16). A student: the
 * teachers of the student's groups, and every teacher while the student is in no group (a fresh
 * sign-up); the owner manages everyone (issue 50).
 */
const teacherAccountRule = (actor, target) => {
    if (target.id === actor.id || actor.owner)
        return true;
    if (hasTeacherPowers(target))
        return TEACHER_ACCOUNT;
    const groups = target.groups ?? [];
    return groups.length === 0 || groups.some((g) => isMember(actor, g.id)) ? true : OTHER_GROUP_STUDENT;
};
const POLICY = {
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
            if (target.owner)
                return OWNER_PROTECTED;
            if (target.id === actor.id)
                return new AppError('CANNOT_DEACTIVATE_SELF');
            return teacherAccountRule(actor, target);
        },
    },
    // One's own password is changed with the current one (profile.changeOwnPassword), never reset.
    'user.resetPassword': { actor: hasTeacherPowers, resource: (actor, target) => (target.id === actor.id ? FORBIDDEN : teacherAccountRule(actor, target)) },
    'user.transferOwnership': {
        actor: (actor) => hasTeacherPowers(actor) && actor.owner,
        resource: (actor, target) => target.id !== actor.id && target.role === 'teacher' && target.activated ? true : new AppError('OWNER_TARGET_INVALID'),
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
export const PERMISSIONS = Object.keys(POLICY);
const toError = (denial) => denial instanceof AppError
    ? denial
    : new AppError(denial.status === 'notFound' ? 'NOT_FOUND' : 'FORBIDDEN', denial.messageKey ? { messageKey: denial.messageKey } : {});
/** The caller's part of a permission: may this kind of account ask at all? */
export function actorMay(actor, permission) {
    return POLICY[permission].actor(actor);
}
/** Throws the refusal (403, 404 or a specific error) when `actor` may not ask for `permission` at all. */
export function requireActor(actor, permission) {
    const rule = POLICY[permission];
    if (!rule.actor(actor))
        throw toError({ status: rule.deniedAs ?? 'forbidden' });
}
/** The refusal for `actor` doing `permission` on `resource`, or null when allowed. */
function decide(actor, permission, resource) {
    const rule = POLICY[permission];
    if (!rule.actor(actor))
        return toError({ status: rule.deniedAs ?? 'forbidden' });
    const verdict = rule.resource ? rule.resource(actor, resource) : true;
    return verdict === true ? null : toError(verdict);
}
/** True when `actor` may do `permission` on `resource`. */
export function can(actor, permission, ...resource) {
    return decide(actor, permission, resource[0]) === null;
}
/** Throws the refusal (403, 404 or a specific error) unless `actor` may do `permission` on `resource`. */
export function requireAccess(actor, permission, ...resource) {
    const refusal = decide(actor, permission, resource[0]);
    if (refusal)
        throw refusal;
}
/**
 * Which solutions a list may return: a student only their own, whatever they ask for; a teacher
 * those of the tasks in their groups. The list query narrows within it.
 */
export function solutionScope(actor) {
    return hasTeacherPowers(actor) ? { groupIds: groupIdsOf(actor) } : { authorId: actor.id };
}
/**
 * The groups in whose solutions `actor` may record a verdict ('solution.review'): a teacher's own
 * groups, none for anyone else. A verdict's statement writes only within them (solutions.service).
 */
export function reviewScope(actor) {
    return { groupIds: hasTeacherPowers(actor) ? groupIdsOf(actor) : [] };
}
/** The groups whose tasks `actor` sees (a student has one, a teacher several). */
export function taskScope(actor) {
    return { groupIds: groupIdsOf(actor) };
}
/** The ids of the caller's groups. */
export const groupIdsOf = (actor) => actor.groups.map((g) => g.id);
//# sourceMappingURL=access.policy.js.map