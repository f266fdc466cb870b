import { LRUCache } from 'lru-cache';
/** Verdicts remembered at most, and the characters their keys may hold. */
const MEMO_ENTRIES = 20_000;
const MEMO_KEY_CHARS = 4 * 1024 * 1024;
/**
 * Remembers the checker's definite verdicts per (kind, key, tolerance, answer). A class answers
 * the same task with the same few spellings, and each check otherwise costs a worker thread a
 * parse and a comparison during the lesson's peak. The judge gives the same answer the same
 * verdict (judge.ts), so a remembered one is the one the worker would give. `unsure` is never
 * remembered: it may come from a time limit or a full queue, which depend on the moment.
 */
export function rememberingVerdicts(check) {
    const memo = new LRUCache({ max: MEMO_ENTRIES, maxSize: MEMO_KEY_CHARS, sizeCalculation: (_, key) => key.length });
    return async (spec, answer) => {
        const key = JSON.stringify([spec.kind, spec.tolerance ?? null, spec.key, answer]);
        const known = memo.get(key);
        if (known)
            return known;
        const verdict = await check(spec, answer);
        if (verdict === 'correct' || verdict === 'incorrect')
            memo.set(key, verdict);
        return verdict;
    };
}
//# sourceMappingURL=verdict-memo.js.map