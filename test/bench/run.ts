// `npm run bench` (templates): the goals of the engine, each printed PASS or FAIL with its numbers, as ratios to
// jsonc-parser's parseTree of the same text measured in the same run (CPU time, so a busy machine skews both alike).
// The envelope ARM deploys (a 4 MB template at ARM's limits, ./generate): full diagnostics ≤ 1.5 × parseTree; over
// stdio with the validation delay at 0, an edit's didChange → publishDiagnostics p95 ≤ 2 × parseTree (both in wall
// time, parseTree timed here after each edit); completion and hover p95 < 10 ms. Beyond the envelope, as stress
// cases (10,000 cloud resources, the same parameter-driven, a chain of 5,000 variables): no crash, no stack overflow,
// ≤ 3 × parseTree. Each template's full diagnostics are compared with parseTree in a process of its own (see
// inOwnProcess in measure.ts). Writes bench-results/bench.json. Arguments, when given, pick the goals whose names contain one of
// them (`node out/bench/run.js envelope chain`), for a quick before/after of one change.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { analyzeText } from '../../server/src/service/analyze';
import {
  ARM_LIMITS,
  generateEnvelopeTemplate,
  generateParameterizedTemplate,
  generateTemplate,
  generateVariableChain,
} from './generate';
import { compare, COMPARE_ONE, inOwnProcess, percentile, type Sample } from './measure';
import { benchEnvelopeOverStdio } from './stdioEditing';

interface Goal {
  goal: string;
  measured: string;
  met: boolean;
}

const only = process.argv[2] === COMPARE_ONE ? [] : process.argv.slice(2);
/** True when the goal named `name` is to be measured in this run. */
function wanted(name: string): boolean {
  return only.length === 0 || only.some((word) => name.includes(word));
}

const goals: Goal[] = [];
function report(goal: string, measured: string, met: boolean): void {
  goals.push({ goal, measured, met });
  console.log(`${met ? 'PASS' : 'FAIL'}  ${goal.padEnd(80)} ${measured}`);
}

/** Mean CPU time per run of parseTree and of full diagnostics on `text`, over interleaved rounds. */
function diagnosticsAgainstParseTree(text: string): { parse: Sample; analyze: Sample } {
  const { anchor, ours } = compare(
    () => parseTree(text, [], { allowTrailingComma: true }),
    () => analyzeText(text),
    { rounds: 5, minRuns: 5, minMs: 300, statistic: 'mean' },
  );
  return { parse: anchor, analyze: ours };
}

/** The templates whose full diagnostics are compared with parseTree, by name: the envelope, then the stress cases. */
const TEMPLATES: Record<string, () => string> = {
  envelope: generateEnvelopeTemplate,
  '10000 cloud resources': () => generateTemplate(10000),
  '10000 parameter-driven': () => generateParameterizedTemplate(10000),
  '5000 chained variables': () => generateVariableChain(5000),
};

interface OneComparison {
  bytes: number;
  parse: Sample;
  analyze: Sample;
}

/** The child's side of inOwnProcess: generates the template, compares, prints the times as JSON. */
function compareOne(name: string): void {
  const text = TEMPLATES[name]();
  const result: OneComparison = { bytes: text.length, ...diagnosticsAgainstParseTree(text) };
  process.stdout.write(JSON.stringify(result));
}

/** `ours ms / parseTree ms = ratio×`, then each side's page faults per run (see compare in measure.ts). */
function timesAndFaults({ parse, analyze }: OneComparison): string {
  const ratio = analyze.ms / parse.ms;
  const faults = `${Math.round(analyze.pageFaults)} / ${Math.round(parse.pageFaults)} page faults`;
  return `${analyze.ms.toFixed(1)} ms / ${parse.ms.toFixed(1)} ms = ${ratio.toFixed(2)}× (${faults})`;
}

