import type { Kysely } from 'kysely';
import type { AuthenticatedUser, Solution, SolutionsQuery } from '@mathclub/shared';
import { KeptReads } from '../../db/kept-reads.js';
import type { DB } from '../../db/schema.js';
import { ImageUrlSigner } from '../files/signed-url.js';
import type { SolutionsService } from './solutions.service.js';

/**
 * The solutions lists, kept per allowed filter while their image links are signed for the same
 * expiry. A student's own, a fifth of a school's requests, changes only with that student's
 * answers and their verdicts, a task's edit or deletion, or a name; a teacher's with any answer or
 * verdict in their groups, or their groups' tasks (bench/README.md).
 */
export class SolutionReads {
  private readonly own: KeptReads<Solution[]>;
  private readonly groups: KeptReads<Solution[]>;

  constructor(
    db: Kysely<DB>,
    private readonly service: SolutionsService,
  ) {
    this.own = new KeptReads(db, { entries: 10_000, bytes: 8 * 2 ** 20 });
    this.groups = new KeptReads(db, { bytes: 16 * 2 ** 20 });
  }

  /** The solutions `actor` may see for `query` (SolutionsService.list). */
  async list(actor: AuthenticatedUser, query: SolutionsQuery): Promise<Solution[]> {
    const filter = this.service.visibleFilter(actor, query);
    if (!filter) return [];
    const key = `${JSON.stringify(filter)}:${ImageUrlSigner.expiry()}`;
    const read = async () => ({ value: await this.service.list(actor, query) });
    if (filter.groupIds) return this.groups.get(key, [['r', 0], ...filter.groupIds.flatMap((id) => [['k', id] as const, ['g', id] as const])], read, actor);
    return this.own.get(key, [['u', filter.authorId!], ['e', 0], ['r', 0]], read, actor);
  }
}
