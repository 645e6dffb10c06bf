// `npm run bench:editing`: completion, hover and code-action latency on the 10,000-resource template, the way the
// language server answers them: the document's analysis computed once (as the server caches it per version), then
// the LSP handlers' own functions at 500 seeded-random positions (code actions: for a whole line). A quarter of the
// providers are misspelled so that lines carry diagnostics with fixes. Goal: p95 < 10 ms for each, in CPU time
// (user + system, as ./measure does: unlike wall time it does not grow when other processes share the cores);
// wall time is printed beside it. Then the same requests right after an edit, over stdio (./stdioEditing).
// Prints p50/p95 and writes bench-results/editing.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeActionKind } from 'vscode-languageserver/node';
import { analyzeDocument } from '../../server/src/service/analyze';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { completionItems } from '../../server/src/lsp/completion';
import { docsLinks, hover } from '../../server/src/lsp/hover';
import { codeActions } from '../../server/src/lsp/codeActions';
import { generateTemplate } from './generate';
import { percentile } from './measure';
import { benchEditingOverStdio } from './stdioEditing';

const RESOURCES = 10000;
const POSITIONS = 500;
const GOAL_MS = 10;
const URI = 'file:///bench/template.json';

/** A small seeded generator (mulberry32), so every run measures the same positions. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const text = generateTemplate(RESOURCES).replace(/"provider": "AWS"/g, '"provider": "Aws"');
const lines = new LineIndex(text);
const started = performance.now();
const analysis = analyzeDocument(text, { languageId: 'json' }, { uri: URI });
const analysisMs = performance.now() - started;
const next = random(20260901);
const offsets = Array.from({ length: POSITIONS }, () => Math.floor(next() * text.length));

const found = { completionItems: 0, hovers: 0, codeActions: 0 };
const operations: Array<{ name: string; run: (offset: number) => void }> = [
  {
    name: 'completion',
    run: (offset) => {
      found.completionItems += completionItems(
        { textDocument: { uri: URI }, position: lines.positionAt(offset) },
        { languageId: 'json', text },
        analysis,
        lines,
      ).length;
    },
  },
  {
    name: 'hover',
    run: (offset) => {
      const sources = { analysis, findings: analysis.findings, lines, parameterFiles: [] };
      if (
        hover(
          { textDocument: { uri: URI }, position: lines.positionAt(offset) },
          { languageId: 'json', text },
          sources,
          docsLinks('https://docs.example.test/rules', []),
        )
      )
        found.hovers++;
    },
  },
  {
    name: 'code actions (line)',
    run: (offset) => {
      const line = lines.positionAt(offset).line;
      const range = { start: { line, character: 0 }, end: { line: line + 1, character: 0 } };
      const diagnostics: never[] = [];
      found.codeActions += codeActions(
        { textDocument: { uri: URI }, range, context: { diagnostics, only: [CodeActionKind.QuickFix] } },
        analysis,
        lines,
        { text, clientCommands: [] },
      ).length;
    },
  },
];

console.log(
  `${RESOURCES} cloud resources, ${(text.length / 1e6).toFixed(1)} MB, ${analysis.findings.length} findings; analysis once: ${analysisMs.toFixed(0)} ms`,
);
console.log('operation           | CPU p50 ms | CPU p95 ms | wall p50 ms | wall p95 ms | goal');
const rows: Array<Record<string, number | string | boolean>> = [];
for (const operation of operations) {
  for (let i = 0; i < 20; i++) operation.run(offsets[i]); // warm-up
  const cpu: number[] = [];
  const wall: number[] = [];
  for (const offset of offsets) {
    const usage = process.cpuUsage();
    const t0 = performance.now();
    operation.run(offset);
    wall.push(performance.now() - t0);
    const used = process.cpuUsage(usage);
    cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const [p50, p95] = [percentile(cpu, 50), percentile(cpu, 95)];
  rows.push({
    operation: operation.name,
    positions: POSITIONS,
    cpuP50Ms: p50,
    cpuP95Ms: p95,
    wallP50Ms: percentile(wall, 50),
    wallP95Ms: percentile(wall, 95),
    goalMs: GOAL_MS,
    met: p95 < GOAL_MS,
  });
  const cell = (ms: number, width: number) => ms.toFixed(2).padStart(width);
  console.log(
    `${operation.name.padEnd(19)} | ${cell(p50, 10)} | ${cell(p95, 10)} | ${cell(percentile(wall, 50), 11)} | ${cell(percentile(wall, 95), 11)} | p95 < ${GOAL_MS} ms ${p95 < GOAL_MS ? 'met' : 'NOT MET'}`,
  );
}
console.log(
  `(over ${POSITIONS} positions: ${found.completionItems} completion items, ${found.hovers} hovers, ${found.codeActions} code actions)`,
);
void benchEditingOverStdio().then((stdio) => {
  const out = path.join(process.cwd(), 'bench-results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, 'editing.json'),
    JSON.stringify({ node: process.version, date: new Date().toISOString(), rows, stdio }, null, 2),
  );
  console.log(`results written to ${path.join(out, 'editing.json')}`);
});
