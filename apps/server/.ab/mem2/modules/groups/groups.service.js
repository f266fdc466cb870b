import { hasNoHiddenCharacters, isWellFormedJoinCode, normalizeJoinCode, } from '@mathclub/shared';
import { isUniqueViolation } from '../../db/database.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import { groupIdsOf, requireAccess } from '../access/access.policy.js';
import { replaceUserGroups } from '../users/users.repository.js';
import * as repo from './groups.repository.js';
const nameTaken = () => validationError({ name: 'groups.error.nameTaken' }, 'GROUP_NAME_TAKEN');
/** Control and invisible characters have no place in a name people read (the schema refuses them too). */
const checkName = (name) => {
    if (!hasNoHiddenCharacters(name))
        throw validationError({ name: 'groups.error.nameInvalid' });
};
const byName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
/** The one answer for every code that lets nobody in (unknown, rotated, mistyped): no hint which. */
export const wrongCode = () => validationError({ code: 'joinCode.error.wrong' });
/** Clubs and classes: anyone signed in lists them, teachers manage them (the routes ask the access policy). */
export class GroupsService {
    db;
    codes;
    constructor(db, codes) {
        this.db = db;
        this.codes = codes;
    }
    /**
     * Sorted by name the way a Ukrainian reader expects (Ґ after Г, І after И). A student is not
     * shown closed groups other than their own (PRODUCT.md §13): those are joined by code only.
     */
    async list(actor) {
        const mine = new Set(groupIdsOf(actor));
        const groups = (await repo.listGroupSummaries(this.db)).filter((g) => actor.role !== 'student' || !g.closed || mine.has(g.id));
        return groups.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id).map(({ closed: _closed, ...summary }) => summary);
    }
    /** A group's live code and switches, for its own teachers. */
    async settings(actor, id) {
        requireAccess(actor, 'group.configure', { groupId: id });
        const group = await repo.findGroupIntake(this.db, id);
        if (!group)
            throw notFound();
        return {
            closed: group.closed,
            activateOnJoin: group.activateOnJoin,
            leaderboardShortNames: group.leaderboardShortNames,
            joinCode: group.joinCodeNonce === null ? null : this.codes.codeFor(id, group.joinCodeNonce),
        };
    }
    async updateSettings(actor, id, input) {
        requireAccess(actor, 'group.configure', { groupId: id });
        if (!(await repo.updateGroupSettings(this.db, id, input)))
            throw notFound();
        return this.settings(actor, id);
    }
    /** Creates or rotates the group's code: the old one stops working at once. */
    async rotateCode(actor, id) {
        requireAccess(actor, 'group.configure', { groupId: id });
        // Two groups drawing the same code is a 1-in-10^11 chance; the unique index catches it and we draw again.
        for (let attempt = 0;; attempt++) {
            const nonce = this.codes.newNonce();
            const code = this.codes.codeFor(id, nonce);
            try {
                if (!(await repo.setJoinCode(this.db, id, nonce, this.codes.lookupHash(code))))
                    throw notFound();
                return code;
            }
            catch (err) {
                if (!isUniqueViolation(err) || attempt >= 3)
                    throw err;
            }
        }
    }
    /** The group a typed code opens, or the one 400 for every code that opens none. */
    async groupForCode(typed) {
        const code = normalizeJoinCode(typed);
        if (!isWellFormedJoinCode(code))
            throw wrongCode();
        const group = await repo.findGroupByJoinHash(this.db, this.codes.lookupHash(code));
        if (!group)
            throw wrongCode();
        return group;
    }
    /** A student moves into the group a code opens, closed or not (a student belongs to one group). */
    async join(actor, typed) {
        requireAccess(actor, 'group.join');
        const group = await this.groupForCode(typed);
        await this.db.transaction().execute((trx) => replaceUserGroups(trx, actor.id, [group.id]));
        return group.id;
    }
    /** A teacher creates a group and becomes its first member. */
    async create(actor, name) {
        checkName(name);
        try {
            const id = await this.db.transaction().execute(async (trx) => {
                const groupId = await repo.insertGroup(trx, name);
                await repo.addMember(trx, actor.id, groupId);
                return groupId;
            });
            return this.summary(id);
        }
        catch (err) {
            if (isUniqueViolation(err))
                throw nameTaken();
            throw err;
        }
    }
    async rename(id, name) {
        checkName(name);
        try {
            if (!(await repo.renameGroup(this.db, id, name)))
                throw notFound();
        }
        catch (err) {
            if (isUniqueViolation(err))
                throw nameTaken();
            throw err;
        }
        return this.summary(id);
    }
    /** Refused (409, saying why) while students or live tasks are in the group. */
    async delete(id) {
        await this.db.transaction().execute(async (trx) => {
            if (!(await repo.findGroup(trx, id)))
                throw notFound();
            const usage = await repo.groupUsage(trx, id);
            if (usage.students > 0)
                throw new AppError('GROUP_NOT_EMPTY', { messageKey: 'GROUP_NOT_EMPTY.students' });
            if (usage.tasks > 0)
                throw new AppError('GROUP_NOT_EMPTY', { messageKey: 'GROUP_NOT_EMPTY.tasks' });
            await repo.deleteGroup(trx, id);
        });
    }
    async summary(id) {
        const [group] = await repo.listGroupSummaries(this.db, id);
        if (!group)
            throw notFound();
        return group;
    }
}
//# sourceMappingURL=groups.service.js.map