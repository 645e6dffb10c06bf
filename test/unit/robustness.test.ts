// Bad input never crashes: a seeded fuzz over the rule and completion fixtures and the shared corpus. Each file,
// cut short as if still being typed and with one character deleted, duplicated or inserted, goes through
// analyzeDocument, and at random offsets through completion, hover, navigation and the fixes; nothing may throw and
// every range handed back must lie inside the text. The workspace configuration parser gets the same treatment.
// Then huge inputs (a 20 MB string, 50,000 nested arrays or YAML levels, binary bytes) must simply return, too
// deep a document with one clear syntax error. The same seed gives the same inputs, so a failure reproduces.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument, parseJson } from '../../server/src/service/analyze';
import type { DocumentAnalysis, ParameterFileInput, TextEdit, TextRange } from '../../server/src/service/types';
import { armCompletions } from '../../server/src/service/arm/features/completion';
import { armHover } from '../../server/src/service/arm/features/armHover';
import type { CompletionEntry, HoverInfo } from '../../server/src/service/features/editing';
import { disableFixes, fixAllEdits, fixesAt, suppressibleAt } from '../../server/src/service/features/fixes';
import {
  symbolInParameterFile,
  symbolInTemplate,
  type NavigationDocument,
  type TemplateDocument,
} from '../../server/src/service/arm/features/navigation/symbols';
import { declarationOf, usesOf } from '../../server/src/service/arm/features/navigation/symbolUses';
import { cannotRename, renameSymbol } from '../../server/src/service/arm/features/navigation/rename';
import { yamlCompletions, yamlHover } from '../../server/src/service/yaml/features/yamlEditing';
import { parseWorkspaceConfig, RULE_LEVELS } from '../../server/src/service/config/workspaceConfig';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { CORPUS, FIXTURES } from '../support/paths';
import { random } from '../support/random';

/** Fixed, so a failure reproduces; ROBUSTNESS_SEED explores other inputs by hand. */
const SEED = Number(process.env.ROBUSTNESS_SEED ?? 20261130);
/** Cuts per file (typing), offsets per text for the editor features: tuned to keep the file under a minute on 2 cores. */
const PREFIXES = 20;
const OFFSETS = 30;
/** The characters a slip of the keyboard most often breaks JSON and YAML with. */
const INSERTED = ['"', '[', ']', '{', '}', "'", ',', ':', '\n', '#', '\u0000'];
const NEW_NAME = 'renamedByFuzz';
/** Nesting levels of the too-deep inputs. */
const DEEP = 50_000;
const HOVER_OPTIONS = {
  parameterFiles: [] as ParameterFileInput[],
  docsUrl: (code: string) => `https://example.test/${code}.md`,
  docsPageUrl: (page: string) => page,
};
/** Where the features have the most to do: right after a quote, a call's parenthesis, a colon or a bracket. */
const INTERESTING = /["'(:[]/g;

/** How often each feature had something to say, so the fuzz is known not to test nothing. */
const exercised = { findings: 0, completions: 0, hovers: 0, symbols: 0, renames: 0, quickFixes: 0, fixAll: 0 };

interface Sample {
  readonly file: string;
  readonly text: string;
  /** The template a parameter file belongs to, when there is one beside it. */
  readonly template?: string;
}

const isYaml = (file: string) => /\.ya?ml$/i.test(file);

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile() && keep(f))
    .sort();
}

/** A parameter file's template: a rule fixture's workspace/template.json, or `x.json` beside `x.parameters[.y].json`. */
function templateOf(file: string): string | undefined {
  const candidates = [
    path.join(path.dirname(file), 'workspace', 'template.json'),
    file.replace(/\.parameters(\.[^.]+)?\.json$/, '.json'),
  ];
  return candidates.find((c) => c !== file && fs.existsSync(c));
}

function samples(): Sample[] {
  const documents = /\.(json|jsonc|ya?ml)$/i;
  const files = [
    ...filesUnder(path.join(FIXTURES, 'rules'), (f) => documents.test(f)),
    ...filesUnder(path.join(FIXTURES, 'completions'), (f) => documents.test(f)),
    ...filesUnder(CORPUS, (f) => documents.test(f)),
  ];
  return files.map((file) => ({
    file,
    text: fs.readFileSync(file, 'utf8'),
    template: file.endsWith('.json') ? templateOf(file) : undefined,
  }));
}

