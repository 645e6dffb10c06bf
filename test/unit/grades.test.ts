// Issue #17: every catalog fact carries its source and its grade (documented / spec / reference deployment / inferred),
// and a rule resting on a reference-deployment fact never yields an error or a "required", one resting on an inferred
// fact at most an info that says "inferred". Which rules rest on a fact is found from the code, not declared: the
// catalog declarations that mention the fact (transitively), then the rule files that use one of those names.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument } from '../../server/src/service/analyze';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { RULES } from '../../server/src/service/rules/registry';
import { Citations, Grade, Source, SOURCES } from '../../server/src/service/catalog/source';
import * as aks from '../../server/src/service/catalog/aks';
import * as anyscale from '../../server/src/service/catalog/anyscale';
import * as armLimits from '../../server/src/service/catalog/armLimits';
import * as chart from '../../server/src/service/catalog/chart';
import * as clusterExtensions from '../../server/src/service/catalog/clusterExtensions';
import * as gateway from '../../server/src/service/catalog/gateway';
import * as identity from '../../server/src/service/catalog/identity';
import * as propertyDocs from '../../server/src/service/catalog/propertyDocs';
import * as regions from '../../server/src/service/catalog/regions';
import * as storage from '../../server/src/service/catalog/storage';
import { FIXTURES, REPO_ROOT } from '../support/paths';

const CATALOG = {
  aks,
  anyscale,
  armLimits,
  chart,
  clusterExtensions,
  gateway,
  identity,
  propertyDocs,
  regions,
  storage,
} as Record<string, Record<string, unknown>>;
const CATALOG_DIR = path.join(REPO_ROOT, 'server/src/service/catalog');
const RULES_DIR = path.join(REPO_ROOT, 'server/src/service/rules');

type Citation = { source: Source; grade: Grade };

function isCitation(value: unknown): value is Citation {
  if (!value || typeof value !== 'object') return false;
  const cited = value as { source?: unknown; sources?: unknown; grade?: unknown };
  const sourced =
    Source.safeParse(cited.source).success ||
    (Array.isArray(cited.sources) &&
      cited.sources.length > 0 &&
      cited.sources.every((s) => Source.safeParse(s).success));
  return sourced && Grade.safeParse(cited.grade).success;
}

/** The citations of an export: its own, each entry's (a table), each value's (a record of facts) or its module's CITATIONS entry. */
function citationsOf(module: Record<string, unknown>, name: string): Citation[] | undefined {
  const value = module[name];
  const declared = (module.CITATIONS as Record<string, Citation> | undefined)?.[name];
  if (declared) return isCitation(declared) ? [declared] : undefined;
  if (isCitation(value)) return [value];
  const entries = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
  return entries.length > 0 && entries.every(isCitation) ? entries : undefined;
}

/** Exports that are facts: not functions, zod schemas, the source lists themselves or the CITATIONS table. */
function factNames(module: Record<string, unknown>): string[] {
  return Object.keys(module).filter((name) => {
    const value = module[name];
    if (typeof value === 'function' || name === 'CITATIONS' || /SOURCES?$/.test(name)) return false;
    return !(value && typeof value === 'object' && '_zod' in value);
  });
}

test("every catalog fact carries a source and a grade (its own, its entries', or its module's CITATIONS)", () => {
  const uncited: string[] = [];
  for (const [file, module] of Object.entries(CATALOG))
    for (const name of factNames(module)) if (!citationsOf(module, name)) uncited.push(`${file}.${name}`);
  assert.deepEqual(uncited, []);
});

test('an entry without a grade is refused where the catalog is parsed', () => {
  assert.throws(() => Citations.parse({ SUPPORTED_LOCATIONS: { source: SOURCES.supportedRegions } }), /grade/);
});

test("a property's documentation may say it is required only on a documented or spec fact: an inferred one is refused", () => {
  const doc = {
    name: 'cloudStorageBucketName',
    meaning: 'A bucket.',
    constraints: '',
    requiredFor: ['Azure'],
    source: SOURCES.addCloudResource,
  };
  assert.throws(() => propertyDocs.PropertyDoc.parse({ ...doc, grade: 'inferred' }), /may make a property required/);
  assert.throws(
    () => propertyDocs.PropertyDoc.parse({ ...doc, grade: 'reference deployment' }),
    /may make a property required/,
  );
  assert.equal(propertyDocs.PropertyDoc.parse({ ...doc, grade: 'documented' }).grade, 'documented');
  assert.equal(propertyDocs.PropertyDoc.parse({ ...doc, requiredFor: [], grade: 'inferred' }).grade, 'inferred');
});

