// analyzeText given the analysis of the document's previous version (what the language server does per edit): the
// new version's tree is spliced from the previous one's (json/spliceJson.ts) rather than parsed whole, and the
// analysis must be exactly a fresh analysis of the same text — findings, syntax errors, fixes — through seeded-random
// edits (typing in values and keys, brackets, quotes, deletions) of rule fixtures, most of which must splice.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText } from '../../server/src/service/analyze';
import type { Analysis } from '../../server/src/service/types';
import { FIXTURES } from '../support/paths';
import { random } from '../support/random';
import { leavesStringOpen } from '../support/openString';

const SEED = 20261202;
const PIECES = ['x', 'Azure', '"', '{', '}', '[', ']', ',', ':', ' ', '\n', "'", '(', ')', '[concat(', '0'];

/** What a user sees of an analysis: its kind, findings with their fixes, and syntax errors. */
function seen(analysis: Analysis): string {
  return JSON.stringify([analysis.kind, analysis.findings, analysis.syntaxErrors, analysis.anyscaleResourceCount]);
}

function edited(text: string, next: (limit: number) => number): string {
  // Mostly at a string's inside, as typing is; sometimes anywhere.
  const quotes = [...text.matchAll(/"/g)];
  const at = next(4) > 0 && quotes.length > 0 ? quotes[next(quotes.length)].index! + 1 : next(text.length + 1);
  const piece = PIECES[next(PIECES.length)];
  return next(5) === 0 ? text.slice(0, at) + text.slice(at + 1 + next(3)) : text.slice(0, at) + piece + text.slice(at);
}

test('an edit analysed with the previous version is exactly a fresh analysis of the edited text', () => {
  const files = [
    'provider-invalid/fail-casing.json',
    'parameter-unused/fail-unused.json',
    'cloud-resources-not-chained/fail-symbolic.json',
    'variable-cycle/fail-cycle.json',
  ];
  const next = random(SEED);
  let edits = 0;
  let spliced = 0;
  let openStrings = 0;
  for (const file of files) {
    const original = fs.readFileSync(path.join(FIXTURES, 'rules', file), 'utf8');
    for (let run = 0; run < 12; run++) {
      let previous = analyzeText(original);
      for (let step = 0; step < 10; step++) {
        const text = edited(previous.parse?.text ?? original, next);
        const root = previous.parse?.root;
        const incremental = analyzeText(text, { previous });
        edits++;
        if (root && incremental.parse?.root === root) spliced++;
        const fresh = analyzeText(text);
        assert.equal(seen(incremental), seen(fresh), `${file}, run ${run}, step ${step}`);
        if (leavesStringOpen(fresh)) openStrings++;
        if (!incremental.parse) break;
        previous = incremental;
      }
    }
  }
  // Those that leave a string open are parsed whole (json/spliceJson.ts).
  assert.ok(spliced > (edits - openStrings) / 2, `only ${spliced} of ${edits - openStrings} edits were spliced`);
});
