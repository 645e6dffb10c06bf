// Control characters Helm and kubectl refuse anywhere in a file (service/yaml/refusedCharacters.ts): in an operator
// values file or a Gateway manifest, one invalid-yaml error at the first of them; the `yaml` package reads them
// without a word, so nothing else reports them; arbitrary YAML we otherwise ignore stays silent.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parseAllDocuments } from 'yaml';
import { analyzeDocument } from '../../server/src/service/analyze';
import { LineIndex } from '../../server/src/service/text/lineIndex';

const yaml = (text: string) => analyzeDocument(text, { languageId: 'yaml' }, { uri: 'file:///values.yaml' });

const values = (url: string) =>
  `global:\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n  cloudProvider: azure\n  controlPlaneURL: ${url}\n`;

const GATEWAY =
  'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: anyscale\nspec:\n  gatewayClassName: nginx\n  listeners:\n    - name: https\n      hostname: "*.i.azure.anyscaleuserdata.com"\n      port: 443\n      protocol: HTTPS\n';

/** Each error as `line:column character-as-named`, the character read from `holds`/`: '…' here` in the message. */
function refused(text: string): string[] {
  const analysis = yaml(text);
  const lines = new LineIndex(text);
  return analysis.syntaxErrors.map((problem) => {
    assert.ok(problem.onlyHelmRejects, 'what the editor marks nowhere else');
    const { line, character } = lines.positionAt(problem.start);
    const named = /^YAML error: control characters are not allowed: '(.+?)' here/.exec(problem.message)?.[1];
    return `${line + 1}:${character + 1} ${named}`;
  });
}

test('a control character in a values file is one invalid-yaml error where it is, named as an escape', () => {
  for (const [character, named] of [
    ['\u0000', '\\u0000'],
    ['\u0001', '\\u0001'],
    ['\u007f', '\\u007f'],
    ['\u0080', '\\u0080'],
    ['\u009f', '\\u009f'],
    ['\ufffe', '\\ufffe'],
    ['\uffff', '\\uffff'],
  ])
    assert.deepEqual(refused(values(`https://console.azure${character}.anyscale.com`)), [`4:41 ${named}`], named);
  const [problem] = yaml(values('https://console.azure\u0001.anyscale.com')).syntaxErrors;
  assert.equal(
    problem.message,
    "YAML error: control characters are not allowed: '\\u0001' here, which Helm and kubectl do not read anywhere in a file (their error names no line): delete it, or Helm and kubectl reject the file",
  );
  assert.equal(problem.end - problem.start, 1, 'the character underlined, nothing else');
  // The checks wait for the fix, as for any file Helm cannot read.
  assert.deepEqual(yaml(values('https://console.azure\u0001.anyscale.com/')).findings, []);
});

test('anywhere in the file: a comment, a quoted string, a key; once per file, at the first', () => {
  assert.deepEqual(refused(`# note\u001b[0m\n${values('https://console.azure.anyscale.com')}`), ['1:7 \\u001b']);
  assert.deepEqual(refused(values('"https://console.azure.anyscale.com\u000c"')), ['4:55 \\u000c']);
  assert.deepEqual(refused(`${values('https://console.azure.anyscale.com')}x\u0007y: 1\n`), ['5:2 \\u0007']);
  assert.deepEqual(refused(values('https://console\u0002.azure\u0003.anyscale.com\u0004')), ['4:35 \\u0002']);
});

test('what Helm and kubectl read stays silent: tab, NEL, U+FFFD, a byte order mark, no-break space, CR LF', () => {
  for (const character of ['\t', '\u0085', '\ufffd', '\ufeff', '\u00a0'])
    assert.deepEqual(refused(`# a${character}b\n${values('https://console.azure.anyscale.com')}`), [], character);
  assert.deepEqual(refused(values('"https://console.azure.anyscale.com\t"').replace(/\n/g, '\r\n')), []);
  // A lone surrogate cannot be saved as UTF-8: it is written U+FFFD, which go-yaml reads.
  assert.deepEqual(refused(`# a\ud800b\n${values('https://console.azure.anyscale.com')}`), []);
});

test('the `yaml` package (an editor’s YAML support) reads them without a word, so we never report one twice', () => {
  for (const character of ['\u0000', '\u0001', '\u007f', '\u0080', '\ufffe']) {
    const documents = parseAllDocuments(`a: "x${character}y" # ${character}\nb: x${character}y\n`);
    assert.deepEqual(
      documents.flatMap((document) => [...document.errors, ...document.warnings]),
      [],
      JSON.stringify(character),
    );
  }
});

test('a Gateway manifest gets it in every document (kubectl reads each); a values file in the first only (Helm)', () => {
  assert.deepEqual(refused(GATEWAY.replace('name: anyscale', 'name: any\u0001scale')), ['4:12 \\u0001']);
  const secondDocument = `${GATEWAY}---\napiVersion: v1\nkind: Service\nmetadata:\n  name: a\u0001b\n`;
  assert.deepEqual(refused(secondDocument), ['16:10 \\u0001']);
  // go-yaml v2's Unmarshal, which Helm reads values with, reads the first document only (and, ahead, what it will):
  // past it, whether Helm refuses the file cannot be known.
  const valuesThenMore = `${values('https://console.azure.anyscale.com')}---\nother: a\u0001b\n`;
  assert.deepEqual(refused(valuesThenMore), []);
  assert.deepEqual(refused(`${values('https://console.azure.anyscale.com')}# a\u0001b\n---\nother: 1\n`), [
    '5:4 \\u0001',
  ]);
});

test('YAML that is none of ours stays silent; a syntax error of the `yaml` package comes alone', () => {
  assert.deepEqual(yaml('replicaCount: 1\nimage: nginx\u0001\n').syntaxErrors, []);
  const broken = yaml(`${values('https://console.azure.anyscale.com\u0001')}  bad: [\n`).syntaxErrors;
  assert.ok(broken.length > 0 && broken.every((problem) => !problem.onlyHelmRejects));
});

test('in an anchor name, the name’s own error says it, not a second one; one elsewhere before it is reported too', () => {
  const inName = yaml(values('&url\u0001 https://console.azure.anyscale.com')).syntaxErrors;
  assert.deepEqual(
    inName.map((problem) => problem.message.split(':').slice(0, 2).join(':')),
    ['YAML error: control characters are not allowed'],
  );
  assert.match(inName[0].message, /the anchor name 'url\\u0001' holds '\\u0001'/);
  assert.deepEqual(refused(`# \u0002\n${values('&url\u0001 https://console.azure.anyscale.com')}`)[0], '1:3 \\u0002');
  assert.equal(yaml(`# \u0002\n${values('&url\u0001 https://console.azure.anyscale.com')}`).syntaxErrors.length, 2);
});