async function main(): Promise<void> {
  if (process.argv[2] === COMPARE_ONE) return compareOne(process.argv[3]);
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  const envelope = generateEnvelopeTemplate();
  const resources = (envelope.match(/"type": "Anyscale\.Platform\/clouds\/cloudResources"/g) ?? []).length;
  console.log(
    `envelope: ${(envelope.length / 1e6).toFixed(2)} MB (limit ${ARM_LIMITS.bytes / 1e6} MB), ${resources} cloud resources written, ${analyzeText(envelope).findings.length} findings`,
  );
  if (wanted('envelope: full diagnostics')) {
    const compared = inOwnProcess<OneComparison>(__filename, 'envelope');
    if ('crashed' in compared) report('envelope: full diagnostics, no crash', compared.crashed.slice(0, 120), false);
    else {
      const ratio = compared.analyze.ms / compared.parse.ms;
      report('envelope: full diagnostics ≤ 1.5 × parseTree', timesAndFaults(compared), ratio <= 1.5);
    }
  }
  if (wanted('envelope: over stdio')) await envelopeOverStdio(envelope);
  for (const label of Object.keys(TEMPLATES).slice(1)) {
    if (!wanted(`beyond: ${label}`)) continue;
    const compared = inOwnProcess<OneComparison>(__filename, label);
    if ('crashed' in compared) report(`beyond: ${label}, no crash`, compared.crashed.slice(0, 120), false);
    else {
      const ratio = compared.analyze.ms / compared.parse.ms;
      report(
        `beyond: ${label} (${(compared.bytes / 1e6).toFixed(1)} MB) ≤ 3 × parseTree`,
        timesAndFaults(compared),
        ratio <= 3,
      );
    }
  }
  const out = path.join(process.cwd(), 'bench-results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, 'bench.json'),
    JSON.stringify(
      { node: process.version, date: new Date().toISOString(), loadAverage: os.loadavg(), goals },
      null,
      2,
    ),
  );
  console.log(
    `${goals.filter((goal) => goal.met).length}/${goals.length} goals met; results written to ${path.join(out, 'bench.json')}`,
  );
}

/** The envelope's goals over stdio: an edit's diagnostics against parseTree (wall time), completion and hover. */
async function envelopeOverStdio(envelope: string): Promise<void> {
  const stdio = await benchEnvelopeOverStdio(envelope, 100);
  const [diagnosticsP95, completionP95, hoverP95] = [stdio.diagnostics, stdio.completion, stdio.hover].map((sorted) =>
    percentile(sorted, 95),
  );
  console.log(
    `over stdio: ${stdio.edits} edits, load average ${stdio.loadAverage.toFixed(1)} (wall time); the server runs with ${stdio.serverNodeOptions.join(' ')}`,
  );
  // Wall time against wall time: parseTree of each edited text, timed in a worker thread right after its requests.
  const parseWallMs = percentile(stdio.parseTree, 50);
  const stdioRatio = diagnosticsP95 / parseWallMs;
  const edits = `p50 ${percentile(stdio.diagnostics, 50).toFixed(1)} ms, p95 ${diagnosticsP95.toFixed(1)} ms / parseTree (wall, p50) ${parseWallMs.toFixed(1)} ms`;
  report(
    'envelope: over stdio, didChange → publishDiagnostics p95 ≤ 2 × parseTree',
    `${edits} = ${stdioRatio.toFixed(2)}×`,
    stdioRatio <= 2,
  );
  report(
    'envelope: over stdio, completion p95 < 10 ms',
    `p50 ${percentile(stdio.completion, 50).toFixed(1)} ms, p95 ${completionP95.toFixed(1)} ms`,
    completionP95 < 10,
  );
  report(
    'envelope: over stdio, hover p95 < 10 ms',
    `p50 ${percentile(stdio.hover, 50).toFixed(1)} ms, p95 ${hoverP95.toFixed(1)} ms`,
    hoverP95 < 10,
  );
}

void main();
