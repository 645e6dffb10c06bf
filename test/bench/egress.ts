// Egress probe benchmark against loopback TLS servers whose handshake answers after a fixed latency (1 s):
//   1. 20 targets with the default concurrency → wall time ≤ 1.5 s (they are probed in one round);
//   2. 200 targets at concurrency 16 → wall time within 20% of ceil(200/16) × latency.
// Prints each wall time as a ratio to its anchor and writes bench-results/egress.json. Loopback only.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { probeTargets } from '../../server/src/node/egressProbe/engine';
import { staticResolver } from '../../server/src/node/egressProbe/resolver';
import { parseTargetsFile } from '../../server/src/service/egress/targetsFile';
import { startLab } from '../support/egressLab';

const LATENCY_MS = 1000;

async function main(): Promise<void> {
  const lab = await startLab({ slowMs: LATENCY_MS });
  const options = { resolver: staticResolver(lab.names), extraCa: lab.certificates.caPem, timeoutMs: 10 * LATENCY_MS };
  const rows: Array<Record<string, number | string | boolean>> = [];
  try {
    const cases = [
      {
        name: '20 targets, default concurrency',
        count: 20,
        concurrency: undefined,
        anchorMs: 1.5 * LATENCY_MS,
        goal: 1,
        anchor: '1.5 s',
      },
      {
        name: '200 targets, concurrency 16',
        count: 200,
        concurrency: 16,
        anchorMs: Math.ceil(200 / 16) * LATENCY_MS,
        goal: 1.2,
        anchor: 'ceil(200/16) × 1 s',
      },
    ];
    console.log('case                            | wall ms | anchor              | ratio | goal');
    for (const c of cases) {
      const targets = parseTargetsFile(JSON.stringify(Array.from({ length: c.count }, () => lab.target('slow'))));
      const started = performance.now();
      const results = await probeTargets(targets, { ...options, concurrency: c.concurrency });
      const wall = performance.now() - started;
      const failed = results.filter((r) => !r.ok).length;
      const ratio = wall / c.anchorMs;
      rows.push({
        case: c.name,
        wallMs: Math.round(wall),
        anchorMs: c.anchorMs,
        ratio,
        goal: c.goal,
        met: ratio <= c.goal && failed === 0,
        failed,
      });
      console.log(
        `${c.name.padEnd(31)} | ${String(Math.round(wall)).padStart(7)} | ${c.anchor.padEnd(19)} | ${ratio.toFixed(2).padStart(5)} | ≤ ${c.goal} ${ratio <= c.goal && failed === 0 ? 'met' : `NOT MET${failed ? ` (${failed} failed)` : ''}`}`,
      );
    }
  } finally {
    await lab.close();
  }
  const out = path.join(process.cwd(), 'bench-results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, 'egress.json'),
    JSON.stringify({ node: process.version, date: new Date().toISOString(), latencyMs: LATENCY_MS, rows }, null, 2),
  );
  console.log(`results written to ${path.join(out, 'egress.json')}`);
}

void main();