/** Every other offset anywhere, the rest a few characters after a quote, parenthesis, colon or bracket. */
function offsetIn(text: string, interesting: readonly number[], next: (limit: number) => number, i: number): number {
  return i % 2 === 0 || interesting.length === 0
    ? next(text.length + 1)
    : Math.min(text.length, interesting[next(interesting.length)] + next(4));
}

const interestingOffsets = (text: string) => [...text.matchAll(INTERESTING)].map((match) => match.index! + 1);

/** The text as typed so far, and with one character deleted, duplicated or inserted: what the features see mid-edit. */
function variants(text: string, next: (limit: number) => number): { label: string; text: string }[] {
  const out = [{ label: 'original', text }];
  for (let i = 0; i < PREFIXES; i++) {
    const cut = next(text.length + 1);
    out.push({ label: `prefix ${cut}`, text: text.slice(0, cut) });
  }
  if (text.length > 0) {
    const at = next(text.length);
    out.push({ label: `deleted at ${at}`, text: text.slice(0, at) + text.slice(at + 1) });
    const twice = next(text.length);
    out.push({ label: `duplicated at ${twice}`, text: text.slice(0, twice + 1) + text.slice(twice) });
  }
  const interesting = interestingOffsets(text);
  for (const [i, char] of INSERTED.entries()) {
    const at = offsetIn(text, interesting, next, i);
    out.push({ label: `${JSON.stringify(char)} inserted at ${at}`, text: text.slice(0, at) + char + text.slice(at) });
  }
  return out;
}

function assertRange(range: TextRange, length: number, what: string): void {
  assert.ok(
    Number.isInteger(range.start) && Number.isInteger(range.end),
    `${what}: non-integer range ${JSON.stringify(range)}`,
  );
  assert.ok(
    0 <= range.start && range.start <= range.end && range.end <= length,
    `${what}: range ${range.start}-${range.end} outside 0-${length}`,
  );
}

/** Edits applied together must not overlap (touching is fine), in document order. */
function assertDisjoint(edits: readonly TextEdit[], length: number, what: string): void {
  for (const edit of edits) assertRange(edit, length, what);
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < sorted.length; i++)
    assert.ok(
      sorted[i - 1].end <= sorted[i].start,
      `${what}: edits ${JSON.stringify(sorted[i - 1])} and ${JSON.stringify(sorted[i])} overlap`,
    );
}

function checkAnalysis(text: string, analysis: DocumentAnalysis): void {
  for (const finding of analysis.findings) {
    assert.ok(
      typeof finding.message === 'string' && finding.message.length > 0,
      `finding ${finding.code} without a message`,
    );
    if (finding.uri !== undefined) continue;
    assertRange(finding, text.length, `finding ${finding.code}`);
    for (const fix of finding.fixes ?? [])
      assertDisjoint(fix.edits, text.length, `fix "${fix.title}" of ${finding.code}`);
  }
  // A syntax error at the very end (an unclosed bracket) may point one past the last character.
  for (const problem of analysis.syntaxErrors)
    assertRange(problem, text.length + 1, `syntax error "${problem.message}"`);
}

function checkCompletions(entries: readonly CompletionEntry[], length: number): void {
  if (entries.length > 0) exercised.completions++;
  for (const entry of entries) {
    // The label may be empty (the empty-string value), but something must be inserted.
    assert.ok(
      typeof entry.label === 'string' && (entry.insertText ?? entry.label).length > 0,
      `completion that inserts nothing: ${JSON.stringify(entry)}`,
    );
    if (entry.replace) assertRange(entry.replace, length, `completion "${entry.label}"`);
  }
}

function checkHover(info: HoverInfo | undefined, length: number): void {
  if (!info) return;
  exercised.hovers++;
  assert.ok(info.markdown.length > 0, 'empty hover');
  assertRange(info.range, length, 'hover');
}

/** The template and parameter-file documents navigation works on: only syntax-clean JSON, as the server does. */
function navigationDocuments(
  sample: Sample,
  text: string,
  analysis: DocumentAnalysis,
): { template: TemplateDocument; own?: NavigationDocument } | undefined {
  if (analysis.syntaxErrors.length > 0) return undefined;
  if (analysis.kind === 'armTemplate' && analysis.template)
    return { template: { uri: sample.file, text, root: analysis.template.root, template: analysis.template } };
  if (analysis.kind !== 'armParameters' || !sample.template) return undefined;
  const templateText = fs.readFileSync(sample.template, 'utf8');
  const templateAnalysis = analyzeDocument(templateText, { fileName: sample.template });
  const root = parseJson(text).root;
  if (!templateAnalysis.template || !root) return undefined;
  return {
    template: {
      uri: sample.template,
      text: templateText,
      root: templateAnalysis.template.root,
      template: templateAnalysis.template,
    },
    own: { uri: sample.file, text, root },
  };
}

