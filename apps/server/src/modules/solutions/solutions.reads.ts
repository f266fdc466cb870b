import type { Kysely } from 'kysely';
import type { AuthenticatedUser, Solution, SolutionsQuery } from '@mathclub/shared';
import { KeptReads } from '../../db/kept-reads.js';
import type { DB } from '../../db/schema.js';
import { ImageUrlSigner } from '../files/signed-url.js';
import type { SolutionsService } from './solutions.service.js';

/**
 * The solutions lists. A student's own, a fifth of a school's requests, changes only with that
 * student's answers and their verdicts, a task's edit or deletion, or a name: kept per student and
 * filter until one of those moves, while its image links are signed for the same expiry. A
 * teacher's list changes with every answer of the group and is read as it is.
 */
export class SolutionReads {
  private readonly own: KeptReads<Solution[]>;

  constructor(
    db: Kysely<DB>,
    private readonly service: SolutionsService,
  ) {
    this.own = new KeptReads(db, 10_000);
  }

  /** The solutions `actor` may see for `query` (SolutionsService.list). */
  async list(actor: AuthenticatedUser, query: SolutionsQuery): Promise<Solution[]> {
    const filter = this.service.visibleFilter(actor, query);
    if (!filter || filter.groupIds || filter.authorId === undefined) return this.service.list(actor, query);
    const key = `${JSON.stringify(filter)}:${ImageUrlSigner.expiry()}`;
    return this.own.get(key, [['u', filter.authorId], ['e', 0], ['r', 0]], async () => ({ value: await this.service.list(actor, query) }));
  }
}
