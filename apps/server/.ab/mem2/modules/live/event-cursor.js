/**
 * How far this instance has read `live_events`, so that every stored event is handed to its
 * streams exactly once, whether a relay message told of it or the table was read because the relay
 * was down (live-hub.ts).
 *
 * Reading "ids above the newest one seen" is not enough on PostgreSQL: an id is taken when its
 * row is inserted, not when it commits, so id 10 can commit after id 11 has been read. Ids skipped
 * that way are kept as holes and asked for by id until they appear or are given up: a rolled-back
 * insert leaves a hole that never fills.
 */
export class EventCursor {
    holeTtlMs;
    maxHoles;
    now;
    /** The newest id handed on: every id up to it was handed on, or is a hole. */
    newest;
    /** Ids below `newest` not seen yet → when they were first missed (ms). */
    holes = new Map();
    constructor(start, 
    /** How long a hole is waited for: an insert whose transaction takes longer is not told. */
    holeTtlMs = 60_000, 
    /** At most this many holes are kept (a bulk insert in flight takes up to a few thousand ids). */
    maxHoles = 20_000, now = Date.now) {
        this.holeTtlMs = holeTtlMs;
        this.maxHoles = maxHoles;
        this.now = now;
        this.newest = start;
    }
    /** Streams read from here on: the newest id handed on. */
    get after() {
        return this.newest;
    }
    /** The ids still waited for, oldest first (after dropping those waited for too long). */
    holeIds() {
        const expired = this.now() - this.holeTtlMs;
        for (const [id, since] of this.holes)
            if (since < expired)
                this.holes.delete(id);
        return [...this.holes.keys()].sort((a, b) => a - b);
    }
    /** True when `id` is below `after` and still waited for. */
    isHole(id) {
        return this.holes.has(id);
    }
    /**
     * Takes ids just read from the table (committed rows) and returns those not handed on before,
     * in id order; ids skipped over become holes.
     */
    take(ids) {
        const fresh = [];
        const now = this.now();
        for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
            if (id > this.newest) {
                for (let missing = Math.max(this.newest + 1, id - this.maxHoles); missing < id; missing++)
                    this.holes.set(missing, now);
                this.newest = id;
                fresh.push(id);
            }
            else if (this.holes.delete(id)) {
                fresh.push(id);
            }
        }
        // The oldest go first when a flood of holes passes the bound (Map keeps insertion order).
        for (const id of this.holes.keys()) {
            if (this.holes.size <= this.maxHoles)
                break;
            this.holes.delete(id);
        }
        return fresh;
    }
    /** Nobody is listening: everything up to `id` counts as handed on. */
    skipTo(id) {
        if (id > this.newest)
            this.newest = id;
        this.holes.clear();
    }
}
//# sourceMappingURL=event-cursor.js.map