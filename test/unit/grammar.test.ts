// The ARM-expression injection grammar (syntaxes/arm-expression.injection.tmLanguage.json), tokenized by a real
// TextMate engine (Shiki's fork of vscode-textmate with VS Code's oniguruma build) on top of a stand-in for VS
// Code's JSON grammar that uses the same scope names. Checks what each piece of an expression is colored as,
// that `[[` literals and property names are left alone, and how package.json contributes the grammar.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IGrammar, IRawGrammar, StateStack } from '@shikijs/vscode-textmate' with { 'resolution-mode': 'import' };
import * as oniguruma from 'vscode-oniguruma';
import { REPO_ROOT } from '../support/paths';

const INJECTION_SCOPE = 'source.arm-expression.injection';
const GRAMMAR_FILE = path.join(REPO_ROOT, 'syntaxes', 'arm-expression.injection.tmLanguage.json');

/** VS Code's JSON grammar, reduced to what the injection relies on: its scope names for keys and string values. */
const JSON_STAND_IN = {
  scopeName: 'source.json',
  patterns: [{ include: '#value' }],
  repository: {
    value: {
      patterns: [
        { include: '#string' },
        { include: '#object' },
        { include: '#array' },
        { match: '-?\\d+', name: 'constant.numeric.json' },
      ],
    },
    string: {
      begin: '"',
      end: '"',
      name: 'string.quoted.double.json',
      patterns: [{ match: '\\\\.', name: 'constant.character.escape.json' }],
    },
    object: {
      begin: '\\{',
      end: '\\}',
      name: 'meta.structure.dictionary.json',
      patterns: [
        { begin: '"', end: '"', name: 'string.json support.type.property-name.json' },
        {
          begin: ':',
          end: '(,)|(?=\\})',
          name: 'meta.structure.dictionary.value.json',
          patterns: [{ include: '#value' }],
        },
      ],
    },
    array: {
      begin: '\\[',
      end: '\\]',
      name: 'meta.structure.array.json',
      patterns: [{ include: '#value' }, { match: ',' }],
    },
  },
};

async function jsonGrammar(): Promise<IGrammar> {
  const { Registry } = await import('@shikijs/vscode-textmate'); // an ES module
  const wasm = fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new Registry({
    onigLib: {
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources as string[]),
      createOnigString: (text) => new oniguruma.OnigString(text),
    },
    loadGrammar: (scope) =>
      scope === 'source.json'
        ? (JSON_STAND_IN as unknown as IRawGrammar)
        : scope === INJECTION_SCOPE
          ? (JSON.parse(fs.readFileSync(GRAMMAR_FILE, 'utf8')) as IRawGrammar)
          : null,
    getInjections: (scope) => (scope === 'source.json' ? [INJECTION_SCOPE] : undefined),
  });
  const grammar = registry.loadGrammar('source.json');
  assert.ok(grammar, 'the JSON grammar did not load');
  return grammar;
}

/** Each token's text with its innermost scope, for one line. */
function tokensOf(grammar: IGrammar, line: string): Array<[string, string[]]> {
  const { tokens } = grammar.tokenizeLine(line, null as unknown as StateStack); // null: the initial state
  return tokens.map((token) => [line.slice(token.startIndex, token.endIndex), token.scopes]);
}

function scopesOf(tokens: Array<[string, string[]]>, text: string): string[] {
  const found = tokens.find(([t]) => t === text);
  assert.ok(found, `no token "${text}" in ${JSON.stringify(tokens.map(([t]) => t))}`);
  return found[1];
}

test('an expression in a string value: functions, string literals with escapes, numbers, property access, brackets', async () => {
  const grammar = await jsonGrammar();
  const tokens = tokensOf(
    grammar,
    `{ "name": "[concat(parameters('it''s'), '-', string(12), reference('x').outputs.id, variables('v')[0])]" }`,
  );
  for (const name of ['concat', 'parameters', 'string', 'reference', 'variables'])
    assert.ok(scopesOf(tokens, name).includes('entity.name.function.arm-expression'), name);
  assert.ok(scopesOf(tokens, "''").includes('constant.character.escape.arm-expression'));
  assert.ok(scopesOf(tokens, 'it').includes('string.quoted.single.arm-expression'));
  assert.ok(scopesOf(tokens, '12').includes('constant.numeric.arm-expression'));
  assert.ok(scopesOf(tokens, 'outputs').includes('variable.other.property.arm-expression'));
  assert.ok(scopesOf(tokens, '0').includes('constant.numeric.arm-expression'));
  const first = tokens.find(([, scopes]) => scopes.includes('punctuation.definition.expression.begin.arm-expression'));
  const last = tokens.find(([, scopes]) => scopes.includes('punctuation.definition.expression.end.arm-expression'));
  assert.equal(first?.[0], '[');
  assert.equal(last?.[0], ']');
  const closingQuote = [...tokens].reverse().find(([text]) => text === '"');
  assert.equal(
    closingQuote?.[1].includes('meta.embedded.expression.arm-expression'),
    false,
    'the expression ends at its closing bracket',
  );
  assert.ok(closingQuote?.[1].includes('string.quoted.double.json'));
});

test('a [[ literal, a plain string and a property name are not expressions', async () => {
  const grammar = await jsonGrammar();
  for (const line of [
    '{ "a": "[[not an expression]" }',
    '{ "a": "concat(1)" }',
    '{ "[concat(1)]": 1 }',
    '{ "a": "x [concat(1)]" }',
  ]) {
    const tokens = tokensOf(grammar, line);
    assert.ok(
      tokens.every(([, scopes]) => !scopes.some((s) => s.endsWith('.arm-expression'))),
      `${line}: ${JSON.stringify(tokens)}`,
    );
  }
});

test('an unclosed expression or string literal stops at the end of the JSON string', async () => {
  const grammar = await jsonGrammar();
  const tokens = tokensOf(grammar, `{ "a": "[concat('x", "b": "[y()]" }`);
  assert.ok(scopesOf(tokens, 'b').includes('support.type.property-name.json'), JSON.stringify(tokens));
  assert.ok(scopesOf(tokens, 'y').includes('entity.name.function.arm-expression'));
});

test("package.json injects the grammar into JSON and JSONC only (not ARM Tools' arm-template language)", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const contributed = manifest.contributes.grammars.find((g: { scopeName: string }) => g.scopeName === INJECTION_SCOPE);
  assert.deepEqual(contributed, {
    scopeName: INJECTION_SCOPE,
    path: './syntaxes/arm-expression.injection.tmLanguage.json',
    injectTo: ['source.json', 'source.json.comments'],
  });
  const grammar = JSON.parse(fs.readFileSync(GRAMMAR_FILE, 'utf8'));
  assert.equal(grammar.scopeName, INJECTION_SCOPE);
  // `string.quoted.double.json` also selects JSONC's `string.quoted.double.json.comments` (scope prefixes match).
  assert.equal(grammar.injectionSelector, 'L:string.quoted.double.json');
  assert.match(
    fs.readFileSync(path.join(REPO_ROOT, '.vscodeignore'), 'utf8'),
    /^!syntaxes\/\*\.json$/m,
    'the grammar must ship in the .vsix',
  );
});
