import { AppError } from '../../lib/app-error.js';
import { consumeOrRefuse } from '../../lib/rate-limited.js';
import { findCredentialsByLogin, findUserById, loginKey } from '../users/users.repository.js';
/**
 * Sign-in: one answer for unknown logins and wrong passwords, 403 for inactive accounts.
 * Guessing is slowed per (login, address), so failures from elsewhere never stop the owner of an
 * account signing in from an address that has not failed for it: nobody gets a lock-out switch.
 */
export class AuthService {
    db;
    passwords;
    limits;
    constructor(db, passwords, limits) {
        this.db = db;
        this.passwords = passwords;
        this.limits = limits;
    }
    /**
     * `device`: the id of a browser that has signed in to this login before (device-cookie.ts), or
     * undefined. Such a browser's attempts are counted for it alone, not with its address: behind a
     * school's one address a guessing student cannot make the teacher's own browser wait.
     */
    async login(input, ip, device) {
        const key = loginKey(input.login);
        const origin = device ? `device:${device}` : ip;
        await consumeOrRefuse(this.limits.attemptsPerAddress, origin);
        const failuresOfLogin = (await this.limits.failuresPerLogin.get(key))?.consumedPoints ?? 0;
        // Many failures from everywhere (guesses spread over many addresses): each address may still
        // try once at once, then waits. Unknown logins are counted alike, so the rule reveals nothing.
        const free = failuresOfLogin >= this.limits.loginUnderAttackAt ? 1 : undefined;
        // Taken before the slow hash: guesses sent together are counted before any is checked.
        const turn = await this.limits.guessesPerLoginAndAddress.take(`${key}\n${origin}`, free);
        let credentials;
        let valid;
        try {
            credentials = await findCredentialsByLogin(this.db, input.login);
            valid = credentials
                ? await this.passwords.verify(credentials.passwordHash, input.password)
                : await this.passwords.verifyDecoy(input.password);
        }
        catch (error) {
            await turn.cancel();
            throw error;
        }
        if (!credentials || !valid) {
            await Promise.all([turn.failed(), this.limits.failuresPerLogin.penalty(key, 1)]);
            throw new AppError('INVALID_CREDENTIALS');
        }
        await turn.succeeded();
        const user = await findUserById(this.db, credentials.id);
        if (!user)
            throw new AppError('INVALID_CREDENTIALS');
        // Only the right password learns that the account waits for activation, or was turned off.
        if (!user.activated)
            throw new AppError(credentials.deactivatedAt ? 'ACCOUNT_DEACTIVATED' : 'ACCOUNT_INACTIVE');
        return user;
    }
}
//# sourceMappingURL=auth.service.js.map