// Suppression comments: which comments count (never `//` or `#` inside a string), what each directive silences
// (exactly the named codes, on the next line or in the file), the comments' own findings, and the edits of the
// "Disable <code> for this line / file" actions.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FIXTURES } from '../support/paths';
import { expectationsIn, key } from '../support/expectations';
import { analyzeDocument } from '../../server/src/service/analyze';
import { commentsIn } from '../../server/src/service/suppression/comments';
import { applySuppressions } from '../../server/src/service/suppression/suppress';
import { directivesIn } from '../../server/src/service/suppression/directives';
import { random } from '../support/random';
import { disableForFileEdit, disableForLineEdit } from '../../server/src/service/suppression/insertDirective';
import type { Finding, TextEdit } from '../../server/src/service/types';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { withDocumentLineBreaks } from '../../server/src/service/text/lineBreaks';

const apply = (text: string, edit: TextEdit) => text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
/** An edit applied as the editor gives it: its line breaks the document's own. */
const applyInEditor = (text: string, edit: TextEdit) => apply(text, withDocumentLineBreaks([edit], text)[0]);

function at(text: string, needle: string, code: string, extra: Partial<Finding> = {}): Finding {
  const start = text.indexOf(needle);
  assert.ok(start >= 0, `${needle} not in text`);
  return { code, severity: 'error', message: code, start, end: start + needle.length, ...extra };
}

test('JSON comments come from the scanner: // and /* inside strings are text', () => {
  const text = '{\n  "a": "http://x /* no */", // yes\n  /* block */ "b": 1\n}';
  assert.deepEqual(
    commentsIn(text, 'json').map((c) => c.body),
    [' yes', ' block '],
  );
});

test('YAML comments come from the lexer: # inside quoted strings and block scalars is text', () => {
  const text = "a: \"x # no\" # yes\nb: |\n  # no, content\nc: 'it''s # no' # also\nd: [1, # flow\n  2]\n";
  assert.deepEqual(
    commentsIn(text, 'yaml').map((c) => c.body),
    [' yes', ' also', ' flow'],
  );
  for (const comment of commentsIn(text, 'yaml'))
    assert.equal(text.slice(comment.start, comment.end), `#${comment.body}`);
});

test('next-line silences exactly the named codes on the next line', () => {
  const text =
    '{\n  // anyscale-azure-disable-next-line provider-invalid -- reviewed\n  "provider": "Aws", "x": 1,\n  "provider2": "Aws"\n}';
  const findings = [
    at(text, '"Aws"', 'provider-invalid'),
    at(text, '"x"', 'name-invalid'),
    at(text, '"provider2"', 'provider-invalid'),
  ];
  const kept = applySuppressions(text, findings, { syntax: 'json' });
  assert.deepEqual(
    kept.map((f) => [new LineIndex(text).positionAt(f.start).line, f.code]),
    [
      [2, 'name-invalid'],
      [3, 'provider-invalid'],
    ],
  );
});

test('a block comment and a comma list work; the file directive silences everywhere; other documents are left alone', () => {
  const text =
    '/* anyscale-azure-disable-file region-invalid */\n{\n  /* anyscale-azure-disable-next-line a-b, provider-invalid */ "p": 1,\n  "provider": "Aws",\n  "region": "x"\n}';
  const other = at(text, '"region"', 'region-invalid', { uri: 'file:///other.json' });
  const findings = [at(text, '"provider"', 'provider-invalid'), at(text, '"region"', 'region-invalid'), other];
  const kept = applySuppressions(text, findings, { syntax: 'json' });
  // "p" is on the comment's own line: the next line holds "provider". a-b is no rule code.
  assert.deepEqual(kept.map((f) => f.code).sort(), ['region-invalid', 'suppression-unknown-code']);
  assert.equal(
    kept.find((f) => f.code === 'region-invalid'),
    other,
  );
});

