import { FEEDBACK_SNIPPET_ERRORS, FEEDBACK_SNIPPETS_PER_TEACHER, } from '@mathclub/shared';
import { AppError, notFound } from '../../lib/app-error.js';
import { requireAccess } from '../access/access.policy.js';
import * as repo from './snippets.repository.js';
/**
 * A teacher's saved comments (PRODUCT.md §15): their own only, at most 100, most used first. A
 * verdict puts one in through `useInVerdict` (solutions module), in the verdict's transaction.
 */
export class SnippetsService {
    db;
    dialect;
    constructor(db, dialect) {
        this.db = db;
        this.dialect = dialect;
    }
    async list(actor) {
        requireAccess(actor, 'snippet.list');
        return repo.listForTeacher(this.db, actor.id);
    }
    /** Saves a comment as typed (math included); the 101st is a 400 SNIPPET_LIMIT. */
    async create(actor, input) {
        requireAccess(actor, 'snippet.create');
        const saved = await repo.insertWithin(this.db, this.dialect, actor.id, input.text, FEEDBACK_SNIPPETS_PER_TEACHER);
        if (!saved)
            throw new AppError('SNIPPET_LIMIT', { validationErrors: { text: FEEDBACK_SNIPPET_ERRORS.limit } });
        return saved;
    }
    /** Deletes one of the caller's comments; anyone else's, or an unknown id, is a 404. */
    async delete(actor, id) {
        await requireOwnSnippet(this.db, actor, 'snippet.delete', id);
        if (!(await repo.deleteOwn(this.db, actor.id, id)))
            throw notFound();
    }
}
/**
 * Inside a verdict's transaction: one more use of the caller's comment, and its text; a 404 when it
 * went in the meantime (the transaction then rolls back, so the verdict is not saved either).
 */
export async function useInVerdict(trx, actor, id) {
    const text = await repo.useOwn(trx, actor.id, id);
    if (text === undefined)
        throw notFound();
    return text;
}
async function requireOwnSnippet(db, actor, permission, id) {
    const ownerId = await repo.ownerOf(db, id);
    if (ownerId === undefined)
        throw notFound();
    requireAccess(actor, permission, { ownerId });
}
/** Before a verdict that names a saved comment: the caller's own, else 404 (nothing written yet). */
export const requireUsableSnippet = (db, actor, id) => requireOwnSnippet(db, actor, 'snippet.use', id);
//# sourceMappingURL=snippets.service.js.map