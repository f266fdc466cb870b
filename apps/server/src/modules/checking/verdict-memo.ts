import type { CheckVerdict } from '@mathclub/shared';
import { SizedEntries } from '../../db/sized-entries.js';
import type { CheckSpec } from './judge.js';

/** Verdicts remembered at most, and the bytes their keys and answers may hold (~2 per character). */
const MEMO_ENTRIES = 20_000;
const MEMO_BYTES = 8 * 1024 * 1024;
/** A Map entry's own cost beside its key string, counted against MEMO_BYTES. */
const ENTRY_OVERHEAD_BYTES = 64;

type Check = (spec: CheckSpec, answer: string) => Promise<CheckVerdict>;

/**
 * Remembers the checker's definite verdicts per (kind, key, tolerance, answer). A class answers
 * the same task with the same few spellings ("5/6", "x=2, x=3": what the answer groups of the
 * review queue show), and each check otherwise costs a worker thread a parse and a comparison on
 * the cores the event loop needs during that lesson. The judge gives the same answer the same
 * verdict (judge.ts), so a remembered one is the one the worker would give. `unsure` is never
 * remembered: it may come from a time limit or a full queue, which depend on the moment.
 */
export function rememberingVerdicts(check: Check): Check {
  const memo = new SizedEntries<string, { size: number; usedAt?: number; verdict: CheckVerdict }>(MEMO_ENTRIES, MEMO_BYTES);
  return async (spec, answer) => {
    const key = JSON.stringify([spec.kind, spec.tolerance ?? null, spec.key, answer]);
    const known = memo.get(key);
    if (known) {
      memo.touch(key, known);
      return known.verdict;
    }
    const verdict = await check(spec, answer);
    if (verdict === 'correct' || verdict === 'incorrect') memo.set(key, { size: key.length * 2 + ENTRY_OVERHEAD_BYTES, verdict });
    return verdict;
  };
}
