/** Called when a task has to wait for a slot, and again when it gets one. */
export interface WaitListener {
  waiting(): void;
  started(): void;
}

interface Owner {
  running: number;
  waiting: (() => void)[];
}

/**
 * At most `limit` tasks at once, at most `perOwner` of them for one owner (an account), and the
 * free slots handed round-robin to the owners that wait: one owner sending many tasks waits
 * behind its own, never in front of everybody else's. Nobody is refused.
 */
export class FairSlots {
  private running = 0;
  private readonly owners = new Map<string, Owner>();
  /** Owners with waiting tasks, the next to be served first. */
  private readonly turn: string[] = [];

  constructor(
    readonly limit: number,
    readonly perOwner: number,
  ) {}

  async run<T>(ownerKey: string, task: () => Promise<T>, listener?: WaitListener): Promise<T> {
    const owner = this.owners.get(ownerKey) ?? { running: 0, waiting: [] };
    this.owners.set(ownerKey, owner);
    if (this.running < this.limit && owner.running < this.perOwner && owner.waiting.length === 0) {
      this.running++;
      owner.running++;
    } else {
      listener?.waiting();
      await new Promise<void>((resolve) => {
        owner.waiting.push(resolve);
        if (!this.turn.includes(ownerKey)) this.turn.push(ownerKey);
      });
      listener?.started();
    }
    try {
      return await task();
    } finally {
      this.running--;
      owner.running--;
      if (owner.running === 0 && owner.waiting.length === 0) this.owners.delete(ownerKey);
      this.dispatch();
    }
  }

  /** Starts waiting tasks while slots are free, one owner after another. */
  private dispatch(): void {
    let i = 0;
    while (this.running < this.limit && i < this.turn.length) {
      const key = this.turn[i]!;
      const owner = this.owners.get(key)!;
      if (owner.running >= this.perOwner) {
        i++;
        continue;
      }
      this.running++;
      owner.running++;
      owner.waiting.shift()!();
      // Served: to the back of the line if it waits for more, else out of it.
      this.turn.splice(i, 1);
      if (owner.waiting.length > 0) this.turn.push(key);
    }
  }

  /** Tasks running now (for tests and metrics). */
  get active(): number {
    return this.running;
  }
}