test('unused codes are reported with a removal fix; a rule turned off is not reported; reportProblems: false only filters', () => {
  const text = '{\n  // anyscale-azure-disable-next-line provider-invalid, region-invalid\n  "provider": "Aws"\n}\n';
  const findings = [at(text, '"Aws"', 'provider-invalid')];
  const [unused] = applySuppressions(text, findings, { syntax: 'json' });
  assert.equal(unused.code, 'suppression-unused');
  assert.equal(text.slice(unused.start, unused.end), 'region-invalid');
  assert.equal(apply(text, unused.fixes![0].edits[0]), text.replace(', region-invalid', ''));
  assert.deepEqual(applySuppressions(text, findings, { syntax: 'json', ruleLevels: { 'region-invalid': 'off' } }), []);
  assert.deepEqual(
    applySuppressions(text, findings, { syntax: 'json', ruleLevels: { 'suppression-unused': 'off' } }),
    [],
  );
  assert.deepEqual(applySuppressions(text, [], { syntax: 'json', reportProblems: false }), []);
  const whole = applySuppressions(text, [], { syntax: 'json' });
  assert.equal(whole.length, 1);
  assert.equal(apply(text, whole[0].fixes![0].edits[0]), '{\n  "provider": "Aws"\n}\n', 'the whole comment line goes');
});

test('an unknown code gets a did-you-mean fix', () => {
  const text = '{\n  // anyscale-azure-disable-next-line provider-invlid\n  "provider": "Aws"\n}';
  const kept = applySuppressions(text, [at(text, '"Aws"', 'provider-invalid')], { syntax: 'json' });
  const unknown = kept.find((f) => f.code === 'suppression-unknown-code')!;
  assert.match(unknown.message, /did you mean "provider-invalid"/);
  assert.equal(apply(text, unknown.fixes![0].edits[0]), text.replace('invlid', 'invalid'));
  assert.ok(
    kept.some((f) => f.code === 'provider-invalid'),
    'the typo silences nothing',
  );
});

test('the did-you-mean skips codes the comment already names', () => {
  const duplicate =
    '{\n  // anyscale-azure-disable-next-line provider-invalid, provider-invlid\n  "provider": "Aws"\n}';
  const [unknown] = applySuppressions(duplicate, [at(duplicate, '"Aws"', 'provider-invalid')], { syntax: 'json' });
  assert.equal(unknown.code, 'suppression-unknown-code');
  assert.equal(duplicate.slice(unknown.start, unknown.end), 'provider-invlid');
  assert.doesNotMatch(unknown.message, /did you mean/);
  assert.equal(unknown.fixes, undefined, 'no fix that repeats provider-invalid');

  const nextClosest = '{\n  // anyscale-azure-disable-next-line parameter-undefined, parameter-unfined\n  "p": 1\n}';
  const found = applySuppressions(nextClosest, [], { syntax: 'json' }).find(
    (f) => f.code === 'suppression-unknown-code',
  )!;
  assert.match(found.message, /did you mean "parameter-unused"/);
  assert.equal(
    apply(nextClosest, found.fixes![0].edits[0]),
    nextClosest.replace('parameter-unfined', 'parameter-unused'),
  );
});

