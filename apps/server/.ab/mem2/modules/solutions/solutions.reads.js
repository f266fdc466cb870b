import { KeptReads } from '../../db/kept-reads.js';
import { ImageUrlSigner } from '../files/signed-url.js';
/**
 * The solutions lists, kept per allowed filter while their image links are signed for the same
 * expiry. A student's own, a fifth of a school's requests, changes only with that student's
 * answers and their verdicts, a task's edit or deletion, or a name; a teacher's with any answer or
 * verdict in their groups, or their groups' tasks (bench/README.md).
 */
export class SolutionReads {
    service;
    own;
    groups;
    constructor(db, service) {
        this.service = service;
        this.own = new KeptReads(db, 10_000);
        this.groups = new KeptReads(db);
    }
    /** The solutions `actor` may see for `query` (SolutionsService.list). */
    async list(actor, query) {
        const filter = this.service.visibleFilter(actor, query);
        if (!filter)
            return [];
        const key = `${JSON.stringify(filter)}:${ImageUrlSigner.expiry()}`;
        const read = async () => ({ value: await this.service.list(actor, query) });
        if (filter.groupIds)
            return this.groups.get(key, [['r', 0], ...filter.groupIds.flatMap((id) => [['k', id], ['g', id]])], read, actor);
        return this.own.get(key, [['u', filter.authorId], ['e', 0], ['r', 0]], read, actor);
    }
}
//# sourceMappingURL=solutions.reads.js.map