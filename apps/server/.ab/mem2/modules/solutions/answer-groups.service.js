import { CHECK_VERDICTS } from '@mathclub/shared';
import { notFound } from '../../lib/app-error.js';
import { requireAccess } from '../access/access.policy.js';
import { normaliseText } from '../checking/normalise-input.js';
import { waitingTypedAnswers } from './answer-groups.repository.js';
import { liveTaskForAnswer } from './solutions.repository.js';
/** Waiting answers read per task: a class's worth many times over (one open answer per student). */
export const ANSWER_GROUPS_ROWS_MAX = 2_000;
/** Distinct answers (after text normalisation) the checker judges against the key per request, largest first. */
export const ANSWER_GROUPS_CHECKED_MAX = 40;
/** Distinct answers compared with each other by the checker per request, largest first (at most n(n−1)/2 checks). */
export const ANSWER_GROUPS_MERGED_MAX = 12;
/** Checker time one request may start new work in; past it, what is left is not judged (see below). */
const CHECK_BUDGET_MS = 4_000;
/** Answers sent to the checker's worker threads at once by one request. */
const CHECK_CONCURRENCY = 2;
/**
 * The checker's verdicts for (spec, answer) pairs, kept across requests: a teacher's queue asks for
 * a task's groups again after each verdict, and the answers barely change. `unsure` is kept for a
 * minute only (it may have been a full queue or a time limit, not the answer).
 */
class VerdictCache {
    max;
    entries = new Map();
    constructor(max = 5_000) {
        this.max = max;
    }
    get(key) {
        const entry = this.entries.get(key);
        if (!entry)
            return undefined;
        if (entry.until < Date.now()) {
            this.entries.delete(key);
            return undefined;
        }
        return entry.verdict;
    }
    set(key, verdict) {
        this.entries.delete(key);
        this.entries.set(key, { verdict, until: verdict === 'unsure' ? Date.now() + 60_000 : Number.POSITIVE_INFINITY });
        if (this.entries.size > this.max)
            this.entries.delete(this.entries.keys().next().value);
    }
}
/**
 * Same answers judged once (PRODUCT.md §15): a task's typed answers (no photo) waiting for review,
 * grouped when equal after trimming, case-folding, collapsing whitespace and NFKC normalisation;
 * with an answer key, also when the checker calls them the same value. Largest group first.
 *
 * The checker exposes no canonical form, so with a key: answers are grouped by normalised text
 * first; the largest ANSWER_GROUPS_CHECKED_MAX groups are judged against the key (in the checker's
 * worker threads, like every CAS step); with an exact key (tolerance 0), the groups it calls
 * correct are one value and merge; among the largest ANSWER_GROUPS_MERGED_MAX of the others, one is
 * taken as a key and the other checked against it, merging on `correct` (at most n(n−1)/2 checks,
 * within a time budget). Smaller groups keep their text grouping and the verdict their answers
 * were stored with when all agree (else `unsure`).
 */
