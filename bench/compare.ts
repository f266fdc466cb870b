/**
 * The yardstick's arithmetic, kept free of I/O so `npm test` can check it: the median of
 * interleaved runs per side, the ratio (the median of the ratios of adjacent runs), and the
 * refusal to call a ratio above 100 % a result.
 */

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** p50, p99 and the largest of a list of latencies (nearest rank), ms; NaN for an empty list. */
export function percentiles(values: readonly number[]): { p50: number; p99: number; max: number; n: number } {
  if (values.length === 0) return { p50: Number.NaN, p99: Number.NaN, max: Number.NaN, n: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]!, n: sorted.length };
}

/**
 * The first requests of a line's runs (one per connection, each waiting for its connection to be
 * accepted), as the console and the report print them.
 */
export function formatFirstRequests(first: { n: number; p50: number; p99: number; max: number }): string {
  if (first.n === 0) return 'none answered';
  return `${first.n} (one per connection), p50 ${first.p50} ms, p99 ${first.p99} ms, slowest ${first.max} ms`;
}

export interface Comparison {
  /** requests/s of each server run, in the order they ran (interleaved with the baseline's). */
  serverRuns: number[];
  baselineRuns: number[];
  serverMedian: number;
  baselineMedian: number;
  /** server ÷ baseline of each pair of adjacent runs, in the order they ran. */
  pairRatios: number[];
  /** The median of `pairRatios`. */
  ratio: number;
  /** False when the ratio cannot be a measurement of the server (see `invalidReason`). */
  valid: boolean;
  invalidReason?: string;
  /**
   * The share of one core the load generator (autocannon, one thread of the bench's process) used
   * in each run, when measured: at ~100 % it, not the process it loads, set the run's pace.
   */
  generatorShares?: { serverRuns: number[]; baselineRuns: number[] };
  /**
   * The generator's median share in the baseline's runs reached GENERATOR_SATURATED: the baseline
   * ran at the generator's pace, so the ratio is an upper bound.
   */
  clientBound?: boolean;
}

/**
 * A load generator using this share of a core or more is taken to be at its limit: it cannot send
 * faster than it parses answers. Measured on 2026-11-28 (SQLite reads, `bench:reads`): 93–97 % in
 * the baseline's runs of the small answers, 100–103 % for the 68–70 KB lists, 69–98 % in the
 * server's runs.
 */
export const GENERATOR_SATURATED = 0.9;

/**
 * Above this the ratio is refused. A server that parses a request, checks a token and an account
 * and then sends the same bytes cannot outrun a bare node:http server sending them from memory;
 * a ratio above 100 % means the baseline was held back by something else (the load generator,
 * other work on the shared cores), so it says nothing about the server.
 */
export const MAX_VALID_RATIO = 1;

/**
 * The ratio of interleaved runs: run i of the server and run i of the baseline ran back to back
 * (server, baseline, baseline, server, …), so each pair saw the same state of the machine; the
 * ratio is the median of the pairs' ratios. On the shared 2-core machine a run's req/s moves by
 * 2× from one second to the next (other engineers' suites come and go, and the baseline answers
 * either ~40,000 or ~24,000 req/s depending on where the scheduler puts it): the ratio of the two
 * sides' medians then compares medians taken in different machine states and read 80–124 % for
 * a baseline against a copy of itself, where the median of the pair ratios read 91–112 % on the
 * same runs.
 */
export function pairedRatio(serverRuns: readonly number[], baselineRuns: readonly number[]): { ratio: number; pairRatios: number[] } {
  const n = Math.min(serverRuns.length, baselineRuns.length);
  const pairRatios: number[] = [];
  for (let i = 0; i < n; i++) pairRatios.push(baselineRuns[i]! > 0 ? serverRuns[i]! / baselineRuns[i]! : Number.NaN);
  if (pairRatios.some((r) => !Number.isFinite(r))) return { ratio: Number.NaN, pairRatios };
  return { ratio: median(pairRatios), pairRatios };
}

