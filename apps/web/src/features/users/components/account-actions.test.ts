import { describe, expect, it } from 'vitest';
import type { User } from '@mathclub/shared';
import { accountActions } from './account-actions';

const student = (groups: number[]): User =>
  ({ id: 9, login: 's', name: 'S', role: 'student', activated: true, owner: false, grade: 7, gradeLetter: 'А', groups: groups.map((id) => ({ id, name: `G${id}` })) }) as User;

describe('accountActions (issue 50: a teacher manages the students of their own groups and of none)', () => {
  const teacher = { id: 1, owner: false, groups: [{ id: 1 }] };
  it('offers the buttons for a student of my group and for one in no group', () => {
    for (const user of [student([1]), student([])]) expect(accountActions(teacher, user)).toMatchObject({ toggle: true, setPassword: true, otherGroup: false });
  });
  it("makes another group's student read-only, and says why", () => {
    expect(accountActions(teacher, student([2]))).toMatchObject({ toggle: false, setPassword: false, otherGroup: true });
  });
  it('lets the owner manage everyone', () => {
    expect(accountActions({ id: 5, owner: true, groups: [] }, student([2]))).toMatchObject({ toggle: true, setPassword: true, otherGroup: false });
  });
});
