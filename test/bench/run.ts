// `npm run bench`: full diagnostics time next to jsonc-parser's parseTree on the same text, measured in the same
// run (CPU time, so a busy machine skews both alike), for generated templates of 300, 3,000 and 10,000 cloud resources. Prints ratios against the anchor and
// writes bench-results/bench.json. Goal: full diagnostics ≤ 1.5 × parseTree.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { analyzeText } from '../../server/src/service/analyze';
import { generateTemplate } from './generate';
import { compare } from './measure';

const SIZES = [300, 3000, 10000];
const GOAL = 1.5;

const rows: Array<Record<string, number | string | boolean>> = [];
console.log('cloud resources |   size | parseTree ms | diagnostics ms | ratio | goal');
for (const size of SIZES) {
  const text = generateTemplate(size);
  const findings = analyzeText(text).findings.length;
  // Mean CPU time per run, over interleaved rounds.
  const { anchorMs: parseMs, oursMs: analyzeMs } = compare(() => parseTree(text, [], { allowTrailingComma: true }), () => analyzeText(text), { rounds: 5, minRuns: 5, minMs: 300, statistic: 'mean' });
  const ratio = analyzeMs / parseMs;
  rows.push({ cloudResources: size, bytes: text.length, findings, parseTreeMs: parseMs, diagnosticsMs: analyzeMs, ratio, goal: GOAL, met: ratio <= GOAL });
  console.log(`${String(size).padStart(15)} | ${(text.length / 1e6).toFixed(1).padStart(4)} MB | ${parseMs.toFixed(1).padStart(12)} | ${analyzeMs.toFixed(1).padStart(14)} | ${ratio.toFixed(2).padStart(5)} | ≤ ${GOAL} ${ratio <= GOAL ? 'met' : 'NOT MET'}`);
}
const out = path.join(process.cwd(), 'bench-results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'bench.json'), JSON.stringify({ node: process.version, date: new Date().toISOString(), rows }, null, 2));
console.log(`results written to ${path.join(out, 'bench.json')}`);
