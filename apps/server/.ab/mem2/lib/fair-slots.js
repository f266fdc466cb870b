/**
 * At most `limit` tasks at once, at most `perOwner` of them for one owner (an account), and the
 * free slots handed round-robin to the owners that wait: one owner sending many tasks waits
 * behind its own, never in front of everybody else's. An owner that already holds a slot never
 * takes the last free one, which stays for an owner holding none: two accounts holding two slots
 * each used to fill all four (issue 50), now they hold three at most. A waiting task whose
 * `signal` aborts leaves the line at once (its place goes to the next). Nobody is refused.
 */
export class FairSlots {
    limit;
    perOwner;
    running = 0;
    owners = new Map();
    /** Owners with waiting tasks, the next to be served first. */
    turn = [];
    constructor(limit, perOwner) {
        this.limit = limit;
        this.perOwner = perOwner;
    }
    async run(ownerKey, task, listener, signal) {
        signal?.throwIfAborted();
        const owner = this.owners.get(ownerKey) ?? { running: 0, waiting: [] };
        this.owners.set(ownerKey, owner);
        if (this.mayStart(owner) && owner.waiting.length === 0) {
            this.running++;
            owner.running++;
        }
        else {
            listener?.waiting();
            await new Promise((resolve, reject) => {
                const start = () => {
                    signal?.removeEventListener('abort', leave);
                    resolve();
                };
                const leave = () => {
                    const at = owner.waiting.indexOf(start);
                    if (at < 0)
                        return;
                    owner.waiting.splice(at, 1);
                    if (owner.waiting.length === 0) {
                        const inTurn = this.turn.indexOf(ownerKey);
                        if (inTurn >= 0)
                            this.turn.splice(inTurn, 1);
                        if (owner.running === 0)
                            this.owners.delete(ownerKey);
                    }
                    reject(signal.reason);
                };
                owner.waiting.push(start);
                signal?.addEventListener('abort', leave, { once: true });
                if (!this.turn.includes(ownerKey))
                    this.turn.push(ownerKey);
            });
            listener?.started();
        }
        try {
            return await task();
        }
        finally {
            this.running--;
            owner.running--;
            if (owner.running === 0 && owner.waiting.length === 0)
                this.owners.delete(ownerKey);
            this.dispatch();
        }
    }
    /** Starts waiting tasks while slots are free, one owner after another. */
    dispatch() {
        let i = 0;
        while (this.running < this.limit && i < this.turn.length) {
            const key = this.turn[i];
            const owner = this.owners.get(key);
            if (!this.mayStart(owner)) {
                i++;
                continue;
            }
            this.running++;
            owner.running++;
            owner.waiting.shift()();
            // Served: to the back of the line if it waits for more, else out of it.
            this.turn.splice(i, 1);
            if (owner.waiting.length > 0)
                this.turn.push(key);
        }
    }
    /** A free slot, the owner under its bound, and the last free slot only for an owner holding none. */
    mayStart(owner) {
        const free = this.limit - this.running;
        return free > 0 && owner.running < this.perOwner && (owner.running === 0 || free > 1 || this.limit === 1);
    }
    /** Tasks running now (for tests and metrics). */
    get active() {
        return this.running;
    }
}
//# sourceMappingURL=fair-slots.js.map