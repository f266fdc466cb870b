import { describe, expect, it } from 'vitest';
import { answerKey } from './baseline-answers.js';
import { compareRuns, cpuCeiling, formatFirstRequests, formatGeneratorShares, formatRatio, median, percentiles, selfCheckPasses } from './compare.js';

describe('median', () => {
  it('takes the middle run, or the mean of the two middle ones', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('is not moved by one run disturbed by other work on the machine', () => {
    expect(median([20_000, 19_800, 4_000])).toBe(19_800);
  });
});

describe('percentiles', () => {
  it('takes the nearest rank: p99 of 200 answers is the second slowest', () => {
    const times = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(percentiles(times)).toEqual({ p50: 101, p99: 199, max: 200, n: 200 });
  });

  it('lets a handful of slow first answers decide p99 only when they are over 1 % of the answers', () => {
    const open = Array.from({ length: 1_936 }, () => 20);
    const firsts = Array.from({ length: 64 }, (_, k) => 20 * (k + 1));
    expect(percentiles([...open, ...firsts]).p99).toBeGreaterThan(800);
    expect(percentiles(open).p99).toBe(20);
  });

  it('is NaN for no answers, and says so when printed', () => {
    expect(percentiles([]).p99).toBeNaN();
    expect(formatFirstRequests({ n: 0, p50: Number.NaN, p99: Number.NaN, max: Number.NaN })).toBe('none answered');
    expect(formatFirstRequests({ n: 64, p50: 410, p99: 840, max: 850 })).toBe('64 (one per connection), p50 410 ms, p99 840 ms, slowest 850 ms');
  });
});

describe('compareRuns', () => {
  it('takes the median of the ratios of adjacent runs, and keeps each side\'s median', () => {
    const c = compareRuns([9_000, 12_000, 10_000], [20_000, 25_000, 18_000]);
    expect(c.serverMedian).toBe(10_000);
    expect(c.baselineMedian).toBe(20_000);
    expect(c.pairRatios).toEqual([0.45, 0.48, 10_000 / 18_000]);
    expect(c.ratio).toBe(0.48);
    expect(c.valid).toBe(true);
    expect(formatRatio(c)).toBe('48%');
  });

  it('is not moved when the machine gets twice as busy between the two runs of a pair', () => {
    // The server answers 60 % of the baseline: 24,000 against 40,000 on a quiet machine, 12,000
    // against 20,000 on a busy one. The third pair's server run was quiet, its baseline run busy.
    const c = compareRuns([24_000, 12_000, 24_000, 12_000, 24_000], [40_000, 20_000, 20_000, 20_000, 40_000]);
    // The ratio of the sides' medians would read 24,000 / 20,000 = 120 % and be refused.
    expect(c.serverMedian / c.baselineMedian).toBe(1.2);
    expect(c.ratio).toBe(0.6);
    expect(c.valid).toBe(true);
  });

  it('accepts a server exactly as fast as the baseline', () => {
    const c = compareRuns([20_000, 20_000], [20_000, 20_000]);
    expect(c.valid).toBe(true);
    expect(formatRatio(c)).toBe('100%');
  });

  it('refuses a ratio above 100 %: marked invalid, with the reason, never printed as a number', () => {
    const c = compareRuns([27_000, 26_000], [18_000, 19_000]);
    expect(c.ratio).toBeGreaterThan(1);
    expect(c.valid).toBe(false);
    expect(c.invalidReason).toMatch(/outran the bare baseline/);
    expect(formatRatio(c)).toBe('invalid');
  });

  it('says the load generator held the baseline back when its one thread was saturated in the baseline\'s runs', () => {
    const c = compareRuns([4_400, 4_100], [4_000, 3_700], { serverRuns: [0.97, 0.96], baselineRuns: [0.99, 0.98] });
    expect(c.valid).toBe(false);
    expect(c.clientBound).toBe(true);
    expect(c.invalidReason).toMatch(/the load generator limited the baseline's runs: it used 99 % of a core/);
  });

  it('blames other work on the machine when the load generator had room to spare', () => {
    const c = compareRuns([27_000, 26_000], [18_000, 19_000], { serverRuns: [0.7, 0.72], baselineRuns: [0.5, 0.6] });
    expect(c.valid).toBe(false);
    expect(c.clientBound).toBe(false);
    expect(c.invalidReason).toMatch(/used 55 % of a core in the baseline's runs, below its limit, so other work on the shared cores held the baseline back/);
  });

  it('keeps a ratio measured at the load generator\'s limit, and marks it as such', () => {
    const c = compareRuns([3_600, 3_500], [3_800, 3_700], { serverRuns: [0.95, 0.94], baselineRuns: [0.96, 0.97] });
    expect(c.valid).toBe(true);
    expect(c.clientBound).toBe(true);
    expect(compareRuns([10_000], [20_000], { serverRuns: [0.5], baselineRuns: [0.6] }).clientBound).toBe(false);
    expect(compareRuns([10_000], [20_000]).clientBound).toBeUndefined();
  });

  it('prints the generator\'s median share in each side\'s runs, or nothing when it was not measured', () => {
    expect(formatGeneratorShares(compareRuns([3_600, 3_500, 3_400], [3_800, 3_700, 3_600], { serverRuns: [0.8, 0.84, 0.9], baselineRuns: [0.93, 0.97, 0.95] }))).toBe('84 | 95 %');
    expect(formatGeneratorShares(compareRuns([10_000], [20_000]))).toBe('');
  });

  it('is invalid when the baseline answered nothing', () => {
    const c = compareRuns([100], [0]);
    expect(c.valid).toBe(false);
    expect(formatRatio(c)).toBe('invalid');
  });
});

describe('selfCheckPasses', () => {
  it('passes within 10 % either way, since both sides are the same server', () => {
    expect(selfCheckPasses([21_000, 20_000], [20_000, 20_000]).passes).toBe(true);
    expect(selfCheckPasses([18_100], [20_000]).passes).toBe(true);
  });

  it('fails when the harness favours one side by more than 10 %', () => {
    expect(selfCheckPasses([27_064], [18_342]).passes).toBe(false);
    expect(selfCheckPasses([17_000], [20_000]).passes).toBe(false);
  });
});

describe('cpuCeiling', () => {
  it('is two cores of CPU time divided by the CPU per request of the server and its database', () => {
    expect(cpuCeiling(0.1)).toBe(20_000);
    expect(cpuCeiling(0.05, 0.05)).toBe(20_000);
    expect(cpuCeiling(0.1, 0, 1)).toBe(10_000);
    expect(cpuCeiling(undefined)).toBeUndefined();
  });
});

describe('answerKey (which answer the baseline sends)', () => {
  it('folds ids in the path and the query, keeps everything else apart', () => {
    expect(answerKey('PUT', '/api/solutions/812')).toBe(answerKey('PUT', '/api/solutions/77'));
    expect(answerKey('GET', '/api/leaderboard?groupId=3&period=all')).toBe('GET /api/leaderboard?groupId=:id&period=all');
    expect(answerKey('GET', '/api/solutions')).not.toBe(answerKey('GET', '/api/solutions?reviewed=false'));
    expect(answerKey('GET', '/api/tasks/mine')).toBe('GET /api/tasks/mine');
  });
});
