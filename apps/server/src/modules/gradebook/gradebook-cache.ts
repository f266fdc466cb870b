import type { Kysely } from 'kysely';
import { isNotNewer, tokenFromKnown, type ChangeScope, type ChangeTokenReader, type KnownCounters } from '../../db/change-tokens.js';
import { ReadCache } from '../../db/read-cache.js';
import { SizedEntries } from '../../db/sized-entries.js';
import type { DB } from '../../db/schema.js';
import { GradebookBytes } from './gradebook-bytes.js';
import { liveTaskVersions } from '../tasks/task-versions.js';
import type { GradebookService } from './gradebook.service.js';

/** A book and the change counter of each of its columns when they were read. */
interface CachedBook {
  bytes: GradebookBytes;
  versions: Map<number, string>;
}

interface Entry {
  /** The group's solutions' token and the school's structure token the book was read under. */
  token: string;
  structure: string;
  value: Promise<CachedBook>;
  /** The settled book, measured for the bound (unset while pending). */
  result?: CachedBook;
  /** The bytes it is counted at in the cache's bound (SizedEntries). */
  size: number;
}

/**
 * Bytes the kept books may hold (default): the 200 × 500 group's book holds ~8.3 MB (7.5 MB of
 * JSON in pieces, each deflated, and the gzip body), a class of 30 × 50 about 60 KB.
 */
export const GRADEBOOK_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Each group's gradebook kept ready between reads, and brought up to date by columns.
 *
 * A read whose tokens (change-tokens.ts: the school's structure, the group's solutions) did not move
 * is served from memory with no query. When only the group's solutions moved (an answer, a verdict)
 * the per-task counters say which columns changed: those are read in one query and re-serialized,
 * every other column is shared with the previous state. When the structure moved (a student joined,
 * a task was added or its points changed) the whole book is read again. Concurrent reads of one
 * group share one computation, and a newer one starts from the older one's result, so a verdict
 * every 250 ms never has two 100,000-cell books built at once.
 */
export class GradebookCache {
  private readonly entries: SizedEntries<number, Entry>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly service: GradebookService,
    private readonly tokens: ChangeTokenReader,
    maxEntries = 50,
    maxBytes = GRADEBOOK_CACHE_MAX_BYTES,
  ) {
    this.entries = new SizedEntries(maxEntries, maxBytes, (delta) => ReadCache.onBytes?.('gradebooks', delta));
  }

  /** The bytes the kept books hold now. */
  get bytes(): number {
    return this.entries.bytes;
  }

  /** `known`: the counters the account check read for this request (before any of its reads). */
  async get(groupId: number, known?: KnownCounters | null): Promise<GradebookBytes> {
    // The book reads the roster and this group's tasks (its structure: members and columns) and the
    // group's solutions (its cells).
    const [token, structure] = await Promise.all([this.token({ groups: [groupId], tasksOf: [groupId] }, known), this.token({ tasksOf: [groupId] }, known)]);
    const hit = this.entries.get(groupId);
    // A token older than the entry's (counters read just before a write): the entry is newer data.
    const fresh = hit !== undefined && (hit.token === token || isNotNewer(token, hit.token));
    ReadCache.onLookup?.(fresh);
    if (fresh) {
      // Most recently read now, and measured again (brotli is added to a book after it was kept).
      this.entries.touch(groupId, hit);
      if (hit.result) this.entries.resize(hit, hit.result.bytes.retainedBytes);
      return (await hit.value).bytes;
    }
    const value = hit
      ? hit.value.then(
          (previous) => (hit.structure === structure ? this.refresh(groupId, previous) : this.build(groupId)),
          () => this.build(groupId),
        )
      : this.build(groupId);
    const entry: Entry = { token, structure, value, size: 0 };
    this.entries.set(groupId, entry);
    value.then(
      (book) => {
        if (this.entries.get(groupId) !== entry) return;
        entry.result = book;
        this.entries.resize(entry, book.bytes.retainedBytes);
      },
      // A failed read is not remembered.
      () => this.entries.delete(groupId, entry),
    );
    return (await value).bytes;
  }

  private async token(scope: ChangeScope, known?: KnownCounters | null): Promise<string> {
    return (known && tokenFromKnown(known, scope)) ?? this.tokens(scope);
  }

  /** The whole book: the columns' counters first, so the book is never filed under newer ones than its data. */
  private async build(groupId: number): Promise<CachedBook> {
    const versions = await liveTaskVersions(this.db, [groupId]);
    const layout = await this.service.layout(groupId);
    return { bytes: await GradebookBytes.of(layout, await this.service.columns(groupId, layout)), versions };
  }

  /** Same students and tasks as `previous`: only the columns whose counter moved are read again. */
  private async refresh(groupId: number, previous: CachedBook): Promise<CachedBook> {
    const versions = await liveTaskVersions(this.db, [groupId]);
    const tasks = previous.bytes.layout.tasks;
    if (versions.size !== tasks.length || tasks.some((task) => !versions.has(task.id))) return this.build(groupId);
    const changed = tasks.map((task) => task.id).filter((id) => versions.get(id) !== previous.versions.get(id));
    if (changed.length === 0) return { bytes: previous.bytes, versions };
    const columns = await this.service.columns(groupId, previous.bytes.layout, changed);
    return { bytes: await previous.bytes.withColumns(columns), versions };
  }
}
