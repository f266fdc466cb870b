import { beforeEach, describe, expect, it } from 'vitest';
import { makeToken, student, teacher } from '../test/utils';
import { clearSession, decodeToken, getSession, reloadSession, roleHome, setSession, syncSessionUser, TOKEN_KEY, USER_KEY } from './session';

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSession();
  });

  it('decodes a token payload with Cyrillic names', () => {
    expect(decodeToken(makeToken(teacher))).toMatchObject({ id: 1, name: 'Олена Петрівна', role: 'teacher' });
    expect(decodeToken('not-a-token')).toBeNull();
  });

  it('stores the token and the decoded user under the SEED.md keys', () => {
    const token = makeToken(student);
    const user = setSession(token);
    expect(user).toEqual(student);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(student);
  });

  it("follows the server's groups and name without a new token (issue 49), and writes nothing when they agree", () => {
    const token = makeToken(teacher);
    setSession(token);
    const groups = [{ id: 7, name: '7-А' }, { id: 8, name: '8-Б' }];
    syncSessionUser({ name: teacher.name, groups: groups.map((g) => ({ ...g, extra: 1 })) });
    expect(getSession()).toEqual({ token, user: { ...teacher, groups } });
    expect(JSON.parse(localStorage.getItem(USER_KEY)!).groups).toEqual(groups);
    const before = getSession();
    syncSessionUser({ name: teacher.name, groups });
    expect(getSession()).toBe(before);
    clearSession();
    syncSessionUser({ name: 'x', groups });
    expect(getSession().user).toBeNull();
  });

  it('clears to an empty token and no user', () => {
    setSession(makeToken(student));
    clearSession();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('');
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(getSession()).toEqual({ token: '', user: null });
  });

  it('restores the session from localStorage on load, but not an expired one', () => {
    localStorage.setItem(TOKEN_KEY, makeToken(teacher));
    localStorage.setItem(USER_KEY, JSON.stringify(teacher));
    reloadSession();
    expect(getSession().user?.login).toBe('admin');
    localStorage.setItem(TOKEN_KEY, makeToken(teacher, -10));
    reloadSession();
    expect(getSession().user).toBeNull();
  });

  it('knows each role home', () => {
    expect(roleHome('student')).toBe('/student');
    expect(roleHome('teacher')).toBe('/teacher');
    expect(roleHome('admin')).toBe('/teacher');
    expect(roleHome(undefined)).toBe('/login');
  });
});
