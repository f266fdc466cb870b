import type { Kysely } from 'kysely';
import { KeptUnderToken } from '../../db/kept-under-token.js';
import type { DB } from '../../db/schema.js';
import { answerTask, type AnswerTask } from './solutions.repository.js';

/** Tasks kept: a school's live tasks many times over; each entry is its key and title, ~1 KB at most. */
const MAX_TASKS = 5_000;
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * The live tasks students answer, as an answer needs them (group, key, window, title), kept per
 * task under the school's existing-tasks counter ('e'). That counter moves with every edit,
 * reschedule or deletion of any task on any instance. A class answering the same few tasks read
 * each of them once per answer: on PostgreSQL a round trip and a woken backend of the three an
 * answer made. A task created later is read when first answered (only found tasks are kept).
 */
export class AnswerTaskCache {
  private readonly kept: KeptUnderToken<number, AnswerTask>;

  constructor(db: Kysely<DB>) {
    this.kept = new KeptUnderToken((taskId) => answerTask(db, taskId), sizeOf, { maxEntries: MAX_TASKS, maxBytes: MAX_BYTES });
  }

  /** The live task `taskId`, or undefined; `token` (the request's 'e' counter) null reads it. */
  get(taskId: number, token: string | null): Promise<AnswerTask | undefined> {
    return this.kept.get(taskId, token);
  }
}

/** About the bytes an entry holds (strings at two bytes a character, plus the object). */
function sizeOf(task: AnswerTask): number {
  return 200 + 2 * (task.title.length + (task.answerKey?.length ?? 0));
}
