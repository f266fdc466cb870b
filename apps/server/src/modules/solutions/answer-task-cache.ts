import type { Kysely } from 'kysely';
import { SizedEntries } from '../../db/sized-entries.js';
import type { DB } from '../../db/schema.js';
import { answerTask, type AnswerTask } from './solutions.repository.js';

interface Entry {
  /** The counter of every existing task ('e': edits and deletions anywhere) it was read under. */
  token: string;
  task: AnswerTask;
  size: number;
  usedAt?: number;
}

/** Tasks kept: a school's live tasks many times over; each entry is its key and title, ~1 KB at most. */
const MAX_TASKS = 5_000;
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * The live tasks students answer, as an answer needs them (group, key, window, title), kept per
 * task under the school's existing-tasks counter. That counter is read with the account check of
 * the very request (no query of its own) and moves, in the same transaction, with every edit,
 * reschedule or deletion of any task on any instance, so a kept task is exactly the row as it is
 * now. A class answering the same few tasks read each of them once per answer: on PostgreSQL a
 * round trip and a woken backend of the three an answer made.
 *
 * Only tasks found are kept: a task created later is read when first answered. The row is read
 * after its token (the account check came first), so nothing is kept under a newer token than its
 * data.
 */
export class AnswerTaskCache {
  private readonly entries = new SizedEntries<number, Entry>(MAX_TASKS, MAX_BYTES);

  constructor(private readonly db: Kysely<DB>) {}

  /** The live task `taskId`, or undefined; `token` null (no counters for this request) reads it. */
  async get(taskId: number, token: string | null): Promise<AnswerTask | undefined> {
    const kept = this.entries.get(taskId);
    if (token !== null && kept?.token === token) {
      this.entries.touch(taskId, kept);
      return kept.task;
    }
    const task = await answerTask(this.db, taskId);
    if (token === null) return task;
    if (task) this.entries.set(taskId, { token, task, size: sizeOf(task) });
    else if (kept) this.entries.delete(taskId, kept);
    return task;
  }
}

/** About the bytes an entry holds (strings at two bytes a character, plus the object). */
function sizeOf(task: AnswerTask): number {
  return 200 + 2 * (task.title.length + (task.answerKey?.length ?? 0));
}