/** Top-level declarations of the catalog: name → text, so that what reads a fact can be followed. */
function catalogDeclarations(): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const file of fs.readdirSync(CATALOG_DIR)) {
    const text = fs.readFileSync(path.join(CATALOG_DIR, file), 'utf8');
    const parts = text.split(/^(?=(?:export )?(?:const|function|class) )/m);
    for (const part of parts) {
      const name = /^(?:export )?(?:const|function|class) (\w+)/.exec(part)?.[1];
      if (name) declarations.set(name, part.slice(part.indexOf(name) + name.length));
    }
  }
  return declarations;
}

const mentions = (text: string, name: string) => new RegExp(`\\b${name}\\b`).test(text);

/** The catalog names that read a fact: the fact itself, and every declaration that mentions one of them. */
function readersOf(fact: string, declarations: Map<string, string>): Set<string> {
  const readers = new Set([fact]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [name, text] of declarations) {
      if (!readers.has(name) && [...readers].some((reader) => mentions(text, reader))) {
        readers.add(name);
        grown = true;
      }
    }
  }
  return readers;
}

function ruleFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? ruleFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
}

const RULE_CODES = new Set(RULES.map((r) => r.code));

/** The rule codes whose code reads one of the names: a rule's own file, or a helper file imported by it. */
function rulesReading(names: Set<string>): Set<string> {
  const files = ruleFiles(RULES_DIR);
  const reading = files.filter((file) =>
    [...names].some((name) => mentions(fs.readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, ''), name)),
  );
  const codes = new Set<string>();
  for (const file of reading) {
    const base = path.basename(file, '.ts');
    if (RULE_CODES.has(base)) codes.add(base);
    else
      for (const other of files)
        if (RULE_CODES.has(path.basename(other, '.ts')) && fs.readFileSync(other, 'utf8').includes(`/${base}'`))
          codes.add(path.basename(other, '.ts'));
  }
  return codes;
}

/** The catalog facts graded below documented / spec, with the rules resting on them. */
function weakFacts(): { fact: string; grade: Grade; rules: Set<string> }[] {
  const declarations = catalogDeclarations();
  const weak: { fact: string; grade: Grade; rules: Set<string> }[] = [];
  for (const module of Object.values(CATALOG)) {
    for (const name of factNames(module)) {
      const grades = (citationsOf(module, name) ?? []).map((c) => c.grade);
      // A table is as weak as its weakest entry only when every entry is weak: a table mixing documented and reference
      // entries (API versions) is judged by its documented ones.
      const grade = grades.every((g) => g === 'inferred')
        ? 'inferred'
        : grades.every((g) => g === 'inferred' || g === 'reference deployment')
          ? 'reference deployment'
          : undefined;
      if (grade && grades.length > 0)
        weak.push({ fact: name, grade, rules: rulesReading(readersOf(name, declarations)) });
    }
  }
  return weak;
}

/** Every finding of a rule on its own fixtures. */
function fixtureFindings(code: string) {
  const dir = path.join(FIXTURES, 'rules', code);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(json|jsonc|ya?ml)$/.test(f) && f !== 'deployed.json')
    .flatMap((f) => {
      const file = path.join(dir, f);
      return analyzeDocument(
        fs.readFileSync(file, 'utf8'),
        { fileName: file },
        { uri: file, workspace: new WorkspaceIndex() },
      ).findings.filter((x) => x.code === code);
    });
}

/**
 * Rules that only quote a weak fact as an example, next to a finding resting on stronger ones; each finding must then
 * name the fact's grade. values-auth-audience: "required on Azure" and the api://<guid>/.default shape are the
 * chart's [SPEC]; the GUID is the reference deployment's.
 */
const QUOTED_ONLY: Readonly<Record<string, { fact: string; says: RegExp }>> = {
  'values-auth-audience': { fact: 'REFERENCE_AUDIENCE', says: /reference deployment/ },
};

test('a rule resting on a reference-deployment fact yields no error and no "required"; on an inferred fact, at most an info that says so', () => {
  const problems: string[] = [];
  for (const { fact, grade, rules } of weakFacts()) {
    for (const code of rules) {
      const quoted = QUOTED_ONLY[code];
      if (quoted?.fact === fact) {
        for (const finding of fixtureFindings(code))
          if (!quoted.says.test(finding.message))
            problems.push(`${code}: "${finding.message}" quotes ${fact} without saying it is ${grade}`);
        continue;
      }
      const rule = RULES.find((r) => r.code === code)!;
      if (rule.defaultSeverity === 'error') problems.push(`${code} (error by default) rests on ${fact} (${grade})`);
      for (const finding of fixtureFindings(code)) {
        if (finding.severity === 'error' || /\brequired\b/i.test(finding.message))
          problems.push(`${code}: "${finding.message}" rests on ${fact} (${grade})`);
        else if (grade === 'inferred' && (finding.severity !== 'info' || !/inferred/i.test(finding.message)))
          problems.push(`${code} (${finding.severity}): "${finding.message}" rests on ${fact} (inferred)`);
      }
    }
  }
  assert.deepEqual(problems, []);
});
