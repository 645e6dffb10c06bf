// Every template snippet the server offers, expanded as VS Code expands it (test/support/snippetSyntax.ts: escapes,
// mirrors, choices, and a `$name` read as a variable, which VS Code resolves to nothing) where it is offered: an empty
// JSON document, the `resources` array of a template, the `resources` object of a languageVersion 2.0 template. The
// result must parse and pass our rules; the only finding left is a placeholder the user must fill. (The YAML snippets
// go through the same expander in yamlEditing.test.ts.)
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';
import { armCompletions } from '../../server/src/service/arm/features/completion';
import { TEMPLATE_SNIPPETS } from '../../server/src/service/arm/features/completion/snippets';
import type { CompletionEntry } from '../../server/src/service/features/editing';
import { expandSnippet } from '../support/snippetSyntax';

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';
const CURSOR = '/*|*/';

/** Where each template snippet is offered: the host text, the cursor marked `/*|*​/`. */
const ARM_PLACES: Record<string, string> = {
  'an empty document': `\n${CURSOR}\n`,
  "a template's resources array": `{\n  "$schema": "${SCHEMA}",\n  "contentVersion": "1.0.0.0",\n  "resources": [\n    ${CURSOR}\n  ]\n}\n`,
  "a languageVersion 2.0 template's resources object": `{\n  "$schema": "${SCHEMA}",\n  "languageVersion": "2.0",\n  "contentVersion": "1.0.0.0",\n  "resources": {\n    ${CURSOR}\n  }\n}\n`,
};

/** The document after the user accepts `entry` at `offset` of `text`, every placeholder kept. */
function accept(text: string, offset: number, entry: CompletionEntry): string {
  assert.ok(entry.snippet && entry.insertText, `${entry.label} is a snippet`);
  const expansion = expandSnippet(entry.insertText);
  assert.deepEqual(
    expansion.variables,
    [],
    `${entry.label}: a \`$\` read as a variable is lost on insertion (escape it as \\$)`,
  );
  const { start, end } = entry.replace ?? { start: offset, end: offset };
  return text.slice(0, start) + expansion.text + text.slice(end);
}

function problems(
  findings: readonly { code: string; severity: string; start: number; end: number }[],
  text: string,
): string[] {
  return findings
    .filter((f) => f.severity === 'error' || f.severity === 'warning')
    .map((f) => `${f.code} ${text.slice(f.start, f.end)}`);
}

describe('the snippet expander reads VS Code snippet syntax', () => {
  test('escapes, mirrors, nested placeholders, choices, variables', () => {
    assert.deepEqual(expandSnippet('a \\$HOME ${1:x} ${1} $1 ${2|p,q|} $2 \\} \\\\ $0'), {
      text: 'a $HOME x x x p p } \\ ',
      variables: [],
    });
    assert.deepEqual(expandSnippet('${1} then ${1:later} ${2:outer ${3:inner}} $3'), {
      text: 'later then later outer inner inner',
      variables: [],
    });
    assert.deepEqual(expandSnippet('"$schema": ${name:default} ${other}'), {
      text: '"": default ',
      variables: ['schema', 'name', 'other'],
    });
    assert.deepEqual(expandSnippet('$ 5 ${|x} ${1|a\\,b,c|}'), { text: '$ 5 ${|x} a,b', variables: [] });
    assert.throws(() => expandSnippet('${1/(.*)/$1/}'), /transforms are not supported/);
  });
});

describe('every template snippet, accepted where it is offered, is a template our rules accept', () => {
  for (const [place, marked] of Object.entries(ARM_PLACES)) {
    const offset = marked.indexOf(CURSOR);
    const host = marked.replace(CURSOR, '');
    const entries = armCompletions(host, analyzeText(host), offset).filter((entry) => entry.kind === 'snippet');
    test(`${place}: every snippet is offered`, () =>
      assert.deepEqual(
        entries.map((e) => e.label),
        TEMPLATE_SNIPPETS.map((s) => s.label),
      ));
    for (const entry of entries) {
      test(`${entry.label}, in ${place}`, () => {
        const text = accept(host, offset, entry);
        const analysis = analyzeText(text);
        assert.deepEqual(analysis.syntaxErrors, [], text);
        assert.equal(analysis.kind, 'armTemplate');
        assert.match(text, /"\$schema": "https:\/\/schema\.management\.azure\.com\//);
        // The identity placeholder stays visibly a placeholder: flagged until the user writes the principal ID.
        const expected = text.includes('<managed-identity-principal-id>')
          ? ['operator-identity-format "<managed-identity-principal-id>"']
          : [];
        assert.deepEqual(problems(analysis.findings, text), expected, text);
      });
    }
  }
});
