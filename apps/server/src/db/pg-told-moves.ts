import type pg from 'pg';

/**
 * The settings a session starts with to be told of the counter moves its own writes make (migration
 * 2026120100): the triggers raise one NOTICE per trigger call, naming the scopes it moved, on the
 * writing connection itself; notices are let through whatever the database's default says.
 */
export const TOLD_MOVES_OPTIONS = '-c mathclub.told_moves=on -c client_min_messages=notice';
const TOLD_MESSAGE = 'mathclub moved';

/** One counter's version as this instance counts it: `<epoch>.<moves>`, never a database version (those have no dot). */
export type CounterView = (kind: string, id: number) => string;

/** What kept accounts stay valid under in `view`: the roster's and the logged-out tokens' counts. */
export const accountsStampOf = (view: CounterView): string => `${view('r', 0)} ${view('a', 0)}`;

/**
 * The change counters as this instance counts them itself while it is alone on its database.
 *
 * Why: every cached read's token, and the account check's counters, came from `change_counters`,
 * so each write of this instance made its next account check read every account's counters again:
 * in the bench's mixed run on PostgreSQL that query was 23.5 % of PostgreSQL's execution time
 * (2,475 batches of ~15 accounts at 0.5 ms for 37,376 requests). While the instance is provably the
 * only one (pg-sole-instance.ts), every write to the database runs on its own pool's connections, and the
 * counters' triggers tell that connection each counter they move. So the instance counts them.
 *
 * How it stays exact (a write is seen at the very next request):
 * - The trigger tells a scope during the writing statement; its version moves once that
 *   connection's transaction has ended (its ReadyForQuery outside a transaction block; a lost
 *   connection counts as that), before the write's caller hears it is done (pg's own listener,
 *   registered first, settles the query; the caller runs after this one). Every token read before
 *   that is left behind by it, whether its data was read before the commit or after; every token
 *   read after it comes with data read after the commit. (Moving also when told, as the first
 *   version of this did, bought nothing: pg-told-moves.property.test.ts holds either way, and it
 *   only made the entries computed in between go to waste.)
 * - Versions count from 0 in each epoch: each time the instance starts keeping again, the counts
 *   start over under a new epoch, and the epoch is part of every version, so nothing counted before
 *   a gap (when other instances may have written) is ever taken for something counted after it.
 *   Versions carry a dot and the database's never do, so the two never meet in one token.
 * - While the instance is not alone, `view()` is null and every counter is read from the database.
 */
export class ToldMoves {
  private versions = new Map<string, number>();
  private epoch: number | null = null;
  /** Per connection, the scopes told by its current transaction and not yet settled. */
  private readonly pending = new Map<object, Set<string>>();

  constructor(
    /** The sole instance's keeping epoch, or null while it is not alone (SoleInstance.keepingEpoch). */
    private readonly keepingEpoch: () => number | null,
  ) {}

  /** Listens to one connection of the pool that writes (set up with TOLD_MOVES_OPTIONS). */
  watch(client: pg.Client): void {
    client.on('notice', (notice: { message?: string; detail?: string }) => {
      if (notice.message !== TOLD_MESSAGE || !notice.detail) return;
      let scopes = this.pending.get(client);
      if (!scopes) this.pending.set(client, (scopes = new Set()));
      // One notice per trigger call: the scopes it moved, space-separated ('g5 p5 u12 t40').
      for (const scope of notice.detail.split(' ')) scopes.add(scope);
    });
    (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', (message: { status?: string }) => {
      // 'T' and 'E': inside a transaction block, nothing committed yet.
      if (message.status === 'I') this.settle(client);
    });
    // Whether the transaction committed is unknown: its scopes move as if it had.
    client.on('end', () => this.settle(client));
    client.on('error', () => this.settle(client));
  }

  /** This epoch's versions, or null while the instance must read the database's counters. */
  view(): CounterView | null {
    const epoch = this.keepingEpoch();
    if (epoch === null) return null;
    if (epoch !== this.epoch) {
      // No token of this epoch exists yet: moves counted before it started are left behind.
      this.epoch = epoch;
      this.versions = new Map();
    }
    const versions = this.versions;
    return (kind, id) => `${epoch}.${versions.get(kind + id) ?? 0}`;
  }

  /**
   * What the account check keeps accounts under: it moves with any change to users, groups,
   * memberships (the roster's counter) and logged-out tokens; null while nothing may be kept.
   */
  readonly accountsStamp = (): string | null => {
    const view = this.view();
    return view ? accountsStampOf(view) : null;
  };

  private moved(scope: string): void {
    this.versions.set(scope, (this.versions.get(scope) ?? 0) + 1);
  }

  private settle(client: object): void {
    const scopes = this.pending.get(client);
    if (!scopes) return;
    this.pending.delete(client);
    for (const scope of scopes) this.moved(scope);
  }
}
