// `npm run bench`: full diagnostics time next to jsonc-parser's parseTree on the same text, measured in the same
// run (CPU time, so a busy machine skews both alike), for generated templates of 300, 3,000 and 10,000 cloud
// resources (goal: full diagnostics ≤ 1.5 × parseTree), and for two templates whose values are all expressions —
// 10,000 cloud resources with parameter-driven names and properties, and a chain of 5,000 variables built with
// concat(), the shape of ARM Tools' own performance test (goal: ≤ 2 × parseTree). Writes bench-results/bench.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { analyzeText } from '../../server/src/service/analyze';
import { generateParameterizedTemplate, generateTemplate, generateVariableChain } from './generate';
import { compare } from './measure';

interface Case {
  readonly label: string;
  readonly text: string;
  readonly goal: number;
}

const CASES: readonly (() => Case)[] = [
  ...[300, 3000, 10000].map((size) => () => ({ label: `${size} cloud resources`, text: generateTemplate(size), goal: 1.5 })),
  () => ({ label: '10000 parameter-driven', text: generateParameterizedTemplate(10000), goal: 2 }),
  () => ({ label: '5000 chained variables', text: generateVariableChain(5000), goal: 2 }),
];

const rows: Array<Record<string, number | string | boolean>> = [];
console.log('template                |   size | parseTree ms | diagnostics ms | ratio | goal');
for (const makeCase of CASES) {
  const { label, text, goal } = makeCase();
  const findings = analyzeText(text).findings.length;
  // Mean CPU time per run, over interleaved rounds.
  const { anchorMs: parseMs, oursMs: analyzeMs } = compare(() => parseTree(text, [], { allowTrailingComma: true }), () => analyzeText(text), { rounds: 5, minRuns: 5, minMs: 300, statistic: 'mean' });
  const ratio = analyzeMs / parseMs;
  rows.push({ template: label, bytes: text.length, findings, parseTreeMs: parseMs, diagnosticsMs: analyzeMs, ratio, goal, met: ratio <= goal });
  console.log(`${label.padEnd(23)} | ${(text.length / 1e6).toFixed(1).padStart(4)} MB | ${parseMs.toFixed(1).padStart(12)} | ${analyzeMs.toFixed(1).padStart(14)} | ${ratio.toFixed(2).padStart(5)} | ≤ ${goal} ${ratio <= goal ? 'met' : 'NOT MET'}`);
}
const out = path.join(process.cwd(), 'bench-results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'bench.json'), JSON.stringify({ node: process.version, date: new Date().toISOString(), rows }, null, 2));
console.log(`results written to ${path.join(out, 'bench.json')}`);
