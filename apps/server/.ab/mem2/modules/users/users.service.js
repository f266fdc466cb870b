import { isUniqueViolation, nowIso } from '../../db/database.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import { can, hasTeacherPowers, requireAccess } from '../access/access.policy.js';
import { closedGroupIds, existingGroupIds, addMember } from '../groups/groups.repository.js';
import * as repo from './users.repository.js';
const loginTaken = () => validationError({ login: 'auth.error.loginTaken' }, 'LOGIN_TAKEN');
/**
 * Accounts: sign-up, the teacher's student list, profiles, passwords and the school's owner. Who
 * may do what is asked of the access policy (modules/access/access.policy.ts).
 */
export class UsersService {
    db;
    passwords;
    groups;
    sessionsEnded;
    constructor(db, passwords, groups, 
    /** Told after a write that ended an account's sessions (the live streams end at once). */
    sessionsEnded = () => { }) {
        this.db = db;
        this.passwords = passwords;
        this.groups = groups;
        this.sessionsEnded = sessionsEnded;
    }
    /**
     * Public sign-up: inactive, grade and letter only for students. A student signing up through a
     * join link (`joinCode`) lands in that group, and is active at once when the group allows it
     * (PRODUCT.md §13); a code that opens no group refuses the whole sign-up.
     */
    async signUp(input) {
        const isStudent = input.role === 'student';
        const typedCode = input.joinCode?.trim() || undefined;
        if (typedCode !== undefined && !isStudent)
            throw validationError({ joinCode: 'joinCode.error.studentsOnly' });
        const group = typedCode === undefined ? undefined : await this.groups.groupForCode(typedCode).catch((err) => {
            throw err instanceof AppError && err.validationErrors?.code ? validationError({ joinCode: err.validationErrors.code }) : err;
        });
        if (await repo.findCredentialsByLogin(this.db, input.login))
            throw loginTaken();
        const passwordHash = await this.passwords.hash(input.password);
        try {
            const id = await this.db.transaction().execute(async (trx) => {
                const newId = await repo.insertUser(trx, {
                    login: input.login,
                    passwordHash,
                    name: input.name,
                    role: input.role,
                    activated: group?.activateOnJoin ?? false,
                    grade: isStudent ? (input.grade ?? null) : null,
                    gradeLetter: isStudent ? (input.gradeLetter ?? null) : null,
                });
                if (group)
                    await addMember(trx, newId, group.id);
                return newId;
            });
            return (await repo.findUserById(this.db, id));
        }
        catch (err) {
            // Two sign-ups racing for one login: the unique index decides.
            if (isUniqueViolation(err))
                throw loginTaken();
            throw err;
        }
    }
    /** Teachers see everyone. */
    list() {
        return repo.listUsers(this.db);
    }
    /** Teachers see anyone; everybody else only themselves. */
    async get(actor, id) {
        requireAccess(actor, 'user.read', { id });
        const user = await repo.findUserById(this.db, id);
        if (!user)
            throw notFound();
        return user;
    }
    /**
     * A teacher changes name, activation, grade, letter and groups; nothing else. Teacher accounts
     * are the owner's to change, and nobody renames or deactivates the owner. The client sends the
     * whole user, so only fields that actually change are asked for. A change of activation ends the
     * account's sessions: a token from before a deactivation never works again.
     */
    async update(actor, id, input) {
        const target = await repo.findUserById(this.db, id);
        if (!target)
            throw notFound();
        requireAccess(actor, 'user.update', target);
        const renames = input.name !== undefined && input.name !== target.name;
        const activates = input.activated !== undefined && input.activated !== target.activated;
        if (renames)
            requireAccess(actor, 'user.rename', target);
        if (activates)
            requireAccess(actor, input.activated ? 'user.activate' : 'user.deactivate', target);
        const isStudent = target.role === 'student';
        const patch = {};
        if (renames)
            patch.name = input.name;
        if (activates) {
            patch.activated = input.activated;
            patch.sessionsValidAfter = nowIso();
            // Sign-in tells a turned-off account apart from one that was never activated.
            patch.deactivatedAt = input.activated ? null : patch.sessionsValidAfter;
        }
        if (isStudent) {
            // A student always has a grade and a letter; null would erase them.
            const errors = {};
            if (input.grade === null)
                errors.grade = 'auth.error.gradeRequired';
            if (input.gradeLetter === null)
                errors.gradeLetter = 'auth.error.gradeLetterRequired';
            if (Object.keys(errors).length > 0)
                throw validationError(errors);
            if (input.grade !== undefined)
                patch.grade = input.grade;
            if (input.gradeLetter !== undefined)
                patch.gradeLetter = input.gradeLetter;
        }
        const groupIds = input.groups === undefined ? undefined : await this.checkGroups(input.groups, isStudent ? 1 : Infinity);
        if (groupIds && hasTeacherPowers(target))
            await this.checkTeachersOfClosedGroups(actor, target.groups.map((g) => g.id), groupIds);
        await this.db.transaction().execute(async (trx) => {
            await repo.updateUser(trx, id, patch);
            if (groupIds)
                await repo.replaceUserGroups(trx, id, groupIds);
        });
        if (activates)
            this.sessionsEnded(id);
        return (await repo.findUserById(this.db, id));
    }
    /** The signed-in user as stored now. */
    async profile(actor) {
        const user = await repo.findUserById(this.db, actor.id);
        if (!user)
            throw new AppError('UNAUTHORIZED');
        return user;
    }
    /** A teacher renames themself and picks their groups. */
    async updateTeacherProfile(actor, input) {
        const groupIds = await this.checkGroups(input.groups, Infinity);
        await this.checkTeachersOfClosedGroups(actor, actor.groups.map((g) => g.id), groupIds);
        await this.db.transaction().execute(async (trx) => {
            await repo.updateUser(trx, actor.id, { name: input.name });
            await repo.replaceUserGroups(trx, actor.id, groupIds);
        });
        return this.profile(actor);
    }
    /**
     * A student picks their one group; their name is read-only. A closed group is joined by code
     * only (PRODUCT.md §13): picking one is refused unless it is already theirs.
     */
    async updateStudentProfile(actor, input) {
        const groupIds = await this.checkGroups(input.groups, 1);
        const own = new Set(actor.groups.map((g) => g.id));
        const closed = await closedGroupIds(this.db, groupIds.filter((id) => !own.has(id)));
        if (closed.size > 0)
            throw validationError({ groups: 'profileForm.error.groupClosed' });
        await this.db.transaction().execute(async (trx) => {
            await repo.updateUser(trx, actor.id, {});
            await repo.replaceUserGroups(trx, actor.id, groupIds);
        });
        return this.profile(actor);
    }
    /**
     * Anyone changes their own password after proving the current one. Every older session ends;
     * the caller gets the user back to issue a fresh token for the device they are on.
     */
    async changeOwnPassword(actor, input) {
        const currentHash = await repo.findPasswordHash(this.db, actor.id);
        if (!currentHash || !(await this.passwords.verify(currentHash, input.currentPassword))) {
            throw validationError({ currentPassword: 'password.error.currentWrong' }, 'WRONG_PASSWORD');
        }
        const passwordHash = await this.passwords.hash(input.newPassword);
        await repo.updateUser(this.db, actor.id, { passwordHash, sessionsValidAfter: nowIso() });
        this.sessionsEnded(actor.id);
        return this.profile(actor);
    }
    /** A teacher sets a temporary password for a student who forgot theirs; the owner also for a teacher. */
    async setTemporaryPassword(actor, id, password) {
        const target = await repo.findUserById(this.db, id);
        if (!target)
            throw notFound();
        requireAccess(actor, 'user.resetPassword', target);
        // Whoever was using the forgotten (or leaked) password is signed out too.
        await repo.updateUser(this.db, id, { passwordHash: await this.passwords.hash(password), sessionsValidAfter: nowIso() });
        this.sessionsEnded(id);
    }
    /** The owner hands ownership to another active teacher and stays a teacher (PRODUCT.md §16). */
    async transferOwnership(actor, id) {
        const target = await repo.findUserById(this.db, id);
        if (!target)
            throw notFound();
        requireAccess(actor, 'user.transferOwnership', target);
        if (!(await repo.transferOwnership(this.db, actor.id, id)))
            throw new AppError('FORBIDDEN');
    }
    /**
     * A closed group's teachers are changed only by the owner or its own teachers (issue 50): a
     * teacher no longer joins any group, and then reads its keys and exports its gradebook, by
     * saving their profile. Leaving one's own group stays one's choice.
     */
    async checkTeachersOfClosedGroups(actor, before, after) {
        const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
        for (const groupId of await closedGroupIds(this.db, changed)) {
            if (!can(actor, 'group.changeTeachers', { groupId, closed: true }))
                throw validationError({ groups: 'profileForm.error.groupClosedToTeachers' });
        }
    }
    /** Deduplicates group ids and checks they exist and fit the role's limit. */
    async checkGroups(ids, max) {
        const unique = [...new Set(ids)];
        if (unique.length > max)
            throw validationError({ groups: 'profileForm.error.oneGroupOnly' });
        const existing = await existingGroupIds(this.db, unique);
        if (existing.size !== unique.length)
            throw validationError({ groups: 'profileForm.error.groupUnknown' });
        return unique;
    }
}
//# sourceMappingURL=users.service.js.map