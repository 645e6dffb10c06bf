// The code blocks of the rules' docs pages are what users paste: every ```yaml block must parse (several documents
// allowed) and every ```json / ```jsonc block must parse as ARM reads it, whole or as a fragment (the members of an object or the
// elements of an array, with `...` / `…` standing for what is left out). The Bad and Good examples that are whole
// files (operator values and Gateway manifests; ARM templates and parameter files with their `$schema`) run through
// the engine: a Bad example must produce its page's rule, a Good one must not. The syntax pages' Bad examples are the
// exception to parsing: they must not parse.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { analyzeDocument, parseJson } from '../../server/src/service/analyze';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { REPO_ROOT } from '../support/paths';

const RULE_DOCS = path.join(REPO_ROOT, 'docs', 'rules');

/** The pages whose Bad example is broken on purpose: it must fail to parse. */
const BROKEN_ON_PURPOSE = new Set(['invalid-json', 'invalid-yaml']);

/**
 * Rules that compare a file with other files of the workspace: their Bad examples show the other file in a comment,
 * so the example alone cannot produce the finding. Their fixtures (test/fixtures/rules/<code>/workspace) check them.
 */
const NEEDS_OTHER_FILES = new Set([
  'gateway-disabled-in-values',
  'gateway-values-mismatch',
  'values-cloud-deployment-id-not-deployed',
  'values-cloud-provider-mismatch',
  'values-iam-identity-is-principal-id',
]);

/** The operator values that make a workspace one for Anyscale on Azure, for the pages that apply only there. */
const AZURE_VALUES = 'global:\n  cloudProvider: azure\n  controlPlaneURL: https://console.azure.anyscale.com\n';

interface CodeBlock {
  readonly page: string;
  /** The `## ` heading the block sits under: `Bad`, `Good`, or another. */
  readonly section: string;
  readonly language: string;
  readonly text: string;
  readonly line: number;
}

function codeBlocks(page: string): CodeBlock[] {
  const markdown = fs.readFileSync(path.join(RULE_DOCS, page), 'utf8');
  const blocks: CodeBlock[] = [];
  const pattern = /^## (.*)$|^```(\w+)[^\n]*\n([\s\S]*?)^```$/gm;
  let section = '';
  for (let match = pattern.exec(markdown); match; match = pattern.exec(markdown)) {
    if (match[1] !== undefined) section = match[1].trim();
    else {
      const line = markdown.slice(0, match.index).split('\n').length;
      blocks.push({ page, section, language: match[2], text: match[3], line });
    }
  }
  return blocks;
}

const ALL_BLOCKS = fs
  .readdirSync(RULE_DOCS)
  .filter((file) => file.endsWith('.md'))
  .sort()
  .flatMap(codeBlocks);

const where = (block: CodeBlock) => `docs/rules/${block.page}:${block.line} (${block.section})`;

function yamlErrors(text: string): string[] {
  return parseAllDocuments(text).flatMap((document) => document.errors.map((error) => error.message));
}

/** As ARM reads it, like the engine: comments, trailing commas and multi-line strings allowed. */
function jsonParses(text: string): boolean {
  return parseJson(text).errors.length === 0;
}

