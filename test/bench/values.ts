// `npm run bench:values`: full diagnostics of an operator values file next to the `yaml` package's parseDocument on
// the same 2,000-line text, measured in the same run (CPU time, interleaved medians, as test/bench/run.ts does).
// The file sets every key of the chart catalog (a few with mistakes, so rules report) plus instance types, the
// part of real values files that grows. Goal: diagnostics ≤ 1.3 × parseDocument. Writes bench-results/values.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { analyzeDocument } from '../../server/src/service/analyze';
import { CHART_KEYS } from '../../server/src/service/catalog/chart';
import { compare } from './measure';

const LINES = 2000;
const GOAL = 1.3;

/** Every catalog key with its default (or a plausible value), nested as Helm expects. */
function catalogValues(): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const key of CHART_KEYS) {
    const segments = key.path.split('.');
    let section = root;
    for (const segment of segments.slice(0, -1)) section = (section[segment] ??= {}) as Record<string, unknown>;
    const name = segments[segments.length - 1];
    if (key.type === 'object') section[name] ??= {};
    else
      section[name] =
        key.default ??
        (key.type === 'boolean'
          ? false
          : key.type === 'integer'
            ? 1
            : key.type === 'string'
              ? 'value'
              : key.type === 'array'
                ? []
                : {});
  }
  const global = root.global as Record<string, unknown>;
  Object.assign(global, {
    cloudDeploymentId: 'cldrsrc_abc123def456',
    cloudProvider: 'Azure',
    controlPlaneURL: 'https://console.azure.anyscale.com/',
    cloudDeploymentID: 'typo',
  });
  return root;
}

export function generateValues(lines: number): string {
  const values = catalogValues();
  const additional: Record<string, unknown> = {};
  (values.workloads as { instanceTypes: Record<string, unknown> }).instanceTypes.additional = additional;
  for (let i = 0; stringify(values).split('\n').length < lines; i += 10) {
    for (let j = i; j < i + 10; j++) {
      additional[`${8 + (j % 56)}CPU-${32 + j}GB-${j}`] = {
        resources: {
          CPU: 8 + (j % 56),
          memory: `${32 + j}Gi`,
          GPU: j % 4,
          accelerators: [`NVIDIA-${['T4', 'A10', 'A100', 'H100'][j % 4]}`],
        },
        nodeSelector: { 'node.kubernetes.io/instance-type': `Standard_NC${j}as_T4_v3` },
      };
    }
  }
  return stringify(values);
}

const text = generateValues(LINES);
const analysis = analyzeDocument(text, { languageId: 'yaml' });
if (analysis.kind !== 'operatorValues' || analysis.findings.length === 0)
  throw new Error(
    `the benchmark file is not checked as intended: ${analysis.kind}, ${analysis.findings.length} findings`,
  );
// Median CPU time of single runs, over interleaved rounds.
const { anchor, ours } = compare(
  () => parseDocument(text),
  () => analyzeDocument(text, { languageId: 'yaml' }),
  { rounds: 7, minRuns: 10, minMs: 300, statistic: 'median' },
);
const [parseMs, diagnosticsMs] = [anchor.ms, ours.ms];
const ratio = diagnosticsMs / parseMs;
const lines = text.split('\n').length;
console.log('lines | bytes | findings | parseDocument ms | diagnostics ms | ratio | goal');
console.log(
  `${lines} | ${text.length} | ${analysis.findings.length} | ${parseMs.toFixed(2)} | ${diagnosticsMs.toFixed(2)} | ${ratio.toFixed(2)} | ≤ ${GOAL} ${ratio <= GOAL ? 'PASS' : 'FAIL'}`,
);
const out = path.join(process.cwd(), 'bench-results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'values.json'),
  JSON.stringify(
    {
      node: process.version,
      date: new Date().toISOString(),
      lines,
      bytes: text.length,
      findings: analysis.findings.length,
      parseDocumentMs: parseMs,
      diagnosticsMs,
      ratio,
      goal: GOAL,
      met: ratio <= GOAL,
    },
    null,
    2,
  ),
);
