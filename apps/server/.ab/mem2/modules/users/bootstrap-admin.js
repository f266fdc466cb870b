import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatePassword } from '../../lib/passwords.js';
import { countUsers, insertUser } from './users.repository.js';
export const ADMIN_LOGIN = 'admin';
export const ADMIN_PASSWORD_FILE = 'initial-admin-password';
/**
 * On an empty database only: creates the activated teacher `admin`, the school's owner
 * (PRODUCT.md §16), with a random password and
 * writes it to DATA_DIR/initial-admin-password (0600). Returns the password, or null when users exist.
 */
export async function bootstrapAdmin(db, passwords, dataDir) {
    if ((await countUsers(db)) > 0)
        return null;
    const password = generatePassword();
    await insertUser(db, {
        login: ADMIN_LOGIN,
        passwordHash: await passwords.hash(password),
        name: 'Administrator',
        role: 'teacher',
        activated: true,
        owner: true,
        grade: null,
        gradeLetter: null,
    });
    const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
    writeFileSync(file, password + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
    return password;
}
/** The one-time console notice; framed so it stands out in a log. */
export function adminPasswordNotice(password, dataDir) {
    const line = '='.repeat(64);
    return [
        '',
        line,
        ' Math Club: first start. An administrator account was created.',
        `   login:    ${ADMIN_LOGIN}`,
        `   password: ${password}`,
        ` It is also in ${path.join(dataDir, ADMIN_PASSWORD_FILE)}.`,
        ' Sign in, change it from the profile, then delete that file.',
        line,
        '',
    ].join('\n');
}
//# sourceMappingURL=bootstrap-admin.js.map