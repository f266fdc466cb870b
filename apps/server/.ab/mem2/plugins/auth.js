import { randomBytes } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import { rememberCounters } from '../db/change-versions.js';
import { AppError } from '../lib/app-error.js';
import { requireActor } from '../modules/access/access.policy.js';
export { hasTeacherPowers } from '../modules/access/access.policy.js';
/** The signed-in user; throws 401 when the route forgot its authenticate hook. */
export function currentUser(request) {
    if (!request.currentUser)
        throw new AppError('UNAUTHORIZED');
    return request.currentUser;
}
/** A token id as issueToken makes them (base64url); anything else is refused before any lookup. */
const TOKEN_ID = /^[A-Za-z0-9_-]{8,64}$/;
/**
 * JWT (HS256 only, with expiry) plus a database check on every request: a token alone is not
 * enough, so a deactivated or deleted account is out at its very next request.
 */
export async function registerAuth(app, config) {
    await app.register(fastifyJwt, {
        secret: config.jwtSecret,
        sign: { algorithm: 'HS256', expiresIn: config.tokenTtlSeconds },
        // A token without an expiry would never end: refuse it even when correctly signed.
        // jti names the session, so a logout can end exactly this token (tokens from before it existed
        // are refused: their holders sign in once more).
        verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub', 'jti'] },
    });
    app.decorateRequest('currentUser', null);
    app.decorateRequest('session', null);
    app.decorate('issueToken', (user, session) => {
        // A token minted from a session (a profile save, a join) is that session's: a fresh jti and
        // 12 h for each would let a stolen token outlive its logout forever, one save at a time.
        const issuedAtMs = session ? session.issuedAtMs : Date.now();
        return app.jwt.sign({
            sub: String(user.id),
            jti: session ? session.tokenId : randomBytes(16).toString('base64url'),
            // fast-jwt counts exp from this iat, so the session's expiry stays where its sign-in put it.
            iat: Math.floor(issuedAtMs / 1000),
            iatMs: issuedAtMs,
            id: user.id,
            login: user.login,
            name: user.name,
            role: user.role,
            activated: user.activated,
            owner: user.owner,
            grade: user.grade,
            gradeLetter: user.gradeLetter,
            groups: user.groups.map((g) => ({ id: g.id, name: g.name })),
        });
    });
    const authenticate = async (request) => {
        let sub;
        let issuedAtMs;
        let tokenId;
        let expiresAt;
        try {
            // "Bearer <token>", exactly as @fastify/jwt reads it, verified synchronously with the
            // global options (request.jwtVerify adds a callback waterfall and a second decode per call).
            const parts = (request.headers.authorization ?? '').split(' ');
            if (parts.length !== 2 || !/^Bearer$/i.test(parts[0]))
                throw new AppError('UNAUTHORIZED');
            const payload = app.jwt.verify(parts[1]);
            sub = typeof payload.sub === 'string' ? payload.sub : undefined;
            if (typeof payload.jti !== 'string' || !TOKEN_ID.test(payload.jti))
                throw new AppError('UNAUTHORIZED');
            tokenId = payload.jti;
            expiresAt = typeof payload.exp === 'number' ? payload.exp : 0;
            const iat = typeof payload.iat === 'number' ? payload.iat : 0;
            // The millisecond claim counts only where it agrees with the signed iat's second, so it can
            // never stretch a token's life; a token without it counts from the start of its second.
            issuedAtMs = typeof payload.iatMs === 'number' && Math.floor(payload.iatMs / 1000) === iat ? payload.iatMs : iat * 1000;
        }
        catch {
            throw new AppError('UNAUTHORIZED');
        }
        const id = sub && /^[1-9]\d{0,9}$/.test(sub) ? Number(sub) : NaN;
        if (!Number.isSafeInteger(id))
            throw new AppError('UNAUTHORIZED');
        const found = await app.sessionUser(id);
        if (!found)
            throw new AppError('UNAUTHORIZED');
        // A token of an account a teacher turned off since: its holder is told so (the web app says
        // whom to ask) rather than sent to sign in as if nothing had happened.
        if (!found.user.activated)
            throw found.deactivated ? new AppError('ACCOUNT_DEACTIVATED', { statusCode: 401 }) : new AppError('UNAUTHORIZED');
        // A password change ends every session opened before it, to the millisecond: a token issued in
        // the same second but before the change is refused, the one the change hands back is not.
        if (found.sessionsValidAfter && issuedAtMs < Date.parse(found.sessionsValidAfter)) {
            throw new AppError('UNAUTHORIZED');
        }
        // Logged out: the revocation was read with the account, in the same batched query.
        if (found.revokedTokenIds.includes(tokenId))
            throw new AppError('UNAUTHORIZED');
        request.currentUser = found.user;
        // The kept reads of this request's own scopes need no query of their own.
        rememberCounters(request.currentUser, found.counters);
        request.session = { tokenId, issuedAtMs, expiresAt };
    };
    app.decorate('authenticate', authenticate);
    app.decorate('authorize', (permission) => async (request) => {
        await authenticate(request);
        requireActor(currentUser(request), permission);
    });
}
//# sourceMappingURL=auth.js.map