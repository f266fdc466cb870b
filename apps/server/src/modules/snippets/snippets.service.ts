import type { Kysely } from 'kysely';
import {
  FEEDBACK_SNIPPET_ERRORS,
  FEEDBACK_SNIPPETS_PER_TEACHER,
  type AuthenticatedUser,
  type CreateFeedbackSnippetInput,
  type FeedbackSnippet,
} from '@mathclub/shared';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { requireAccess, type Actor } from '../access/access.policy.js';
import * as repo from './snippets.repository.js';

/**
 * A teacher's saved comments (PRODUCT.md §15): their own only, at most 100, most used first. A
 * verdict puts one in through `useInVerdict` (solutions module), in the verdict's transaction.
 */
export class SnippetsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  async list(actor: AuthenticatedUser): Promise<FeedbackSnippet[]> {
    requireAccess(actor, 'snippet.list');
    return repo.listForTeacher(this.db, actor.id);
  }

  /** Saves a comment as typed (math included); the 101st is a 400 SNIPPET_LIMIT. */
  async create(actor: AuthenticatedUser, input: CreateFeedbackSnippetInput): Promise<FeedbackSnippet> {
    requireAccess(actor, 'snippet.create');
    const saved = await repo.insertWithin(this.db, this.dialect, actor.id, input.text, FEEDBACK_SNIPPETS_PER_TEACHER);
    if (!saved) throw new AppError('SNIPPET_LIMIT', { validationErrors: { text: FEEDBACK_SNIPPET_ERRORS.limit } });
    return saved;
  }

  /** Deletes one of the caller's comments; anyone else's, or an unknown id, is a 404. */
  async delete(actor: AuthenticatedUser, id: number): Promise<void> {
    await requireOwnSnippet(this.db, actor, 'snippet.delete', id);
    if (!(await repo.deleteOwn(this.db, actor.id, id))) throw notFound();
  }
}

/**
 * Inside a verdict's transaction: one more use of the caller's comment, and its text; a 404 when it
 * went in the meantime (the transaction then rolls back, so the verdict is not saved either).
 */
export async function useInVerdict(trx: Kysely<DB>, actor: Actor, id: number): Promise<string> {
  const text = await repo.useOwn(trx, actor.id, id);
  if (text === undefined) throw notFound();
  return text;
}

async function requireOwnSnippet(db: Kysely<DB>, actor: Actor, permission: 'snippet.delete' | 'snippet.use', id: number): Promise<void> {
  const ownerId = await repo.ownerOf(db, id);
  if (ownerId === undefined) throw notFound();
  requireAccess(actor, permission, { ownerId });
}

/** Before a verdict that names a saved comment: the caller's own, else 404 (nothing written yet). */
export const requireUsableSnippet = (db: Kysely<DB>, actor: Actor, id: number) => requireOwnSnippet(db, actor, 'snippet.use', id);
