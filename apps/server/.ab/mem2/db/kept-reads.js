import { LRUCache } from 'lru-cache';
import { changeVersion } from './change-versions.js';
/**
 * Answers kept until what they were read from changes: each under the version of the counters it
 * depends on (change-versions.ts), read before the answer is computed, so a kept answer is never
 * older than its version says and a write anywhere (another instance, psql) is seen at the next
 * read. Concurrent misses of one key share one computation; at most `max` answers are kept.
 */
export class KeptReads {
    db;
    kept;
    constructor(db, max = 2_000) {
        this.db = db;
        this.kept = new LRUCache({ max });
    }
    /**
     * `compute` answers with the value and the time (ms) it stops being true by itself, if any (a
     * task opening). `actor`: the request's, whose account check may have read the counters already.
     */
    async get(key, counters, compute, actor) {
        const version = await changeVersion(this.db, counters, actor);
        const entry = this.kept.get(key);
        if (entry && entry.version === version && Date.now() < entry.until)
            return entry.value;
        const computed = compute();
        const value = computed.then((c) => c.value);
        const fresh = { version, value, until: Number.POSITIVE_INFINITY };
        this.kept.set(key, fresh);
        computed.then((c) => (fresh.until = c.until ?? Number.POSITIVE_INFINITY), () => this.kept.get(key) === fresh && this.kept.delete(key));
        return value;
    }
}
//# sourceMappingURL=kept-reads.js.map