export class AnswerGroupsService {
    db;
    checker;
    verdicts = new VerdictCache();
    constructor(db, checker) {
        this.db = db;
        this.checker = checker;
    }
    async forTask(actor, taskId) {
        const task = await liveTaskForAnswer(this.db, taskId);
        if (task?.groupId == null)
            throw notFound();
        requireAccess(actor, 'task.answerGroups', { groupId: task.groupId });
        const buckets = byText(await waitingTypedAnswers(this.db, taskId, ANSWER_GROUPS_ROWS_MAX));
        const keyed = task.answerKind !== 'none' && !!task.answerKey;
        if (keyed) {
            const spec = { kind: task.answerKind, key: task.answerKey, tolerance: task.tolerance };
            await this.judge(spec, buckets);
            return present(spec.kind === 'text' ? buckets : await this.mergeEqual(spec, buckets));
        }
        return present(buckets);
    }
    /** Each bucket's verdict against the key; text keys need no engine (the checker's own comparison, inline). */
    async judge(spec, buckets) {
        if (spec.kind === 'text') {
            const key = normaliseText(spec.key);
            for (const b of buckets)
                b.verdict = normaliseText(b.answer) === key ? 'correct' : 'incorrect';
            return;
        }
        const checked = buckets.slice(0, ANSWER_GROUPS_CHECKED_MAX);
        for (const b of buckets.slice(ANSWER_GROUPS_CHECKED_MAX))
            b.verdict = storedVerdict(b);
        const deadline = Date.now() + CHECK_BUDGET_MS;
        let next = 0;
        const worker = async () => {
            while (next < checked.length) {
                const b = checked[next++];
                b.verdict = Date.now() < deadline ? await this.check(spec, b.answer) : storedVerdict(b);
            }
        };
        await Promise.all(Array.from({ length: CHECK_CONCURRENCY }, worker));
    }
    /** Merges buckets the checker calls the same value (see the class comment for the bounds). */
    async mergeEqual(spec, buckets) {
        const exactKey = spec.kind !== 'number' || !spec.tolerance;
        const checked = buckets.slice(0, ANSWER_GROUPS_CHECKED_MAX);
        const merged = [];
        // Equal to an exact key: one value.
        const correct = exactKey ? checked.filter((b) => b.verdict === 'correct') : [];
        if (correct.length > 0)
            merged.push(correct.reduce((into, b) => (into === b ? into : absorb(into, b))));
        const rest = checked.filter((b) => !correct.includes(b));
        const candidates = new Set(rest.filter((b) => b.verdict !== 'unsure').slice(0, ANSWER_GROUPS_MERGED_MAX));
        const deadline = Date.now() + CHECK_BUDGET_MS;
        const clusters = [];
        for (const b of rest) {
            if (!candidates.has(b)) {
                merged.push(b);
                continue;
            }
            let home;
            for (const c of clusters) {
                if (Date.now() >= deadline)
                    break;
                // Only answers with the same verdict can be one value; the larger group's answer is the key.
                if (c.verdict !== b.verdict)
                    continue;
                if ((await this.check({ kind: spec.kind, key: c.answer, tolerance: 0 }, b.answer)) === 'correct') {
                    home = c;
                    break;
                }
            }
            if (home)
                absorb(home, b);
            else
                clusters.push(b);
        }
        return [...merged, ...clusters, ...buckets.slice(ANSWER_GROUPS_CHECKED_MAX)];
    }
    async check(spec, answer) {
        const key = JSON.stringify([spec.kind, spec.key, spec.tolerance ?? 0, answer]);
        const known = this.verdicts.get(key);
        if (known)
            return known;
        const verdict = await this.checker.check(spec, answer);
        this.verdicts.set(key, verdict);
        return verdict;
    }
}
/** Buckets of answers equal as text after normalisation (the checker's own `text` comparison), in order of first arrival. */
function byText(answers) {
    const buckets = new Map();
    answers.forEach((a, position) => {
        const key = normaliseText(a.answer);
        const bucket = buckets.get(key);
        if (bucket) {
            bucket.ids.push(a.id);
            bucket.stored.add(a.autoVerdict);
        }
        else {
            buckets.set(key, { answer: a.answer, ids: [a.id], first: position, stored: new Set([a.autoVerdict]), verdict: null });
        }
    });
    return bySize([...buckets.values()]);
}
/** The verdict every answer of the bucket was stored with, or `unsure` when they differ or none is known. */
function storedVerdict(b) {
    const [only] = b.stored;
    return b.stored.size === 1 && CHECK_VERDICTS.includes(only) ? only : 'unsure';
}
/** Moves `b`'s answers into `into`; the larger part's answer stands for the group. */
function absorb(into, b) {
    if (b.ids.length > into.ids.length)
        into.answer = b.answer;
    into.ids.push(...b.ids);
    into.first = Math.min(into.first, b.first);
    for (const v of b.stored)
        into.stored.add(v);
    return into;
}
const bySize = (buckets) => buckets.sort((a, b) => b.ids.length - a.ids.length || a.first - b.first);
function present(buckets) {
    return bySize(buckets).map((b) => ({ answer: b.answer, count: b.ids.length, solutionIds: [...b.ids].sort((x, y) => x - y), autoVerdict: b.verdict }));
}
//# sourceMappingURL=answer-groups.service.js.map