import type { Kysely } from 'kysely';
import type { AuthenticatedUser, LoginRequest } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
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
    private readonly failuresPerLogin: LoginThrottle,
    private readonly attemptsPerIp: LoginThrottle,
  ) {}

  async login(input: LoginRequest, ip: string): Promise<AuthenticatedUser> {
    const key = loginKey(input.login);
    if (this.attemptsPerIp.isBlocked(ip) || this.failuresPerLogin.isBlocked(key)) throw new AppError('RATE_LIMITED');
    this.attemptsPerIp.record(ip);
    const credentials = await findCredentialsByLogin(this.db, input.login);
    const valid = credentials
      ? await this.passwords.verify(credentials.passwordHash, input.password)
      : await this.passwords.verifyDecoy(input.password);
    if (!credentials || !valid) {
      this.failuresPerLogin.record(key);
      throw new AppError('INVALID_CREDENTIALS');
    }
    this.failuresPerLogin.reset(key);
    const user = await findUserById(this.db, credentials.id);
    if (!user) throw new AppError('INVALID_CREDENTIALS');
    // Only the right password learns that the account waits for activation.
    if (!user.activated) throw new AppError('ACCOUNT_INACTIVE');
    return user as AuthenticatedUser;
  }
}