test('"disable for this line" inserts an indented comment above, or joins the one already there (CRLF kept)', () => {
  const text = '{\r\n  "resources": [\r\n    { "provider": "Aws" }\r\n  ]\r\n}';
  const offset = text.indexOf('"Aws"');
  const once = applyInEditor(text, disableForLineEdit(text, 'json', offset, 'provider-invalid'));
  assert.equal(
    once,
    '{\r\n  "resources": [\r\n    // anyscale-azure-disable-next-line provider-invalid\r\n    { "provider": "Aws" }\r\n  ]\r\n}',
  );
  const twice = applyInEditor(once, disableForLineEdit(once, 'json', once.indexOf('"Aws"'), 'name-invalid'));
  assert.match(twice, /\/\/ anyscale-azure-disable-next-line provider-invalid, name-invalid\r\n    \{ "provider"/);
  const yaml = 'global:\n  cloudProvider: Azure\n';
  assert.equal(
    apply(yaml, disableForLineEdit(yaml, 'yaml', yaml.indexOf('Azure'), 'values-value-not-allowed')),
    'global:\n  # anyscale-azure-disable-next-line values-value-not-allowed\n  cloudProvider: Azure\n',
  );
});

test('"disable for this line" joins only a next-line directive for that very line, never a file directive or another line\'s', () => {
  const text = '// anyscale-azure-disable-file a\n{\n  // anyscale-azure-disable-next-line b\n  "x": 1,\n  "y": 2\n}';
  const onY = apply(text, disableForLineEdit(text, 'json', text.indexOf('"y"'), 'c'));
  assert.equal(
    onY,
    '// anyscale-azure-disable-file a\n{\n  // anyscale-azure-disable-next-line b\n  "x": 1,\n  // anyscale-azure-disable-next-line c\n  "y": 2\n}',
  );
  const onX = apply(text, disableForLineEdit(text, 'json', text.indexOf('"x"'), 'c'));
  assert.equal(
    onX,
    '// anyscale-azure-disable-file a\n{\n  // anyscale-azure-disable-next-line b, c\n  "x": 1,\n  "y": 2\n}',
  );
  // The line right under a file directive: a new next-line comment, or "this line" would silence the whole file.
  const underFile = '// anyscale-azure-disable-file a\n{ "x": 1 }';
  assert.equal(
    apply(underFile, disableForLineEdit(underFile, 'json', underFile.indexOf('"x"'), 'c')),
    '// anyscale-azure-disable-file a\n// anyscale-azure-disable-next-line c\n{ "x": 1 }',
  );
});

test('"disable for this file" adds a first line, or joins the file directive (after a BOM; CRLF kept)', () => {
  const text = '\uFEFF{\n}';
  const once = apply(text, disableForFileEdit(text, 'json', 'a'));
  assert.equal(once, '\uFEFF// anyscale-azure-disable-file a\n{\n}');
  assert.equal(apply(once, disableForFileEdit(once, 'json', 'b')), '\uFEFF// anyscale-azure-disable-file a, b\n{\n}');
  assert.equal(apply('x: 1\n', disableForFileEdit('x: 1\n', 'yaml', 'c')), '# anyscale-azure-disable-file c\nx: 1\n');
  const crlf = 'x: 1\r\ny: 2\r\n';
  assert.equal(
    applyInEditor(crlf, disableForFileEdit(crlf, 'yaml', 'c')),
    `# anyscale-azure-disable-file c\r\n${crlf}`,
  );
});

test('a template with a syntax error reports no suppression as unused (no rule ran)', () => {
  const text =
    '{\n  // anyscale-azure-disable-next-line provider-invalid\n  "resources": [ { "type": "Anyscale.Platform/clouds", }\n';
  const analysis = analyzeDocument(text, { fileName: 'broken.json' });
  assert.deepEqual(analysis.findings, []);
});

const EDITED_TEMPLATE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "resources": [
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2025-06-01-preview",
      "name": "cloud/one",
      "properties": { "provider": "Aws", "description": "anyscale-azure-disable-file provider-invalid" }
    },
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2025-06-01-preview",
      "name": "cloud/two",
      "properties": { "provider": "Gcp" }
    }
  ]
}
`;

test('an edit that writes a directive into a spliced container is read, though the version before had none', () => {
  const first = analyzeDocument(EDITED_TEMPLATE, { fileName: 't.json' });
  assert.deepEqual(first.directives, [], 'in a string, the prefix is no directive');
  const providerFindings = (analysis: typeof first) =>
    analysis.findings.filter((finding) => finding.code === 'provider-invalid').length;
  assert.equal(providerFindings(first), 2);
  const comment = '// anyscale-azure-disable-next-line provider-invalid\n      ';
  const text = EDITED_TEMPLATE.replace(
    '"properties": { "provider": "Gcp" }',
    `${comment}"properties": { "provider": "Gcp" }`,
  );
  const second = analyzeDocument(text, { fileName: 't.json' }, { previous: first });
  assert.ok(second.parse && text.includes(comment), 'the edit was spliced into the tree');
  assert.deepEqual(second.directives, directivesIn(text, 'json'));
  assert.equal(second.directives.length, 1);
  assert.equal(providerFindings(second), 1, 'the directive silences the second provider');
});

test('a directive outside the spliced container stands after an edit inside it', () => {
  const text = EDITED_TEMPLATE.replace(
    '"resources": [',
    '// anyscale-azure-disable-file provider-invalid\n  "resources": [',
  );
  const first = analyzeDocument(text, { fileName: 't.json' });
  assert.equal(first.directives.length, 1);
  const edited = text.replace('"cloud/two"', '"cloud/twos"');
  const second = analyzeDocument(edited, { fileName: 't.json' }, { previous: first });
  assert.deepEqual(second.directives, directivesIn(edited, 'json'));
  assert.deepEqual(
    second.findings.filter((finding) => finding.code === 'provider-invalid'),
    [],
    'both providers are still silenced',
  );
});

test('directives after seeded-random edits are those of the whole text read again', () => {
  const pieces = [
    '// anyscale-azure-disable-file provider-invalid\n',
    '/* anyscale-azure-disable-',
    '*/',
    '"',
    ' ',
    'x',
  ];
  const next = random(20261203);
  let text = EDITED_TEMPLATE;
  let previous = analyzeDocument(text, { fileName: 't.json' });
  let carried = 0;
  for (let edit = 0; edit < 400; edit++) {
    const at = next(text.length);
    text =
      next(4) === 0
        ? text.slice(0, at) + text.slice(at + 1)
        : text.slice(0, at) + pieces[next(pieces.length)] + text.slice(at);
    if (next(10) === 0) text = EDITED_TEMPLATE;
    const analysis = analyzeDocument(text, { fileName: 't.json' }, { previous });
    assert.deepEqual(analysis.directives, directivesIn(text, 'json'), `edit ${edit}: ${JSON.stringify(text)}`);
    if (previous.directives.length === 0 && analysis.directives.length === 0) carried++;
    previous = analysis;
  }
  assert.ok(carried > 50, `versions without directives after one without: ${carried}`);
});

// Fixtures: what is left is exactly what the `@expect` markers name; with the directives disabled (renamed), the
// extra findings are exactly ones the directives named, on their lines or in their file.
const SUPPRESSION_FIXTURES = path.join(FIXTURES, 'suppression');
for (const name of fs.readdirSync(SUPPRESSION_FIXTURES).sort()) {
  test(`fixture ${name}: suppression comments silence exactly what they name`, () => {
    const file = path.join(SUPPRESSION_FIXTURES, name);
    const text = fs.readFileSync(file, 'utf8');
    const lines = new LineIndex(text);
    const keyed = (findings: readonly Finding[]) =>
      findings.map((f) => key({ line: lines.positionAt(f.start).line + 1, code: f.code })).sort();
    const kept = analyzeDocument(text, { fileName: file }).findings;
    assert.deepEqual(keyed(kept), expectationsIn(text).map(key).sort());
    const unsuppressed = analyzeDocument(text.replace(/anyscale-azure-disable/g, 'anyscale-azure-xdisable'), {
      fileName: file,
    }).findings;
    const silenced = keyed(unsuppressed).filter((k) => !keyed(kept).includes(k));
    assert.ok(silenced.length > 0, 'the fixture silences nothing');
    const named = text.split(/\r?\n/).flatMap((lineText, index) => {
      const directive = /anyscale-azure-disable-(next-line|file)\s+([^-]*(?:-[^-][^-]*)*)/.exec(lineText);
      if (!directive || /"[^"]*anyscale-azure-disable/.test(lineText)) return [];
      return directive[2]
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((code) => (directive[1] === 'file' ? `*:${code}` : `${index + 2}:${code}`));
    });
    for (const k of silenced)
      assert.ok(
        named.includes(k) || named.includes(`*:${k.split(':')[1]}`),
        `${k} was silenced but no directive names it (${named.join(' ')})`,
      );
  });
}