function checkNavigation(documents: { template: TemplateDocument; own?: NavigationDocument }, offset: number): void {
  const { template, own } = documents;
  const at = own ? symbolInParameterFile(own, template, offset) : symbolInTemplate(template, offset);
  if (!at) return;
  exercised.symbols++;
  const lengthOf = (uri: string) => (uri === template.uri ? template.text.length : own!.text.length);
  assertRange(at.range, (own ?? template).text.length, 'symbol');
  const parameterFiles = own ? [own] : [];
  const declaration = declarationOf(template, at.symbol);
  if (declaration) assertRange(declaration, lengthOf(declaration.uri), 'definition');
  for (const use of usesOf(template, parameterFiles, at.symbol)) assertRange(use, lengthOf(use.uri), 'reference');
  const problem = cannotRename(template, at.symbol);
  const renamed = renameSymbol(template, parameterFiles, at.symbol, NEW_NAME);
  if (problem !== undefined || !renamed.ok) return;
  exercised.renames++;
  for (const uri of new Set(renamed.edits.map((edit) => edit.uri)))
    assertDisjoint(
      renamed.edits.filter((edit) => edit.uri === uri),
      lengthOf(uri),
      'rename',
    );
}

/** Everything an editor does with one text: analysis, then the features at random offsets. */
function exercise(sample: Sample, text: string, next: (limit: number) => number): void {
  const yaml = isYaml(sample.file);
  const analysis = analyzeDocument(text, { fileName: sample.file }, { uri: sample.file });
  checkAnalysis(text, analysis);
  exercised.findings += analysis.findings.length;
  if (sample.template && analysis.kind === 'armParameters' && analysis.syntaxErrors.length === 0) {
    // A parameter file is checked through its template: the mistakes found land in it.
    const templateText = fs.readFileSync(sample.template, 'utf8');
    const checked = analyzeDocument(
      templateText,
      { fileName: sample.template },
      { parameterFiles: [{ uri: sample.file, root: parseJson(text).root!, text }] },
    );
    for (const finding of checked.findings)
      assertRange(
        finding,
        finding.uri === sample.file ? text.length : templateText.length,
        `finding ${finding.code} via the template`,
      );
  }
  const fixAll = fixAllEdits(analysis.findings);
  assertDisjoint(fixAll, text.length, 'fix-all');
  if (fixAll.length > 0) exercised.fixAll++;
  const syntax = yaml ? 'yaml' : 'json';
  const lines = new LineIndex(text);
  const navigation = yaml ? undefined : navigationDocuments(sample, text, analysis);
  const interesting = interestingOffsets(text);
  for (let i = 0; i < OFFSETS; i++) {
    const offset = offsetIn(text, interesting, next, i);
    checkCompletions(yaml ? yamlCompletions(text, offset) : armCompletions(text, analysis, offset), text.length);
    checkHover(
      yaml
        ? yamlHover(text, offset)
        : analysis.kind === 'armTemplate'
          ? armHover(text, analysis, offset, HOVER_OPTIONS)
          : undefined,
      text.length,
    );
    if (navigation) checkNavigation(navigation, offset);
    const range = { start: offset, end: Math.min(text.length, offset + next(40)) };
    for (const { fix } of fixesAt(analysis.findings, range)) {
      assertDisjoint(fix.edits, text.length, `quick fix "${fix.title}"`);
      exercised.quickFixes++;
    }
    for (const finding of suppressibleAt(analysis.findings, range)) {
      for (const fix of disableFixes(text, syntax, finding, { lines, directives: analysis.directives }))
        assertDisjoint(fix.edits, text.length, `"${fix.title}"`);
    }
  }
}

if (!fs.existsSync(CORPUS))
  console.log(
    `robustness: ../shared/corpus is not present next to this checkout (${CORPUS}); fuzzing the fixtures only`,
  );

