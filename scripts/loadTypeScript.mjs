// For the scripts that generate files from the service's own data (the rules tables, the values schema): esbuild
// bundles `source` (export lines, resolved from the repository root) to a temporary CommonJS file, which is loaded
// and removed. Returns the module's exports.
import * as esbuild from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export async function loadTypeScript(source) {
  const dir = mkdtempSync(join(tmpdir(), 'anyscale-script-'));
  try {
    const outfile = join(dir, 'module.cjs');
    await esbuild.build({
      stdin: { contents: source, resolveDir: root, loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile,
      mainFields: ['module', 'main'],
      logLevel: 'error',
    });
    return createRequire(import.meta.url)(outfile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
