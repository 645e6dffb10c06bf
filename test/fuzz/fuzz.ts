// `npm run fuzz`: the long protocol-level fuzz of the bundled language server over stdio (see protocolFuzz.ts for
// what it sends and asserts). Not part of `npm test`, which runs a short seeded run (test/lsp/fuzz.test.ts).
// Knobs: FUZZ_SEED (random unless given; printed), FUZZ_DOCUMENTS (documents to open, 2,000 by default), FUZZ_SECONDS
// (stop opening documents after this long, 300 by default). The same seed sends the same inputs. Each failure class
// is printed on one line; its first occurrence is written to test-results/fuzz/ and shrunk (minimize.ts) to the
// fewest lines that still show it on a fresh server. Exits 1 when anything failed.
import * as path from 'node:path';
import { REPO_ROOT } from '../support/paths';
import { runFuzz, summarize, writeRepros } from './protocolFuzz';
import { minimizeAll } from './minimize';

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const documents = Number(process.env.FUZZ_DOCUMENTS ?? 2000);
const seconds = Number(process.env.FUZZ_SECONDS ?? 300);

async function main(): Promise<number> {
  console.log(`npm run fuzz: FUZZ_SEED=${seed} FUZZ_DOCUMENTS=${documents} FUZZ_SECONDS=${seconds}`);
  const report = await runFuzz({ seed, documents, seconds, log: (line) => console.log(line) });
  if (report.classes.length > 0) {
    console.log(
      `shrinking the first occurrence of each of ${report.classes.length} failure classes on a fresh server…`,
    );
    await minimizeAll(report, (line) => console.log(line));
  }
  const files = writeRepros(report, path.join(REPO_ROOT, 'test-results', 'fuzz'));
  console.log(summarize(report).join('\n'));
  for (const [index, c] of report.classes.entries()) {
    console.log(`\n${index + 1}. ${c.key}\n   ${files[index]}`);
    if (c.first.repro.minimal) console.log(c.first.repro.minimal.replace(/^/gm, '   '));
  }
  return report.classes.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`fuzz seed ${seed}: the fuzz itself failed: ${(error as Error).stack ?? error}`);
    process.exit(2);
  },
);
