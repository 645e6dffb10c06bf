// Golden tests of the editor's fixes, applied to fixture files and compared with expected files beside them:
//   test/fixtures/fixes/<code>/<name>.<ext>   each fix of the first <code> finding with fixes → <name>.<fix-slug>.expected.<ext>
//   test/fixtures/fixes/disable/<name>.<ext>  "Disable <code> for this line/file" of the first finding (not one about a
//                                             suppression comment) → same naming;
//                                             applied, the finding is gone and nothing else changed
//   test/fixtures/fixes/fix-all/<name>.<ext>  every preferred fix at once → <name>.fix-all.expected.<ext>
// UPDATE_GOLDEN=1 rewrites the expected files (review the diff!). Every rule whose fail fixtures offer a fix must
// have a folder here, and no expected file may be left over from a fix that no longer exists.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument } from '../../server/src/service/analyze';
import { disableFixes, fixAllEdits } from '../../server/src/service/features/fixes';
import { RULES } from '../../server/src/service/rules/registry';
import type { Finding, Fix } from '../../server/src/service/types';
import { FIXTURES } from '../support/paths';
import { applyEdits } from '../support/textEdits';

const GOLDEN = path.join(FIXTURES, 'fixes');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const EXPECTED = /\.expected\.(json|ya?ml)$/;

export function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
}

const analyze = (text: string, file: string) => analyzeDocument(text, { fileName: file });
const syntaxOf = (file: string) => (/\.ya?ml$/.test(file) ? 'yaml' : 'json');

function inputsOf(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => /\.(json|ya?ml)$/.test(f) && !EXPECTED.test(f))
        .sort()
    : [];
}

function expectedName(input: string, fixSlug: string): string {
  const ext = path.extname(input);
  return `${input.slice(0, -ext.length)}.${fixSlug}.expected${ext}`;
}

/** Compares (or with UPDATE_GOLDEN writes) one expected file; returns its name for the leftover check. */
function compare(dir: string, name: string, actual: string): string {
  const file = path.join(dir, name);
  if (UPDATE) fs.writeFileSync(file, actual);
  assert.ok(
    fs.existsSync(file),
    `missing ${path.relative(FIXTURES, file)}: run UPDATE_GOLDEN=1 node --test out/test/unit/fixesGolden.test.js and review it`,
  );
  assert.equal(actual, fs.readFileSync(file, 'utf8'), `${path.relative(FIXTURES, file)} differs`);
  return name;
}

function assertNoLeftovers(dir: string, produced: Set<string>): void {
  const leftovers = fs.readdirSync(dir).filter((f) => EXPECTED.test(f) && !produced.has(f));
  if (UPDATE) for (const f of leftovers) fs.rmSync(path.join(dir, f));
  else assert.deepEqual(leftovers, [], `expected files no fix produces in ${path.relative(FIXTURES, dir)}`);
}

const aboutSuppressions = (f: Finding) => f.code.startsWith('suppression-');

/** The first finding of `code` with a fix; without a code, the first one a suppression comment can silence. */
function firstFinding(text: string, file: string, code?: string): Finding {
  const analysis = analyze(text, file);
  assert.equal(analysis.syntaxErrors.length, 0, 'fixture has syntax errors');
  const finding = analysis.findings.find(
    (f) =>
      f.uri === undefined &&
      (code === undefined ? !aboutSuppressions(f) : f.code === code && (f.fixes?.length ?? 0) > 0),
  );
  assert.ok(finding, `no ${code ?? ''} finding in ${file}`);
  return finding;
}

const ruleFolders = fs.readdirSync(GOLDEN).filter((name) => name !== 'disable' && name !== 'fix-all');

for (const code of ruleFolders) {
  describe(`fixes of ${code}`, () => {
    const dir = path.join(GOLDEN, code);
    const produced = new Set<string>();
    for (const input of inputsOf(dir)) {
      test(input, () => {
        const text = fs.readFileSync(path.join(dir, input), 'utf8');
        const fixes: readonly Fix[] = firstFinding(text, path.join(dir, input), code).fixes ?? [];
        assert.ok(fixes.length > 0, `the first ${code} finding in ${input} offers no fix`);
        for (const fix of fixes)
          produced.add(compare(dir, expectedName(input, slug(fix.title)), applyEdits(text, fix.edits)));
      });
    }
    test('no leftover expected files', () => assertNoLeftovers(dir, produced));
  });
}

describe('disable fixes', () => {
  const dir = path.join(GOLDEN, 'disable');
  const produced = new Set<string>();
  for (const input of inputsOf(dir)) {
    test(input, () => {
      const file = path.join(dir, input);
      const text = fs.readFileSync(file, 'utf8');
      const finding = firstFinding(text, file);
      const before = analyze(text, file).findings;
      for (const fix of disableFixes(text, syntaxOf(input), finding)) {
        const fixed = applyEdits(text, fix.edits);
        produced.add(compare(dir, expectedName(input, slug(fix.title)), fixed));
        const after = analyze(fixed, file).findings;
        const silenced = before.filter(
          (f) => !aboutSuppressions(f) && !after.some((a) => a.code === f.code && a.message === f.message),
        );
        assert.ok(
          silenced.length > 0 && silenced.every((f) => f.code === finding.code),
          `${fix.title} silenced ${JSON.stringify(silenced.map((f) => f.code))}`,
        );
        assert.ok(
          after.filter(aboutSuppressions).length <= before.filter(aboutSuppressions).length,
          `${fix.title} added a suppression problem: ${JSON.stringify(after)}`,
        );
      }
    });
  }
  test('no leftover expected files', () => assertNoLeftovers(dir, produced));
});

describe('fix-all', () => {
  const dir = path.join(GOLDEN, 'fix-all');
  const produced = new Set<string>();
  for (const input of inputsOf(dir)) {
    test(input, () => {
      const file = path.join(dir, input);
      const text = fs.readFileSync(file, 'utf8');
      const edits = fixAllEdits(analyze(text, file).findings);
      assert.ok(edits.length > 0, 'fix-all changes nothing in this fixture');
      const fixed = applyEdits(text, edits);
      produced.add(compare(dir, expectedName(input, 'fix-all'), fixed));
      assert.equal(analyze(fixed, file).syntaxErrors.length, 0, 'fix-all broke the JSON');
    });
  }
  test('no leftover expected files', () => assertNoLeftovers(dir, produced));
});

test('every rule whose fail fixtures offer a fix has golden fixtures', () => {
  const rules = path.join(FIXTURES, 'rules');
  const missing: string[] = [];
  for (const rule of RULES) {
    const dir = path.join(rules, rule.code);
    const offersFix =
      fs.existsSync(dir) &&
      fs
        .readdirSync(dir)
        .filter((f) => f.startsWith('fail') && /\.(json|ya?ml)$/.test(f))
        .some((f) => {
          const file = path.join(dir, f);
          return analyze(fs.readFileSync(file, 'utf8'), file).findings.some(
            (finding) => finding.code === rule.code && finding.uri === undefined && (finding.fixes?.length ?? 0) > 0,
          );
        });
    if (offersFix && !ruleFolders.includes(rule.code)) missing.push(rule.code);
  }
  assert.deepEqual(missing, [], 'rules with fixes but no test/fixtures/fixes/<code>/ folder');
});
