import type { Kysely } from 'kysely';
import { hasNoHiddenCharacters, type AuthenticatedUser, type GroupSummary } from '@mathclub/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import * as repo from './groups.repository.js';

const nameTaken = () => validationError({ name: 'groups.error.nameTaken' }, 'GROUP_NAME_TAKEN');
/** Control and invisible characters have no place in a name people read (the schema refuses them too). */
const checkName = (name: string) => {
  if (!hasNoHiddenCharacters(name)) throw validationError({ name: 'groups.error.nameInvalid' });
};
const byName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });

/** Clubs and classes: anyone signed in lists them, teachers manage them (the routes ask the access policy). */
export class GroupsService {
  constructor(private readonly db: Kysely<DB>) {}

  /** Sorted by name the way a Ukrainian reader expects (Ґ after Г, І after И). */
  async list(): Promise<GroupSummary[]> {
    const groups = await repo.listGroupSummaries(this.db);
    return groups.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  }

  /** A teacher creates a group and becomes its first member. */
  async create(actor: AuthenticatedUser, name: string): Promise<GroupSummary> {
    checkName(name);
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const groupId = await repo.insertGroup(trx, name);
        await repo.addMember(trx, actor.id, groupId);
        return groupId;
      });
      return this.summary(id);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  }

  async rename(id: number, name: string): Promise<GroupSummary> {
    checkName(name);
    try {
      if (!(await repo.renameGroup(this.db, id, name))) throw notFound();
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
    return this.summary(id);
  }

  /** Refused (409, saying why) while students or live tasks are in the group. */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.findGroup(trx, id))) throw notFound();
      const usage = await repo.groupUsage(trx, id);
      if (usage.students > 0) throw new AppError('GROUP_NOT_EMPTY', { messageKey: 'GROUP_NOT_EMPTY.students' });
      if (usage.tasks > 0) throw new AppError('GROUP_NOT_EMPTY', { messageKey: 'GROUP_NOT_EMPTY.tasks' });
      await repo.deleteGroup(trx, id);
    });
  }

  private async summary(id: number): Promise<GroupSummary> {
    const [group] = await repo.listGroupSummaries(this.db, id);
    if (!group) throw notFound();
    return group;
  }
}
