import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import fc from 'fast-check';
import { can, PERMISSIONS, requireAccess, requireActor, reviewScope, solutionScope, type AccountTarget, type Actor } from './access.policy.js';

const student: Actor = { id: 1, role: 'student', owner: false, groups: [{ id: 10, name: 'A' }] };
const teacher: Actor = { id: 2, role: 'teacher', owner: false, groups: [{ id: 10, name: 'A' }] };
const owner: Actor = { id: 3, role: 'teacher', owner: true, groups: [] };
const account = (who: Actor, activated = true): AccountTarget => ({ id: who.id, role: who.role, owner: who.owner, activated });
const otherTeacher: AccountTarget = { id: 4, role: 'teacher', owner: false, activated: true };
const pendingTeacher: AccountTarget = { id: 5, role: 'teacher', owner: false, activated: false };
const aStudent: AccountTarget = { id: 6, role: 'student', owner: false, activated: false };

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? `${error.statusCode} ${error.code}${error.messageKey !== error.code ? ` ${error.messageKey}` : ''}` : 'other';
  }
  return 'allowed';
};

/** The rules of PRODUCT.md §2, §3, §6, §7 and §16 as the one policy states them. */
describe('access policy', () => {
  it('names every permission in area.verb form', () => {
    expect(PERMISSIONS.length).toBeGreaterThan(20);
    for (const p of PERMISSIONS) expect(p).toMatch(/^[a-z][a-zA-Z]*\.[a-zA-Z]+$/);
  });

  it('keeps teacher accounts the owner’s to manage', () => {
    for (const p of ['user.update', 'user.rename', 'user.activate', 'user.deactivate', 'user.resetPassword', 'user.manageTeacher'] as const) {
      expect(refusal(() => requireAccess(teacher, p, otherTeacher)), p).toBe('403 FORBIDDEN FORBIDDEN.teacherAccount');
      expect(refusal(() => requireAccess(owner, p, otherTeacher)), p).toBe('allowed');
      expect(refusal(() => requireAccess(teacher, p, aStudent)), p).toBe('allowed');
      expect(refusal(() => requireAccess(student, p, aStudent)), p).toBe('403 FORBIDDEN');
    }
    expect(can(teacher, 'user.activate', pendingTeacher)).toBe(false);
    expect(can(owner, 'user.activate', pendingTeacher)).toBe(true);
  });

  it("keeps a student the teachers' of the student's groups (every teacher's while in none), and the owner's (issue 50)", () => {
    const ours: AccountTarget = { ...aStudent, groups: [{ id: 10 }] };
    const theirs: AccountTarget = { ...aStudent, groups: [{ id: 11 }] };
    for (const p of ['user.update', 'user.rename', 'user.activate', 'user.deactivate', 'user.resetPassword'] as const) {
      expect(refusal(() => requireAccess(teacher, p, ours)), p).toBe('allowed');
      expect(refusal(() => requireAccess(teacher, p, { ...aStudent, groups: [] })), p).toBe('allowed');
      expect(refusal(() => requireAccess(teacher, p, theirs)), p).toBe('403 FORBIDDEN FORBIDDEN.otherGroupStudent');
      expect(refusal(() => requireAccess(owner, p, theirs)), p).toBe('allowed');
    }
  });

  it("changes a closed group's teachers only for the owner and its own teachers (issue 50)", () => {
    expect(can(teacher, 'group.changeTeachers', { groupId: 11, closed: true })).toBe(false);
    expect(can(teacher, 'group.changeTeachers', { groupId: 11, closed: false })).toBe(true);
    expect(can(teacher, 'group.changeTeachers', { groupId: 10, closed: true })).toBe(true);
    expect(can(owner, 'group.changeTeachers', { groupId: 11, closed: true })).toBe(true);
    expect(can(student, 'group.changeTeachers', { groupId: 10, closed: false })).toBe(false);
  });

  it('lets nobody deactivate or rename the owner, and nobody deactivate themself', () => {
    for (const actor of [teacher, owner]) {
      expect(refusal(() => requireAccess(actor, 'user.deactivate', account(owner)))).toBe('403 FORBIDDEN FORBIDDEN.owner');
      expect(refusal(() => requireAccess(actor, 'user.rename', account(owner)))).toBe('403 FORBIDDEN FORBIDDEN.owner');
    }
    expect(refusal(() => requireAccess(teacher, 'user.deactivate', account(teacher)))).toBe('409 CANNOT_DEACTIVATE_SELF');
    expect(can(teacher, 'user.resetPassword', account(teacher))).toBe(false);
  });

  it('lets only the owner hand ownership on, and only to another active teacher', () => {
    expect(refusal(() => requireActor(teacher, 'user.transferOwnership'))).toBe('403 FORBIDDEN');
    expect(can(owner, 'user.transferOwnership', otherTeacher)).toBe(true);
    for (const target of [pendingTeacher, aStudent, account(owner)]) {
      expect(refusal(() => requireAccess(owner, 'user.transferOwnership', target))).toBe('409 OWNER_TARGET_INVALID');
    }
  });

  it('follows the groups: another group’s task or solution is hidden (404), another group’s board forbidden (403)', () => {
    expect(can(teacher, 'task.create', { groupId: 10 })).toBe(true);
    expect(refusal(() => requireAccess(teacher, 'task.create', { groupId: 11 }))).toBe('403 FORBIDDEN');
    expect(refusal(() => requireAccess(teacher, 'task.delete', { groupId: 11 }))).toBe('404 NOT_FOUND');
    expect(refusal(() => requireAccess(teacher, 'solution.review', { groupId: 11 }))).toBe('404 NOT_FOUND');
    expect(refusal(() => requireAccess(student, 'solution.submit', { groupId: 11 }))).toBe('404 NOT_FOUND');
    expect(refusal(() => requireAccess(teacher, 'solution.submit', { groupId: 10 }))).toBe('403 FORBIDDEN');
    expect(refusal(() => requireAccess(student, 'task.create', { groupId: 10 }))).toBe('403 FORBIDDEN');
    expect(can(student, 'leaderboard.read', { groupId: 10 })).toBe(true);
    expect(refusal(() => requireAccess(student, 'leaderboard.read', { groupId: 11 }))).toBe('403 FORBIDDEN');
    expect(solutionScope(student)).toEqual({ authorId: 1 });
    expect(solutionScope(teacher)).toEqual({ groupIds: [10] });
  });

  it('scopes a verdict\'s statement to exactly the groups the policy lets the actor judge in', () => {
    // solutions.service writes a verdict only within reviewScope, and asks the policy only when
    // nothing matched: the two must agree for every account and group.
    fc.assert(
      fc.property(
        fc.constantFrom('student', 'teacher', 'admin'),
        fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 20 }),
        (role, groups, groupId) => {
          const actor = { id: 7, role, owner: false, groups: groups.map((id) => ({ id, name: `G${id}` })) } as Actor;
          expect(reviewScope(actor).groupIds.includes(groupId)).toBe(can(actor, 'solution.review', { groupId }));
        },
      ),
    );
    expect(reviewScope(student)).toEqual({ groupIds: [] });
    expect(reviewScope(teacher)).toEqual({ groupIds: [10] });
  });

  it('gives teacher powers to teachers only', () => {
    for (const p of ['user.list', 'group.manage', 'task.listGroups', 'profile.updateTeacher'] as const) {
      expect(refusal(() => requireActor(student, p)), p).toBe('403 FORBIDDEN');
      expect(refusal(() => requireActor(teacher, p)), p).toBe('allowed');
    }
    expect(refusal(() => requireActor(teacher, 'profile.updateStudent'))).toBe('403 FORBIDDEN');
    expect(can(student, 'user.read', { id: 1 })).toBe(true);
    expect(can(student, 'user.read', { id: 2 })).toBe(false);
  });

  it('keeps saved comments their teacher’s own and a task’s answer groups its group’s teachers’ (PRODUCT.md §15)', () => {
    for (const p of ['snippet.list', 'snippet.create'] as const) {
      expect(refusal(() => requireActor(student, p)), p).toBe('403 FORBIDDEN');
      expect(refusal(() => requireActor(teacher, p)), p).toBe('allowed');
    }
    for (const p of ['snippet.delete', 'snippet.use'] as const) {
      expect(refusal(() => requireAccess(teacher, p, { ownerId: teacher.id })), p).toBe('allowed');
      expect(refusal(() => requireAccess(teacher, p, { ownerId: owner.id })), p).toBe('404 NOT_FOUND');
      expect(refusal(() => requireAccess(owner, p, { ownerId: teacher.id })), p).toBe('404 NOT_FOUND');
      expect(refusal(() => requireAccess(student, p, { ownerId: student.id })), p).toBe('403 FORBIDDEN');
    }
    expect(refusal(() => requireAccess(teacher, 'task.answerGroups', { groupId: 10 }))).toBe('allowed');
    expect(refusal(() => requireAccess(teacher, 'task.answerGroups', { groupId: 11 }))).toBe('403 FORBIDDEN');
    expect(refusal(() => requireAccess(student, 'task.answerGroups', { groupId: 10 }))).toBe('403 FORBIDDEN');
  });
});