const next = random(SEED);
for (const sample of samples()) {
  // One test per file; its variants are drawn in file order, so a failure names the file and the variant.
  const texts = variants(sample.text, next);
  const seeds = texts.map(() => next(2 ** 31));
  test(`fuzz ${path.relative(path.dirname(FIXTURES), sample.file)}`, () => {
    texts.forEach((variant, i) => {
      try {
        exercise(sample, variant.text, random(seeds[i]));
      } catch (error) {
        assert.fail(`${variant.label}: ${error instanceof Error ? error.stack : String(error)}`);
      }
    });
  });
}

test('the fuzz reached every feature', () => {
  console.log(`robustness: ${JSON.stringify(exercised)}`);
  for (const [feature, count] of Object.entries(exercised)) assert.ok(count > 0, `no ${feature} in the whole fuzz`);
});

/** A workspace configuration with every kind of entry: known and unknown codes and levels, a comment, a stray setting. */
const CONFIG =
  '{\n  // levels\n  "$schema": "x",\n  "rules": { "provider-invalid": "warning", "provider-invlid": "off", "region-invalid": "loud", "__proto__": "off", "constructor": "error" },\n  "extends": 1\n}';

test('fuzz the workspace configuration parser', () => {
  const configNext = random(SEED);
  // The parser is cheap: many more variants than a document gets, each drawn afresh.
  const texts = [
    ...Array.from({ length: 10 }, () => variants(CONFIG, configNext)).flat(),
    { label: 'deep', text: '['.repeat(DEEP) },
  ];
  for (const { label, text } of texts) {
    const config = parseWorkspaceConfig(text);
    for (const problem of config.problems)
      assertRange(problem, text.length, `${label}: config problem "${problem.message}"`);
    if (config.broken) assert.deepEqual(config.rules, {}, label);
    for (const [code, level] of Object.entries(config.rules)) {
      assert.ok(
        RULE_LEVELS.includes(level) && !['__proto__', 'constructor'].includes(code),
        `${label}: ${code}=${String(level)}`,
      );
    }
    assert.equal(
      Object.getPrototypeOf(config.rules),
      Object.prototype,
      `${label}: the rules object's prototype changed`,
    );
  }
});

/** Huge inputs: each must return (with or without findings); the time is printed, not asserted. */
function timed<T>(what: string, run: () => T): T {
  const started = performance.now();
  const result = run();
  console.log(`robustness: ${what} in ${Math.round(performance.now() - started)} ms`);
  return result;
}

function exerciseHuge(name: string, text: string, fileName: string): DocumentAnalysis {
  const analysis = timed(`${name}: analyzeDocument`, () => analyzeDocument(text, { fileName }));
  checkAnalysis(text, analysis);
  const offsets = [0, Math.floor(text.length / 2), text.length];
  const yaml = isYaml(fileName);
  timed(`${name}: 3 completions`, () =>
    offsets.forEach((o) =>
      checkCompletions(yaml ? yamlCompletions(text, o) : armCompletions(text, analysis, o), text.length),
    ),
  );
  timed(`${name}: 3 hovers`, () =>
    offsets.forEach((o) =>
      checkHover(yaml ? yamlHover(text, o) : armHover(text, analysis, o, HOVER_OPTIONS), text.length),
    ),
  );
  return analysis;
}

/** Deeper than we read is said once, as not checked (no syntax error of the file), not a crash nor once per level. */
function assertTooDeep(analysis: DocumentAnalysis): void {
  // Not a syntax error: the file may be valid, only deeper than we read. Not checked, and that is said once.
  assert.equal(analysis.syntaxErrors.length, 1, JSON.stringify(analysis.syntaxErrors));
  const [unread] = analysis.syntaxErrors;
  assert.match(
    unread.message,
    /^nested (more than 1,000 levels deep, deeper than this extension reads|too deeply for this extension to read \(it reads up to 400 levels\))$/,
  );
  assert.equal(unread.onlyThisParserRejects, true);
  assert.deepEqual(analysis.findings, []);
}

const HUGE_STRING = `"${'a'.repeat(20 * 1024 * 1024)}"`;
const TEMPLATE_HEAD =
  '{"$schema":"https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#","contentVersion":"1.0.0.0","resources":[],"variables":{"big":';
const binary = (() => {
  const bytes = Buffer.alloc(512 * 1024);
  const byte = random(SEED);
  for (let i = 0; i < bytes.length; i++) bytes[i] = byte(256);
  return bytes.toString('latin1');
})();

