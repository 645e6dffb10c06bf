// Keys written twice in one YAML map (service/yaml/duplicateKeys.ts): the same errors, at the same places, as the
// `yaml` parser's own uniqueKeys check with go-yaml v2's exception for merge keys, which it replaces because that
// check compares each key with every key before it.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isScalar, parseAllDocuments } from 'yaml';
import { duplicateKeyErrors } from '../../server/src/service/yaml/duplicateKeys';
import { parseYaml } from '../../server/src/service/yaml/document';
import { random } from '../support/random';

/** The parser's own check, as the server used it: the same scalar value, unless both keys are plain `<<`. */
function sameKeyUnlessMerge(a: unknown, b: unknown): boolean {
  const merge = (key: unknown) =>
    isScalar(key) && key.value === '<<' && (key.type === undefined || key.type === 'PLAIN');
  if (a === b) return true;
  if (!isScalar(a) || !isScalar(b) || a.value !== b.value) return false;
  return !(merge(a) && merge(b));
}

const KEYS = ['a', 'b', '"a"', "'b'", '<<', '"<<"', '1', '"1"', 'true', 'x y', '? c', '&k a', '!!str a'];

/** A random document of block and flow maps (nested, some in a list) whose keys often repeat. */
function randomYaml(next: (limit: number) => number): string {
  const lines: string[] = [];
  const block = (indent: string, depth: number) => {
    const count = 1 + next(5);
    for (let i = 0; i < count; i++) {
      const key = KEYS[next(KEYS.length)];
      const shape = depth < 2 ? next(4) : 0;
      if (key.startsWith('?')) lines.push(`${indent}${key}`, `${indent}: v`);
      else if (shape === 1) {
        lines.push(`${indent}${key}:`);
        block(`${indent}  `, depth + 1);
      } else if (shape === 2) lines.push(`${indent}${key}: {${KEYS[next(2)]}: 1, ${KEYS[next(4)]}: 2}`);
      else if (shape === 3) {
        lines.push(`${indent}${key}:`, `${indent}- ${KEYS[next(3)]}: 1`, `${indent}  ${KEYS[next(3)]}: 2`);
      } else lines.push(`${indent}${key}: ${key === '<<' ? '{m: 1}' : 'v'}`);
    }
  };
  block('', 0);
  return `${lines.join('\n')}\n`;
}

test('the same duplicate-key errors as the parser with uniqueKeys, on 2,000 random documents', () => {
  const next = random(20261204);
  for (let round = 0; round < 2000; round++) {
    const text = randomYaml(next);
    const expected = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: sameKeyUnlessMerge })
      .flatMap((document) => document.errors)
      .filter((error) => error.code === 'DUPLICATE_KEY')
      .map((error) => error.pos[0]);
    const found = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false })
      .flatMap((document) => duplicateKeyErrors(document))
      .map((error) => error.pos[0])
      .sort((a, b) => a - b);
    assert.deepEqual(found, expected, text);
  }
});

test('a key written twice is one syntax error at the second; two merge keys are not', () => {
  const text = 'global:\n  cloudProvider: azure\n  cloudProvider: aws\n';
  const second = text.lastIndexOf('cloudProvider');
  assert.deepEqual(parseYaml(text).syntaxErrors, [
    { start: second, end: second + 1, message: 'YAML syntax error: Map keys must be unique' },
  ]);
  assert.deepEqual(parseYaml('a: &a {x: 1}\nm:\n  <<: *a\n  <<: {y: 2}\n').syntaxErrors, []);
});
