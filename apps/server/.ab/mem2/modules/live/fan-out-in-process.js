/** One instance (SQLite): the ids go straight to this process's listener, in a later turn. */
export class InProcessFanOut {
    driver = 'in-process';
    onIds = null;
    async publish(ids) {
        const copy = [...ids];
        setImmediate(() => this.onIds?.(copy));
    }
    async start(onIds) {
        this.onIds = onIds;
    }
    async close() {
        this.onIds = null;
    }
}
//# sourceMappingURL=fan-out-in-process.js.map