test('huge: a 20 MB JSON string literal', () => {
  exerciseHuge('20 MB string', HUGE_STRING, 'big.json');
});
test('huge: a template with a 20 MB variable', () => {
  exerciseHuge('20 MB variable', `${TEMPLATE_HEAD}${HUGE_STRING}}}`, 'big.json');
});
test("huge: an expression over ARM's 24,576-character limit is one error, and is not parsed", () => {
  // `[concat('aa…a', 'a', …)]` of exactly `length` characters, with a call per 1,000 characters.
  const expression = (length: number) => {
    const calls = Math.floor(length / 1000);
    return `[concat('${'a'.repeat(length - 12 - 4 * calls)}'${",'a'".repeat(calls)})]`;
  };
  const template = (value: string) =>
    `${TEMPLATE_HEAD}${JSON.stringify(value)}},"outputs":{"o":{"type":"string","value":"[variables('big')]"}}}`;
  assert.equal(expression(24_576).length, 24_576);
  assert.deepEqual(analyzeDocument(template(expression(24_576)), { fileName: 't.json' }).findings, []);
  const justOver = analyzeDocument(template(expression(24_577)), { fileName: 't.json' });
  assert.deepEqual(
    justOver.findings.map((f) => f.code),
    ['expression-syntax'],
  );
  assert.match(
    justOver.findings[0].message,
    /^The expression is 24,577 characters long, over ARM's limit of 24,576 characters/,
  );
  const huge = exerciseHuge('20 MB expression', template(expression(20 * 1024 * 1024)), 'big.json');
  // And the template is over ARM's 4 MB.
  assert.deepEqual(
    huge.findings.map((f) => f.code),
    ['template-limit-exceeded', 'expression-syntax'],
  );
});
test('huge: 50,000 nested arrays, closed and unclosed, as JSON', () => {
  assertTooDeep(exerciseHuge('50,000 nested arrays', '['.repeat(DEEP) + ']'.repeat(DEEP), 'deep.json'));
  // Brackets that never close are a syntax error of the file's, said once, not once per level.
  const unclosed = exerciseHuge('50,000 unclosed arrays', '['.repeat(DEEP), 'deep.json');
  assert.deepEqual(
    unclosed.syntaxErrors.map((e) => [e.message, e.onlyThisParserRejects]),
    [['JSON syntax error: the document is nested too deeply to parse', undefined]],
  );
  // A template is still checked: one warning where the nesting goes too deep, and its other findings.
  const template = exerciseHuge(
    '50,000 nested arrays in a template',
    `${TEMPLATE_HEAD}${'['.repeat(DEEP)}${']'.repeat(DEEP)}}}`,
    'deep.json',
  );
  assert.deepEqual(template.syntaxErrors, []);
  // At the bracket of level 1,001: the template's root and `variables` objects are the first two levels.
  assert.deepEqual(
    template.findings.map((f) => [f.code, f.severity, f.start]),
    [
      ['variable-unused', 'info', TEMPLATE_HEAD.indexOf('"big"')],
      ['json-too-deep', 'warning', TEMPLATE_HEAD.length + 1000 - 2],
    ],
  );
});
test('huge: 50,000 nested flow collections as YAML', () => {
  assertTooDeep(exerciseHuge('50,000 nested YAML sequences', '['.repeat(DEEP) + ']'.repeat(DEEP), 'deep.yaml'));
  // Regression: completion in the middle of these copied the path once per level, and ran out of memory.
  assertTooDeep(
    exerciseHuge(
      '50,000 nested YAML mappings',
      `global:\n  x: ${'{a: '.repeat(DEEP)}1${'}'.repeat(DEEP)}\n`,
      'deep.yaml',
    ),
  );
  // Indentation nests as deep: a thousand levels, one space each, is half a megabyte.
  const stairs = Array.from({ length: 1000 }, (_, level) => `${' '.repeat(level)}global:`).join('\n');
  assertTooDeep(exerciseHuge('1,000 nested YAML blocks', stairs, 'deep.yaml'));
});
test('huge: binary bytes decoded as latin1, as JSON and as YAML', () => {
  exerciseHuge('512 KB binary as JSON', binary, 'blob.json');
  exerciseHuge('512 KB binary as YAML', binary, 'blob.yaml');
});
