// CPU-time measurement shared by the benchmarks: medians and percentiles, per-run CPU time of a function, interleaved comparisons.
/** The value below which `p` percent of the sorted values lie. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** CPU time (user + system) in ms: unlike wall time, it does not grow when other processes share the cores. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * How a window of runs becomes one number: `mean` is the window's CPU time over its runs, so that the garbage
 * collections each side causes are counted for it; `median` is the median of the runs' own CPU times.
 */
export type Statistic = 'mean' | 'median';

/** Runs `fn` until `minMs` of CPU time has passed (at least `minRuns` times) after 3 warm-up runs; the CPU time per run. */
export function measure(fn: () => unknown, minRuns: number, minMs: number, statistic: Statistic = 'mean'): number {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  let runs = 0;
  const started = cpuMs();
  while (runs < minRuns || cpuMs() - started < minMs) {
    if (statistic === 'median') {
      const t0 = cpuMs();
      fn();
      times.push(cpuMs() - t0);
    } else {
      fn();
    }
    runs++;
  }
  return statistic === 'median' ? median(times) : (cpuMs() - started) / runs;
}

/**
 * Runs `fn` in windows of at least 100 ms of CPU time until a window's time per run is no longer falling (at most
 * 5 s): until then the JIT is still compiling (on a first run of the 300-resource template a run took ten times
 * its steady time for a second), and that one-time cost is not what a long-running language server pays per edit.
 */
function warmUp(fn: () => unknown): void {
  const started = cpuMs();
  let previous = Infinity;
  while (cpuMs() - started < 5000) {
    const perRun = measure(fn, 3, 100);
    if (perRun > previous * 0.97) return;
    previous = perRun;
  }
}

export interface Comparison {
  rounds: number;
  minRuns: number;
  minMs: number;
  statistic?: Statistic;
}

/**
 * Warms both sides up, then measures `anchor` and `ours` in alternating rounds, so that machine noise affects both
 * alike, and returns the median of each side's rounds.
 */
export function compare(
  anchor: () => unknown,
  ours: () => unknown,
  { rounds, minRuns, minMs, statistic }: Comparison,
): { anchorMs: number; oursMs: number } {
  warmUp(anchor);
  warmUp(ours);
  const anchorRounds: number[] = [];
  const oursRounds: number[] = [];
  for (let round = 0; round < rounds; round++) {
    anchorRounds.push(measure(anchor, minRuns, minMs, statistic));
    oursRounds.push(measure(ours, minRuns, minMs, statistic));
  }
  return { anchorMs: median(anchorRounds), oursMs: median(oursRounds) };
}
