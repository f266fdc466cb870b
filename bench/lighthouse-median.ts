import type { LighthouseScores } from './web.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Per page, the median of every score and metric over several Lighthouse runs: one run's
 * performance score moves by several points with the machine's load, so a budget line judged on
 * one run would flip between ✅ and ❌ for the same code. Runs Lighthouse could not trace (no
 * metrics, a NO_NAVSTART under load) are left out. `performanceRuns` keeps every run's score.
 */
export function medianScores(runs: LighthouseScores[][]): (LighthouseScores & { performanceRuns: number[] })[] {
  const names = [...new Set(runs.flat().map((s) => s.name))];
  return names.flatMap((name) => {
    const of = runs.map((r) => r.find((s) => s.name === name)).filter((s): s is LighthouseScores => !!s && s.performance > 0 && !!s.metrics && Number.isFinite(s.metrics.fcp));
    if (of.length === 0) return [];
    const m = (f: (s: LighthouseScores) => number) => median(of.map(f));
    return [
      {
        name,
        performance: m((s) => s.performance),
        accessibility: m((s) => s.accessibility),
        bestPractices: m((s) => s.bestPractices),
        metrics: { fcp: m((s) => s.metrics!.fcp), lcp: m((s) => s.metrics!.lcp), tbt: m((s) => s.metrics!.tbt), cls: m((s) => s.metrics!.cls), speedIndex: m((s) => s.metrics!.speedIndex) },
        performanceRuns: of.map((s) => s.performance),
        ...(of.some((s) => s.benchmarkIndex) ? { benchmarkIndex: median(of.flatMap((s) => (s.benchmarkIndex ? [s.benchmarkIndex] : []))) } : {}),
      },
    ];
  });
}
