// `npm run schema`: writes schemas/values.schema.json (JSON Schema draft-07) from the chart catalog
// (server/src/service/catalog/chart.ts). test/unit/schema.test.ts fails when the committed file is out of date.
import * as esbuild from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'schema-'));
try {
  const outfile = join(dir, 'chartSchema.cjs');
  await esbuild.build({
    entryPoints: [join(root, 'server/src/service/catalog/chartSchema.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    mainFields: ['module', 'main'],
    logLevel: 'error',
  });
  const { valuesJsonSchema } = createRequire(import.meta.url)(outfile);
  mkdirSync(join(root, 'schemas'), { recursive: true });
  writeFileSync(join(root, 'schemas', 'values.schema.json'), `${JSON.stringify(valuesJsonSchema(), null, 2)}\n`);
  console.log('schemas/values.schema.json written');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
