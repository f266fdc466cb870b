import { loginBaseFor, parseRoster } from '@mathclub/shared/roster';
import { isUniqueViolation } from '../../db/database.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { readablePassword } from '../../lib/readable-password.js';
import { can } from '../access/access.policy.js';
import { findGroup } from '../groups/groups.repository.js';
import * as repo from './users.repository.js';
/** A roster that cannot be imported: every problem with its line; nothing was created. */
export class RosterRejected extends AppError {
    errors;
    constructor(errors) {
        super('VALIDATION_FAILED', { messageKey: 'ROSTER_INVALID', validationErrors: { file: 'rosterImport.error.rows' } });
        this.errors = errors;
    }
}
/** Passwords hashed at once: two of the libuv pool's four threads, so sign-ins keep theirs meanwhile. */
const HASHES_AT_ONCE = 2;
/**
 * Roster import (PRODUCT.md §13): a teacher of a group uploads a class list and gets activated
 * students in that group, each with a login made from their name and a readable random password,
 * shown once. All or nothing: any bad row, a login taken, and nothing is created.
 */
export class RosterImportService {
    db;
    passwords;
    constructor(db, passwords) {
        this.db = db;
        this.passwords = passwords;
    }
    async import(actor, groupId, file) {
        if (!can(actor, 'user.import', { groupId }))
            throw (await findGroup(this.db, groupId)) ? new AppError('FORBIDDEN') : notFound();
        if (!(await findGroup(this.db, groupId)))
            throw notFound();
        let text;
        try {
            text = new TextDecoder('utf-8', { fatal: true }).decode(file);
        }
        catch {
            throw new RosterRejected([{ line: 1, field: 'row', message: 'rosterImport.error.notText' }]);
        }
        const { rows, errors } = parseRoster(text);
        if (errors.length > 0)
            throw new RosterRejected(errors);
        const logins = await this.assignLogins(rows);
        // Hashed before the transaction: it then holds its locks only for the inserts.
        const passwords = rows.map(() => readablePassword());
        const hashes = await this.hashAll(passwords);
        try {
            const ids = await this.db.transaction().execute(async (trx) => {
                const byLogin = await repo.insertUsers(trx, rows.map((row, i) => ({ login: logins[i], passwordHash: hashes[i], name: row.name, role: 'student', activated: true, grade: row.grade, gradeLetter: row.letter })));
                const out = logins.map((login) => byLogin.get(repo.loginKey(login)));
                for (let start = 0; start < out.length; start += 500) {
                    await trx.insertInto('user_groups').values(out.slice(start, start + 500).map((id) => ({ user_id: id, group_id: groupId }))).execute();
                }
                return out;
            });
            return { created: rows.map((row, i) => ({ id: ids[i], login: logins[i], password: passwords[i], name: row.name })) };
        }
        catch (err) {
            // Someone signed up with one of these logins a moment ago: the transaction rolled back.
            if (isUniqueViolation(err))
                throw new AppError('LOGIN_TAKEN', { validationErrors: { file: 'rosterImport.error.loginTaken' } });
            throw err;
        }
    }
    /**
     * Logins for the rows: the file's own (refused when taken), else the transliterated name, with
     * 2, 3… appended until it is free in the school and in this file.
     */
    async assignLogins(rows) {
        // Every taken key in one read: a school has thousands of accounts at most, and an import is rare.
        const taken = await repo.allLoginKeys(this.db);
        const errors = [];
        for (const row of rows) {
            if (row.login && taken.has(repo.loginKey(row.login)))
                errors.push({ line: row.line, field: 'login', message: 'rosterImport.error.loginTaken' });
        }
        if (errors.length > 0)
            throw new RosterRejected(errors);
        for (const row of rows)
            if (row.login)
                taken.add(repo.loginKey(row.login));
        return rows.map((row) => {
            if (row.login)
                return row.login;
            const base = loginBaseFor(row.name);
            let login = base;
            for (let n = 2; taken.has(login); n++)
                login = `${base}${n}`;
            taken.add(login);
            return login;
        });
    }
    async hashAll(passwords) {
        const out = new Array(passwords.length);
        let next = 0;
        const worker = async () => {
            while (next < passwords.length) {
                const i = next++;
                out[i] = await this.passwords.hash(passwords[i]);
            }
        };
        await Promise.all(Array.from({ length: HASHES_AT_ONCE }, worker));
        return out;
    }
}
//# sourceMappingURL=roster-import.service.js.map