import { describe, expect, it } from 'vitest';
import { createTaskFieldsSchema, signUpSchema, studentProfileUpdateSchema, GRADE_LETTERS } from './index.js';

const firstKeys = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]).reverse());

describe('shared contracts', () => {
  it('has the 33 grade letters of SEED.md', () => {
    expect(GRADE_LETTERS).toHaveLength(33);
    expect(new Set(GRADE_LETTERS).size).toBe(33);
  });

  it('names each missing sign-up field with its i18n key', () => {
    const r = signUpSchema.safeParse({ role: 'student' });
    expect(firstKeys(r)).toMatchObject({
      login: 'auth.error.loginRequired',
      password: 'auth.error.passwordRequired',
      name: 'auth.error.nameRequired',
    });
    const s = signUpSchema.safeParse({ login: 'a', password: '12345678', name: 'A', role: 'student' });
    expect(firstKeys(s)).toEqual({ grade: 'auth.error.gradeRequired', gradeLetter: 'auth.error.gradeLetterRequired' });
    const t = signUpSchema.safeParse({ login: 'a', password: '12345678', name: 'A', role: 'student', grade: 13, gradeLetter: 'А' });
    expect(firstKeys(t)).toEqual({ grade: 'auth.error.gradeRange' });
  });

  it('refuses admin and missing roles at sign-up', () => {
    expect(firstKeys(signUpSchema.safeParse({ login: 'a', password: '12345678', name: 'A', role: 'admin' }))).toEqual({ role: 'auth.error.roleRequired' });
    expect(signUpSchema.safeParse({ login: ' t ', password: '12345678', name: 'T', role: 'teacher' }).data?.login).toBe('t');
  });

  it('reads multipart task fields as text', () => {
    const ok = createTaskFieldsSchema.safeParse({ title: ' T ', text: '', level: 'beginner', points: '3', group: '7' });
    // Without answer-key fields: no key, judged by hand (PRODUCT.md §9).
    expect(ok.data).toEqual({ title: 'T', text: '', level: 'beginner', points: 3, group: 7, answerKind: 'none', answerKey: '', tolerance: 0, checkMode: 'manual' });
    const keyed = createTaskFieldsSchema.safeParse({ title: 'T', level: 'beginner', points: '3', group: '7', answerKind: 'number', answerKey: ' 5/6 ', tolerance: '0.5', checkMode: 'auto' });
    expect(keyed.data).toMatchObject({ answerKind: 'number', answerKey: '5/6', tolerance: 0.5, checkMode: 'auto' });
    const bad = createTaskFieldsSchema.safeParse({ title: '', level: 'x', points: '', group: '' });
    expect(firstKeys(bad)).toEqual({
      title: 'teacher.tasks.form.errors.titleRequired',
      level: 'teacher.tasks.form.errors.levelRequired',
      points: 'teacher.tasks.form.errors.pointsRequired',
      group: 'teacher.tasks.form.errors.groupRequired',
    });
    expect(firstKeys(createTaskFieldsSchema.safeParse({ title: 'a', level: 'beginner', points: '9', group: '1' }))).toEqual({ points: 'teacher.tasks.form.errors.pointsRange' });
  });

  it('accepts a student profile with one group given as id or object', () => {
    expect(studentProfileUpdateSchema.parse({ groups: [{ id: 3, name: 'x' }] })).toEqual({ groups: [3] });
    expect(firstKeys(studentProfileUpdateSchema.safeParse({ groups: [] }))).toEqual({ groups: 'profileForm.error.groupRequired' });
  });
});
