import type { FanOut } from './fan-out.js';

/** One instance (SQLite): the ids go straight to this process's listener, in a later turn. */
export class InProcessFanOut implements FanOut {
  readonly driver = 'in-process';
  private onIds: ((ids: number[]) => void) | null = null;

  async publish(ids: readonly number[]): Promise<void> {
    const copy = [...ids];
    setImmediate(() => this.onIds?.(copy));
  }

  async start(onIds: (ids: number[]) => void): Promise<void> {
    this.onIds = onIds;
  }

  async close(): Promise<void> {
    this.onIds = null;
  }
}
