// `npm run bench`: full diagnostics time next to jsonc-parser's parseTree on the same text, measured in the same
// run (CPU time, so a busy machine skews both alike), for generated templates of 300, 3,000 and 10,000 cloud resources. Prints ratios against the anchor and
// writes bench-results/bench.json. Goal: full diagnostics ≤ 1.5 × parseTree.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { analyzeText } from '../../server/src/service/analyze';
import { generateTemplate } from './generate';

const SIZES = [300, 3000, 10000];
const GOAL = 1.5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** CPU time (user + system) in ms: unlike wall time, it does not grow when other processes share the cores. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * Runs `fn` until `minMs` of CPU time has passed (at least `minRuns` times) after warm-up and returns the mean CPU
 * time per run. The mean, not the median, so that the garbage collections each side causes are counted for it.
 */
function measure(fn: () => unknown, minRuns: number, minMs: number): number {
  for (let i = 0; i < 3; i++) fn();
  let runs = 0;
  const started = cpuMs();
  while (runs < minRuns || cpuMs() - started < minMs) {
    fn();
    runs++;
  }
  return (cpuMs() - started) / runs;
}

const rows: Array<Record<string, number | string | boolean>> = [];
console.log('cloud resources |   size | parseTree ms | diagnostics ms | ratio | goal');
for (const size of SIZES) {
  const text = generateTemplate(size);
  const findings = analyzeText(text).findings.length;
  // Interleave the two measurements so machine noise affects both alike.
  const anchor: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < 5; round++) {
    anchor.push(measure(() => parseTree(text, [], { allowTrailingComma: true }), 5, 300));
    ours.push(measure(() => analyzeText(text), 5, 300));
  }
  const parseMs = median(anchor);
  const analyzeMs = median(ours);
  const ratio = analyzeMs / parseMs;
  rows.push({ cloudResources: size, bytes: text.length, findings, parseTreeMs: parseMs, diagnosticsMs: analyzeMs, ratio, goal: GOAL, met: ratio <= GOAL });
  console.log(`${String(size).padStart(15)} | ${(text.length / 1e6).toFixed(1).padStart(4)} MB | ${parseMs.toFixed(1).padStart(12)} | ${analyzeMs.toFixed(1).padStart(14)} | ${ratio.toFixed(2).padStart(5)} | ≤ ${GOAL} ${ratio <= GOAL ? 'met' : 'NOT MET'}`);
}
const out = path.join(process.cwd(), 'bench-results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'bench.json'), JSON.stringify({ node: process.version, date: new Date().toISOString(), rows }, null, 2));
console.log(`results written to ${path.join(out, 'bench.json')}`);
