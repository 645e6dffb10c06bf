// positionContext (service/arm/features/completion/context.ts) reads the cursor's place from the tree when it is
// between the quotes of a string of a template parsed without errors, and with jsonc-parser's scanner elsewhere.
// Differential: at every string of every fixture template, the tree's answer must be the scanner's; in a template
// with a string that has raw line breaks (which ARM reads) only the tree is right.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText } from '../../server/src/service/analyze';
import { positionContext } from '../../server/src/service/arm/features/completion/context';
import type { JsonNode } from '../../server/src/service/json/nodes';
import { FIXTURES } from '../support/paths';

function jsonFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? jsonFiles(path.join(folder, entry.name))
        : entry.name.endsWith('.json')
          ? [path.join(folder, entry.name)]
          : [],
    );
}

function stringsOf(node: JsonNode, out: JsonNode[] = []): JsonNode[] {
  if (node.type === 'string') out.push(node);
  for (const child of node.children ?? []) stringsOf(child, out);
  return out;
}

test('between the quotes of any string of a whole tree, the tree says what the scanner says (path, key or value, token, resource)', () => {
  let templates = 0;
  let compared = 0;
  for (const file of jsonFiles(FIXTURES)) {
    const text = fs.readFileSync(file, 'utf8');
    const analysis = analyzeText(text);
    const template = analysis.template;
    if (analysis.kind !== 'armTemplate' || !template || analysis.syntaxErrors.length > 0) continue;
    const strings = stringsOf(template.root);
    // ARM reads raw line breaks in a string; the scanner stops at the line's end (see the test below).
    if (strings.some((string) => /[\r\n]/.test(text.slice(string.offset, string.offset + string.length)))) continue;
    templates++;
    for (const string of strings) {
      const inside = [string.offset + 1, string.offset + (string.length >> 1), string.offset + string.length - 1];
      for (const offset of new Set(inside.filter((at) => at > string.offset && at < string.offset + string.length))) {
        const fromTree = positionContext(template.text, offset, template.root, template, true);
        const scanned = positionContext(template.text, offset, template.root, template, false);
        const where = `${path.relative(FIXTURES, file)} at ${offset}`;
        assert.deepEqual(fromTree.path, scanned.path, `${where}: path`);
        assert.equal(fromTree.atKey, scanned.atKey, `${where}: key or value`);
        assert.deepEqual(fromTree.token, scanned.token, `${where}: token`);
        assert.equal(fromTree.resource, scanned.resource, `${where}: resource`);
        assert.deepEqual(fromTree.inResource, scanned.inResource, `${where}: path in the resource`);
        compared++;
      }
    }
  }
  assert.ok(templates > 50 && compared > 5000, `${templates} templates, ${compared} cursors compared`);
});

test('after a string with raw line breaks, the tree still knows where the cursor is (the scanner read the string as ending at its line)', () => {
  const text = fs.readFileSync(path.join(FIXTURES, 'e2e', 'workspace', 'multi-line.json'), 'utf8');
  const analysis = analyzeText(text);
  const template = analysis.template!;
  assert.deepEqual(analysis.syntaxErrors, []);
  const location = text.indexOf("'uksouth'");
  const inLocation = positionContext(text, location, template.root, template, true);
  assert.deepEqual(inLocation.path, ['resources', 0, 'location']);
  assert.equal(inLocation.token?.end, text.indexOf(']"', location) + 2, 'the whole string, to its closing quote');
  const provider = positionContext(text, text.indexOf('"Azure"') + 2, template.root, template, true);
  assert.deepEqual(provider.path, ['resources', 0, 'properties', 'provider']);
  assert.equal(provider.atKey, false);
  assert.deepEqual(provider.inResource, ['properties', 'provider']);
});