/** Compares interleaved runs (server, baseline, baseline, server, …) by the median of their pair ratios. */
export function compareRuns(
  serverRuns: readonly number[],
  baselineRuns: readonly number[],
  generatorShares?: { serverRuns: readonly number[]; baselineRuns: readonly number[] },
): Comparison {
  const serverMedian = median(serverRuns);
  const baselineMedian = median(baselineRuns);
  const { ratio, pairRatios } = pairedRatio(serverRuns, baselineRuns);
  const generator = generatorShares && { serverRuns: [...generatorShares.serverRuns], baselineRuns: [...generatorShares.baselineRuns] };
  const baselineShare = generator ? median(generator.baselineRuns) : Number.NaN;
  const clientBound = baselineShare >= GENERATOR_SATURATED;
  const base = {
    serverRuns: [...serverRuns],
    baselineRuns: [...baselineRuns],
    serverMedian,
    baselineMedian,
    pairRatios,
    ...(generator ? { generatorShares: generator, clientBound } : {}),
  };
  if (!(baselineMedian > 0) || !Number.isFinite(serverMedian) || !Number.isFinite(ratio)) {
    return { ...base, ratio: Number.NaN, valid: false, invalidReason: 'the baseline answered nothing in at least one run, so there is nothing to compare with' };
  }
  if (ratio > MAX_VALID_RATIO) {
    return {
      ...base,
      ratio,
      valid: false,
      invalidReason: `the server (median ${Math.round(serverMedian)} req/s) outran the bare baseline (median ${Math.round(baselineMedian)} req/s) sending the same bytes (median of the pair ratios ${(ratio * 100).toFixed(0)} %), which it cannot do; ${whatHeldBack(baselineShare)}`,
    };
  }
  return { ...base, ratio, valid: true };
}

/** Why a baseline's runs were slower than they could be, from the load generator's share of a core in them. */
function whatHeldBack(generatorShare: number): string {
  const share = `${Math.round(generatorShare * 100)} % of a core`;
  if (!Number.isFinite(generatorShare)) return "something other than the server limited the baseline's runs (the load generator or other work on the shared cores)";
  if (generatorShare >= GENERATOR_SATURATED) return `the load generator limited the baseline's runs: it used ${share} in them, as much as its one thread can, so both sides ran at its pace and the line measures the client`;
  return `the load generator used ${share} in the baseline's runs, below its limit, so other work on the shared cores held the baseline back`;
}

/**
 * The load generator's median share of a core in the server's runs and in the baseline's, as the
 * console line and the report print it ("82 | 94 %"); empty when it was not measured.
 */
export function formatGeneratorShares(c: Pick<Comparison, 'generatorShares'>): string {
  if (!c.generatorShares) return '';
  const share = (runs: readonly number[]) => Math.round(median(runs) * 100);
  return `${share(c.generatorShares.serverRuns)} | ${share(c.generatorShares.baselineRuns)} %`;
}

/** How a ratio is printed: a percentage, or "invalid" (never a number above 100 %). */
export function formatRatio(c: Pick<Comparison, 'ratio' | 'valid'>): string {
  return c.valid ? `${(c.ratio * 100).toFixed(0)}%` : 'invalid';
}

/** The harness measuring a baseline against a copy of itself must report 100 % ± this. */
export const SELF_CHECK_TOLERANCE = 0.1;

/**
 * The self-check compares two identical baselines, so a ratio just above 100 % is the expected
 * noise there, not an invalid measurement: it is judged on the raw ratio, computed exactly as
 * every line's (the median of the pair ratios).
 */
export function selfCheckPasses(serverRuns: readonly number[], baselineRuns: readonly number[]): { ratio: number; passes: boolean } {
  const { ratio } = pairedRatio(serverRuns, baselineRuns);
  return { ratio, passes: Number.isFinite(ratio) && Math.abs(ratio - 1) <= SELF_CHECK_TOLERANCE };
}

/** Cores on the machine the budget was set for; the ceiling below uses the measured count. */
export const MACHINE_CORES = 2;

/**
 * The most requests/s the measured CPU per request allows on `cores` cores if nothing else ran:
 * `cores` seconds of CPU per second ÷ CPU per request (server + database). A single-threaded
 * server meets a lower wall where its main thread fills one core; this is the physical one.
 */
export function cpuCeiling(serverCpuMsPerRequest: number | undefined, databaseCpuMsPerRequest = 0, cores = MACHINE_CORES): number | undefined {
  if (serverCpuMsPerRequest === undefined) return undefined;
  const perRequest = serverCpuMsPerRequest + databaseCpuMsPerRequest;
  return perRequest > 0 ? Math.round((cores * 1000) / perRequest) : undefined;
}
