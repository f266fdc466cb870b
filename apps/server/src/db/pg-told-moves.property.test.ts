import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNotNewer, tokenFromView } from './change-tokens.js';
import { ToldMoves } from './pg-told-moves.js';
import { watchedFakeClient } from '../test/pg-clients.js';

/**
 * The promise pg-told-moves.ts makes to the read caches, checked against every interleaving
 * fast-check finds: a write, a cache entry's computation and the instance's epoch can go in any
 * order, and still a cached answer served after a write's caller heard it was done always holds
 * that write. Modelled as read-cache.ts serves: an entry is filed under the token read before its
 * data, and served for an equal token or an older one (`isNotNewer`).
 */
describe('counted counters and the read caches (property)', () => {
  const SCOPES = [1, 2];
  const CONNECTIONS = 3;

  type Step =
    | { kind: 'write'; connection: number; scope: number }
    | { kind: 'commit'; connection: number }
    | { kind: 'ack'; connection: number }
    | { kind: 'startRead'; scope: number }
    | { kind: 'finishRead'; pick: number }
    | { kind: 'get'; scope: number }
    | { kind: 'epoch'; keeping: boolean };

  // Epochs change rarely (a heartbeat a second), the rest often.
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('write' as const), connection: fc.nat(CONNECTIONS - 1), scope: fc.constantFrom(...SCOPES) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('commit' as const), connection: fc.nat(CONNECTIONS - 1) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('ack' as const), connection: fc.nat(CONNECTIONS - 1) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('startRead' as const), scope: fc.constantFrom(...SCOPES) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('finishRead' as const), pick: fc.nat(9) }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('get' as const), scope: fc.constantFrom(...SCOPES) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('epoch' as const), keeping: fc.boolean() }) },
  );

  /**
   * Races always tried: data read before the commit under a token read after the trigger told;
   * data read after the commit under a token from before it; an entry of an earlier epoch whose
   * count the next epoch reaches again.
   */
  const races: Step[][] = [
    [{ kind: 'write', connection: 0, scope: 1 }, { kind: 'startRead', scope: 1 }, { kind: 'finishRead', pick: 0 }, { kind: 'commit', connection: 0 }, { kind: 'ack', connection: 0 }, { kind: 'get', scope: 1 }],
    [{ kind: 'startRead', scope: 1 }, { kind: 'write', connection: 0, scope: 1 }, { kind: 'commit', connection: 0 }, { kind: 'finishRead', pick: 0 }, { kind: 'ack', connection: 0 }, { kind: 'get', scope: 1 }],
    [
      { kind: 'startRead', scope: 1 },
      { kind: 'finishRead', pick: 0 },
      { kind: 'write', connection: 0, scope: 1 },
      { kind: 'commit', connection: 0 },
      { kind: 'ack', connection: 0 },
      { kind: 'epoch', keeping: false },
      { kind: 'epoch', keeping: true },
      { kind: 'get', scope: 1 },
    ],
  ];

  it('never serves an answer older than a write whose caller was told it is done', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        let epoch: number | null = 1;
        let nextEpoch = 2;
        const moves = new ToldMoves(() => epoch);
        // The database: each scope's committed state (a count of committed writes).
        const committed = new Map<number, number>(SCOPES.map((s) => [s, 0]));
        // Per connection: an open transaction's scopes, committed (at the database) or not yet.
        const connections = Array.from({ length: CONNECTIONS }, () => ({ client: watchedFakeClient(moves), open: [] as number[], committedAt: null as null | Map<number, number> }));
        // What a caller told "done" may count on: each scope's state as of its last completed write.
        const completed = new Map<number, number>(SCOPES.map((s) => [s, 0]));
        const cache = new Map<number, { token: string; state: number }>();
        const reads: { scope: number; token: string }[] = [];
        const token = (scope: number) => {
          const view = moves.view();
          return view ? tokenFromView(view, { groups: [scope], tasksOf: [] }) : null;
        };

        for (const s of steps) {
          const c = 'connection' in s ? connections[s.connection]! : undefined;
          if (s.kind === 'write' && c && c.committedAt === null) {
            // The trigger tells the scope during the statement; the statement ends inside the block.
            c.open.push(s.scope);
            c.client.told(`g${s.scope}`);
            c.client.ready('T');
          } else if (s.kind === 'commit' && c && c.open.length > 0 && c.committedAt === null) {
            // Committed at the database: readers see it from now on, before the caller hears of it.
            for (const scope of c.open) committed.set(scope, committed.get(scope)! + 1);
            c.committedAt = new Map(c.open.map((scope) => [scope, committed.get(scope)!]));
          } else if (s.kind === 'ack' && c && c.committedAt !== null) {
            // The COMMIT's ReadyForQuery: the caller continues after this.
            c.client.ready('I');
            for (const [scope, state] of c.committedAt) completed.set(scope, Math.max(completed.get(scope)!, state));
            c.open = [];
            c.committedAt = null;
          } else if (s.kind === 'startRead') {
            const t = token(s.scope);
            if (t !== null) reads.push({ scope: s.scope, token: t });
          } else if (s.kind === 'finishRead' && reads.length > 0) {
            // The data is read after the token, at any later moment, and filed under that token.
            const [read] = reads.splice(s.pick % reads.length, 1);
            cache.set(read!.scope, { token: read!.token, state: committed.get(read!.scope)! });
          } else if (s.kind === 'get') {
            const t = token(s.scope);
            const hit = cache.get(s.scope);
            if (t !== null && hit && (hit.token === t || isNotNewer(t, hit.token))) {
              expect(hit.state).toBeGreaterThanOrEqual(completed.get(s.scope)!);
            }
          } else if (s.kind === 'epoch') {
            // Keeping stops (another instance, a late heartbeat) or starts again under a new epoch.
            epoch = s.keeping ? nextEpoch++ : null;
          }
        }
      }),
      { numRuns: 2000, examples: races.map((r) => [r]) },
    );
  });
});