/** Whole, or the members of an object, or the elements of an array; `...` and `…` outside strings left out. */
function jsonOrFragmentParses(text: string): boolean {
  if (jsonParses(text)) return true;
  const elided = text.replace(/"(?:[^"\\\n]|\\.)*"|\.\.\.|…/g, (token) => (token.startsWith('"') ? token : ''));
  const tidied = elided.replace(/,(\s*,)+/g, ',').replace(/([{[]\s*),/g, '$1');
  return [tidied, `{\n${tidied}\n}`, `[\n${tidied}\n]`].some(jsonParses);
}

test('the docs pages have code blocks to check', () => {
  assert.ok(ALL_BLOCKS.filter((b) => b.language === 'yaml').length > 20);
  assert.ok(ALL_BLOCKS.filter((b) => b.language === 'jsonc' || b.language === 'json').length > 100);
});

test('every yaml block of docs/rules parses (a Bad example broken on purpose must not)', () => {
  for (const block of ALL_BLOCKS.filter((b) => b.language === 'yaml')) {
    const errors = yamlErrors(block.text);
    if (block.section === 'Bad' && BROKEN_ON_PURPOSE.has(block.page.replace(/\.md$/, '')))
      assert.notDeepEqual(errors, [], `${where(block)} is meant not to parse`);
    else assert.deepEqual(errors, [], where(block));
  }
});

test('every json / jsonc block of docs/rules parses, whole or as a fragment (a Bad example broken on purpose must not)', () => {
  const wrong = ALL_BLOCKS.filter((b) => b.language === 'json' || b.language === 'jsonc').flatMap((block) => {
    if (block.section === 'Bad' && BROKEN_ON_PURPOSE.has(block.page.replace(/\.md$/, '')))
      return jsonParses(block.text) ? [`${where(block)} is meant not to parse`] : [];
    return jsonOrFragmentParses(block.text) ? [] : [`${where(block)} does not parse, whole or as a fragment`];
  });
  assert.deepEqual(wrong, []);
});

/** The analysis of an example that is a whole file, or undefined for a fragment. */
function analysisOfWholeFile(block: CodeBlock, code: string) {
  const yaml = block.language === 'yaml';
  if (!yaml && !/^\s*(\/\/[^\n]*\n\s*)*\{\s*"\$schema"/.test(block.text)) return undefined;
  const fileName = path.join(REPO_ROOT, 'docs-example', yaml ? 'example.yaml' : 'example.json');
  const workspace = new WorkspaceIndex();
  const page = fs.readFileSync(path.join(RULE_DOCS, block.page), 'utf8');
  if (/\*\*Applies to:\*\*[^\n]*in a workspace for Anyscale on Azure/.test(page)) {
    const values = path.join(path.dirname(fileName), 'values.yaml');
    workspace.set(values, analyzeDocument(AZURE_VALUES, { fileName: values }).facts);
  }
  const analysis = analyzeDocument(block.text, { fileName }, { uri: fileName, workspace });
  const checked = ['armTemplate', 'armParameters', 'operatorValues', 'legacyOperatorValues', 'gatewayManifest'];
  if (!checked.includes(analysis.kind) || BROKEN_ON_PURPOSE.has(code)) return undefined;
  if (block.section === 'Bad' && NEEDS_OTHER_FILES.has(code)) return undefined;
  return analysis;
}

test("each whole-file Bad example produces its page's rule and each Good example does not", () => {
  let checked = 0;
  for (const block of ALL_BLOCKS.filter((b) => b.section === 'Bad' || b.section === 'Good')) {
    const code = block.page.replace(/\.md$/, '');
    const analysis = analysisOfWholeFile(block, code);
    if (!analysis) continue;
    checked++;
    assert.deepEqual(analysis.syntaxErrors, [], where(block));
    const codes = analysis.findings.map((finding) => finding.code);
    if (block.section === 'Bad') assert.ok(codes.includes(code), `${where(block)} does not produce ${code}: ${codes}`);
    else assert.ok(!codes.includes(code), `${where(block)} produces ${code}`);
  }
  assert.ok(checked >= 30, `only ${checked} whole-file examples were checked`);
});

test('a rule listed as needing other files really does: its Bad example alone does not produce it', () => {
  for (const code of NEEDS_OTHER_FILES) {
    const bad = codeBlocks(`${code}.md`).find((block) => block.section === 'Bad');
    assert.ok(bad, `docs/rules/${code}.md has no Bad example`);
    const fileName = path.join(REPO_ROOT, 'docs-example', bad.language === 'yaml' ? 'example.yaml' : 'example.json');
    const analysis = analyzeDocument(bad.text, { fileName }, { uri: fileName, workspace: new WorkspaceIndex() });
    assert.ok(!analysis.findings.some((finding) => finding.code === code), `${code} need not be in NEEDS_OTHER_FILES`);
  }
});
