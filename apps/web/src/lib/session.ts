import { useSyncExternalStore } from 'react';
import type { AuthenticatedUser } from '@mathclub/shared';
import { TEACHING_ROLES, type Role } from '@mathclub/shared/constants';
import { paths } from '../config/paths';

/** localStorage keys named by SEED.md §3. */
export const TOKEN_KEY = 'accessToken';
export const USER_KEY = 'authenticatedUser';

export interface Session {
  token: string;
  user: AuthenticatedUser | null;
}

const listeners = new Set<() => void>();

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the payload of a JWT (no verification: the server checks it on every call). */
export function decodeToken(token: string): (AuthenticatedUser & { exp?: number }) | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const data = JSON.parse(base64UrlDecode(payload)) as Record<string, unknown>;
    if (typeof data.id !== 'number' || typeof data.role !== 'string') return null;
    return {
      id: data.id,
      login: String(data.login ?? ''),
      name: String(data.name ?? ''),
      role: data.role as Role,
      activated: Boolean(data.activated),
      owner: data.owner === true,
      grade: (data.grade as AuthenticatedUser['grade']) ?? null,
      gradeLetter: (data.gradeLetter as AuthenticatedUser['gradeLetter']) ?? null,
      groups: Array.isArray(data.groups) ? (data.groups as AuthenticatedUser['groups']) : [],
      exp: typeof data.exp === 'number' ? data.exp : undefined,
    };
  } catch {
    return null;
  }
}

function readStoredUser(): AuthenticatedUser | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as AuthenticatedUser | null;
  } catch {
    return null;
  }
}

function read(): Session {
  // The build prerenders pages in Node, where nobody is signed in.
  if (typeof localStorage === 'undefined') return { token: '', user: null };
  const token = localStorage.getItem(TOKEN_KEY) ?? '';
  if (!token) return { token: '', user: null };
  const decoded = decodeToken(token);
  if (!decoded || (decoded.exp !== undefined && decoded.exp * 1000 <= Date.now())) {
    return { token: '', user: null };
  }
  let user = readStoredUser();
  if (!user) {
    const { exp: _exp, ...fromToken } = decoded;
    user = fromToken;
  }
  return { token, user };
}

let current: Session = read();

function emit() {
  for (const listener of listeners) listener();
}

/** The stored token, or '' when signed out. */
export function getToken(): string {
  return current.token;
}

export function getSession(): Session {
  return current;
}

/** Stores a fresh token and the user it describes (sign-in, profile change). */
export function setSession(token: string): AuthenticatedUser | null {
  const decoded = decodeToken(token);
  if (!decoded) {
    clearSession();
    return null;
  }
  const { exp: _exp, ...user } = decoded;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  current = { token, user };
  emit();
  return user;
}

/**
 * Brings the stored user's groups and name in line with what the server says (its profile): a
 * group created, renamed, deleted or joined since the token was issued. Other tabs hear it through
 * the storage event. Nothing is written when nothing differs.
 */
export function syncSessionUser(fresh: Pick<AuthenticatedUser, 'groups' | 'name'>) {
  const user = current.user;
  if (!user || !current.token) return;
  const groups = fresh.groups.map((g) => ({ id: g.id, name: g.name }));
  if (user.name === fresh.name && JSON.stringify(user.groups) === JSON.stringify(groups)) return;
  const next = { ...user, name: fresh.name, groups };
  localStorage.setItem(USER_KEY, JSON.stringify(next));
  current = { token: current.token, user: next };
  emit();
}

/** Signs out locally: the token becomes '' and the user is removed. */
export function clearSession() {
  localStorage.setItem(TOKEN_KEY, '');
  localStorage.removeItem(USER_KEY);
  if (current.token === '' && current.user === null) return;
  current = { token: '', user: null };
  emit();
}

/** Re-reads localStorage (another tab signed in or out, or tests). */
export function reloadSession() {
  current = read();
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY || e.key === USER_KEY || e.key === null) reloadSession();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user, or null; re-renders on sign-in and sign-out. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function isTeacher(role: Role | undefined): boolean {
  return role !== undefined && TEACHING_ROLES.includes(role);
}

/** The home route of a role (SEED.md §9): /student, /teacher, else /login. */
export function roleHome(role: Role | undefined | null): string {
  if (role === 'student') return paths.student.root;
  if (role && isTeacher(role)) return paths.teacher.root;
  return paths.login;
}
