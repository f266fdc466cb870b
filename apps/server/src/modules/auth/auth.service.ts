import type { Kysely } from 'kysely';
import type { AuthenticatedUser, LoginRequest } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Throttle } from '../../lib/throttle.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { findCredentialsByLogin, findUserById, loginKey } from '../users/users.repository.js';

/**
 * Sign-in: one answer for unknown logins and wrong passwords, 403 for inactive accounts.
 * Throttled twice: failed attempts per login (guessing one password) and all attempts per IP
 * (trying many logins).
 */
export class AuthService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly passwords: PasswordHasher,
    private readonly failuresPerLogin: Throttle,
    private readonly attemptsPerIp: Throttle,
  ) {}

  async login(input: LoginRequest, ip: string): Promise<AuthenticatedUser> {
    const key = loginKey(input.login);
    const [ipBlocked, loginBlocked] = await Promise.all([this.attemptsPerIp.isBlocked(ip), this.failuresPerLogin.isBlocked(key)]);
    if (ipBlocked || loginBlocked) throw new AppError('RATE_LIMITED');
    await this.attemptsPerIp.record(ip);
    const credentials = await findCredentialsByLogin(this.db, input.login);
    const valid = credentials
      ? await this.passwords.verify(credentials.passwordHash, input.password)
      : await this.passwords.verifyDecoy(input.password);
    if (!credentials || !valid) {
      await this.failuresPerLogin.record(key);
      throw new AppError('INVALID_CREDENTIALS');
    }
    await this.failuresPerLogin.reset(key);
    const user = await findUserById(this.db, credentials.id);
    if (!user) throw new AppError('INVALID_CREDENTIALS');
    // Only the right password learns that the account waits for activation.
    if (!user.activated) throw new AppError('ACCOUNT_INACTIVE');
    return user as AuthenticatedUser;
  }
}
