// `npm run schema`: writes schemas/values.schema.json (JSON Schema draft-07) from the chart catalog
// (server/src/service/catalog/chart.ts). test/unit/schema.test.ts fails when the committed file is out of date.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTypeScript } from './loadTypeScript.mjs';

const root = new URL('..', import.meta.url).pathname;
const { valuesJsonSchema } = await loadTypeScript(
  "export { valuesJsonSchema } from './server/src/service/catalog/chartSchema';",
);
mkdirSync(join(root, 'schemas'), { recursive: true });
writeFileSync(join(root, 'schemas', 'values.schema.json'), `${JSON.stringify(valuesJsonSchema(), null, 2)}\n`);
console.log('schemas/values.schema.json written');
