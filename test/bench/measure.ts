// CPU-time measurement shared by the benchmarks: medians and percentiles, per-run CPU time of a function, interleaved
// comparisons, and a comparison run in a process of its own.
import { spawnSync } from 'node:child_process';
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

/** Minor page faults of this process so far: each is a page of memory the process touches for the first time. */
function pageFaults(): number {
  return process.resourceUsage().minorPageFault;
}

/** A window of runs: CPU time per run, and page faults per run over the whole window. */
export interface Sample {
  ms: number;
  pageFaults: number;
}

/** Runs `fn` until `minMs` of CPU time has passed (at least `minRuns` times) after 3 warm-up runs; the cost per run. */
export function measure(fn: () => unknown, minRuns: number, minMs: number, statistic: Statistic = 'mean'): Sample {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  let runs = 0;
  const faultsBefore = pageFaults();
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
  return {
    ms: statistic === 'median' ? median(times) : (cpuMs() - started) / runs,
    pageFaults: (pageFaults() - faultsBefore) / runs,
  };
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
    const perRun = measure(fn, 3, 100).ms;
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
 * alike, and returns the median of each side's rounds: CPU time per run, and page faults per run. The faults are
 * printed beside the times because on the machines this runs on (virtual machines whose host supplies each page
 * of memory when it is first touched) every fault costs ~12–16 µs of CPU: a side that keeps mapping new memory
 * pays for it in time, and the count says how much of a ratio that is.
 */
export function compare(
  anchor: () => unknown,
  ours: () => unknown,
  { rounds, minRuns, minMs, statistic }: Comparison,
): { anchor: Sample; ours: Sample } {
  warmUp(anchor);
  warmUp(ours);
  const anchorRounds: Sample[] = [];
  const oursRounds: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    anchorRounds.push(measure(anchor, minRuns, minMs, statistic));
    oursRounds.push(measure(ours, minRuns, minMs, statistic));
  }
  return { anchor: medianSample(anchorRounds), ours: medianSample(oursRounds) };
}

/** The median of each field of the samples. */
function medianSample(samples: readonly Sample[]): Sample {
  return {
    ms: median(samples.map((sample) => sample.ms)),
    pageFaults: median(samples.map((sample) => sample.pageFaults)),
  };
}

/** The argument that makes a bench script run one comparison and print its result as JSON (see inOwnProcess). */
export const COMPARE_ONE = '--compare-one';

/**
 * Runs `script` with COMPARE_ONE and `name` in a fresh Node process and returns the JSON it prints. A process's history
 * changes what both sides of a comparison cost, the smallest anchor most: parseTree of the 0.2 MB chain took 12–19 ms
 * of CPU in a process that had generated the envelope first (even without parsing it), 2.4–2.7 ms in one of its own.
 * A crash (a stack overflow) is the child's exit, reported as such.
 */
export function inOwnProcess<T>(script: string, name: string): T | { crashed: string } {
  const child = spawnSync(process.execPath, [...process.execArgv, script, COMPARE_ONE, name], { encoding: 'utf8' });
  if (child.status !== 0) {
    // Node prints where it threw first, then the error: the error is what the report shows.
    const lines = child.stderr.trim().split('\n');
    return { crashed: lines.find((line) => /^\w*Error\b/.test(line)) ?? `exit ${child.status ?? child.signal}` };
  }
  return JSON.parse(child.stdout) as T;
}
