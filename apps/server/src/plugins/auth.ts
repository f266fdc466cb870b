import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { TEACHING_ROLES, type AuthenticatedUser, type Role } from '@mathclub/shared';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';

/** What each route may ask for: any signed-in user, teacher powers (teacher or admin), or a student. */
export type Requirement = 'signedIn' | 'teacher' | 'student';
type Hook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid token of an existing, activated account; sets request.currentUser. */
    authenticate: Hook;
    /** onRequest hook: authenticate, then check the role ('teacher' means teacher powers). */
    requireRole: (requirement: Requirement) => Hook;
    /** Signs an access token describing `user` (sub = id). */
    issueToken: (user: AuthenticatedUser) => string;
  }
  interface FastifyRequest {
    /** The account as the database has it now, loaded on every authenticated request. */
    currentUser: AuthenticatedUser | null;
    /** The database's change token read with the account (ReadCache.get), or null before that. */
    dataVersion: string | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** iatMs: the issue time in milliseconds (iat has whole seconds), for the password-change check. */
    payload: AuthenticatedUser & { sub: string; iatMs?: number };
    user: AuthenticatedUser & { sub: string };
  }
}

/** True for roles that author tasks, review and manage accounts. */
export const hasTeacherPowers = (user: { role: Role }) => TEACHING_ROLES.includes(user.role);

/** The signed-in user; throws 401 when the route forgot its authenticate hook. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.currentUser) throw new AppError('UNAUTHORIZED');
  return request.currentUser;
}

/**
 * JWT (HS256 only, with expiry) plus a database check on every request: a token alone is not
 * enough, so a deactivated or deleted account is out at its very next request.
 */
export async function registerAuth(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyJwt, {
    secret: config.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: config.tokenTtlSeconds },
    // A token without an expiry would never end: refuse it even when correctly signed.
    // Checked tokens are remembered (keyed by a hash of the whole token, never past their exp) so a
    // client's next requests skip the decode, HMAC and claim checks; the account itself is still
    // checked on every request.
    verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'], cache: 2000 },
  });
  app.decorateRequest('currentUser', null);
  app.decorateRequest('dataVersion', null);

  app.decorate('issueToken', (user: AuthenticatedUser) =>
    app.jwt.sign({
      sub: String(user.id),
      iatMs: Date.now(),
      id: user.id,
      login: user.login,
      name: user.name,
      role: user.role,
      activated: user.activated,
      grade: user.grade,
      gradeLetter: user.gradeLetter,
      groups: user.groups.map((g) => ({ id: g.id, name: g.name })),
    }),
  );

  const authenticate: Hook = async (request) => {
    let sub: string | undefined;
    let issuedAtMs: number;
    try {
      // "Bearer <token>", exactly as @fastify/jwt reads it, verified synchronously with the
      // global options (request.jwtVerify adds a callback waterfall and a second decode per call).
      const parts = (request.headers.authorization ?? '').split(' ');
      if (parts.length !== 2 || !/^Bearer$/i.test(parts[0]!)) throw new AppError('UNAUTHORIZED');
      const payload = app.jwt.verify<{ sub?: unknown; iat?: unknown; iatMs?: unknown }>(parts[1]!);
      sub = typeof payload.sub === 'string' ? payload.sub : undefined;
      const iat = typeof payload.iat === 'number' ? payload.iat : 0;
      // The millisecond claim counts only where it agrees with the signed iat's second, so it can
      // never stretch a token's life; a token without it counts from the start of its second.
      issuedAtMs = typeof payload.iatMs === 'number' && Math.floor(payload.iatMs / 1000) === iat ? payload.iatMs : iat * 1000;
    } catch {
      throw new AppError('UNAUTHORIZED');
    }
    const id = sub && /^[1-9]\d{0,9}$/.test(sub) ? Number(sub) : NaN;
    if (!Number.isSafeInteger(id)) throw new AppError('UNAUTHORIZED');
    const found = await app.sessionUser(id);
    if (!found || !found.user.activated) throw new AppError('UNAUTHORIZED');
    // A password change ends every session opened before it, to the millisecond: a token issued in
    // the same second but before the change is refused, the one the change hands back is not.
    if (found.sessionsValidAfter && issuedAtMs < Date.parse(found.sessionsValidAfter)) {
      throw new AppError('UNAUTHORIZED');
    }
    request.currentUser = found.user as AuthenticatedUser;
    request.dataVersion = found.dataVersion;
  };
  app.decorate('authenticate', authenticate);

  app.decorate('requireRole', (requirement: Requirement): Hook => async (request) => {
    await authenticate(request);
    const user = currentUser(request);
    const allowed =
      requirement === 'signedIn' ||
      (requirement === 'teacher' && hasTeacherPowers(user)) ||
      (requirement === 'student' && user.role === 'student');
    if (!allowed) throw new AppError('FORBIDDEN');
  });
}
