// Every rule against its fixtures: test/fixtures/rules/<code>/pass*.{json,yaml} must not produce that code (nor any
// error at all); fail*.* must produce exactly the findings its `// @expect` (`# @expect`) comments name, line by
// line. JSON fixtures are ARM templates; YAML fixtures are operator values or Gateway manifests. Files in a
// fixture folder's `workspace/` subfolder are the rest of the workspace, for the cross-file rules; a parameter-file
// fixture is checked against `workspace/template.json`. Files in `siblings/` are indexed as if they sat next to the
// fixtures, in the same folder, for the rules that relate the files of one folder. A folder's `deployed.json` is what
// "Connect to Azure" listed (shared/protocol.ts DeployedAzure), for the rules that compare the workspace with Azure.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument, parseJson } from '../../server/src/service/analyze';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { readDeployed } from '../../server/src/service/azure/deployed';
import { RULES } from '../../server/src/service/rules/registry';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { FIXTURES, REPO_ROOT } from '../support/paths';
import { expectationsIn, key } from '../support/expectations';

const RULE_FIXTURES = path.join(FIXTURES, 'rules');

const isYaml = (file: string) => /\.ya?ml$/.test(file);

/** The index of a fixture folder's `workspace/` files (and its `deployed.json`), as the language server would build it. */
function workspaceOf(dir: string): WorkspaceIndex {
  const index = new WorkspaceIndex();
  const deployed = path.join(dir, 'deployed.json');
  if (fs.existsSync(deployed)) {
    const read = readDeployed(JSON.parse(fs.readFileSync(deployed, 'utf8')));
    if ('problem' in read) throw new Error(`${deployed}: ${read.problem}`);
    index.deployed = read.index;
  }
  for (const [subfolder, indexedIn] of [
    ['workspace', path.join(dir, 'workspace')],
    ['siblings', dir],
  ]) {
    const folder = path.join(dir, subfolder);
    if (!fs.existsSync(folder)) continue;
    for (const file of fs.readdirSync(folder)) {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      const indexedAs = path.join(indexedIn, file);
      index.set(indexedAs, analyzeDocument(text, { fileName: indexedAs }).facts);
    }
  }
  return index;
}

/** A parameter-file fixture is checked against its folder's workspace/template.json; the findings that sit in it count. */
function parameterFileFindings(text: string, file: string) {
  const template = path.join(path.dirname(file), 'workspace', 'template.json');
  const run = analyzeDocument(
    fs.readFileSync(template, 'utf8'),
    { fileName: template },
    { parameterFiles: [{ uri: file, root: parseJson(text).root!, text }] },
  );
  return run.findings.filter((f) => f.uri === file);
}

function findingsOf(text: string, file: string, workspace: WorkspaceIndex) {
  const analysis = analyzeDocument(text, { fileName: file }, { uri: file, workspace });
  const lines = new LineIndex(text);
  // A parameter file's own findings, and those its template's run places in it.
  const findings =
    analysis.kind === 'armParameters'
      ? [...analysis.findings, ...parameterFileFindings(text, file)]
      : analysis.findings;
  return {
    analysis,
    found: findings.map((f) => ({
      line: lines.positionAt(f.start).line + 1,
      code: f.code,
      severity: f.severity,
      message: f.message,
    })),
  };
}

for (const rule of RULES) {
  describe(`rule ${rule.code}`, () => {
    const dir = path.join(RULE_FIXTURES, rule.code);
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => /\.(json|jsonc|ya?ml)$/.test(f) && f !== 'deployed.json')
          .sort()
      : [];

    test('has pass and fail fixtures and a docs page', () => {
      assert.ok(
        files.some((f) => f.startsWith('pass')),
        `no pass fixture in ${dir}`,
      );
      assert.ok(
        files.some((f) => f.startsWith('fail')),
        `no fail fixture in ${dir}`,
      );
      const docs = path.join(REPO_ROOT, 'docs', 'rules', `${rule.code}.md`);
      assert.ok(fs.existsSync(docs), `missing ${docs}`);
      const page = fs.readFileSync(docs, 'utf8');
      for (const heading of ['## Why', '## Bad', '## Good', '## Source'])
        assert.ok(page.includes(heading), `${rule.code}.md lacks "${heading}"`);
    });

    const workspace = fs.existsSync(dir) ? workspaceOf(dir) : new WorkspaceIndex();
    for (const file of files) {
      test(file, () => {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        const { analysis, found } = findingsOf(text, path.join(dir, file), workspace);
        assert.equal(
          analysis.syntaxErrors.length,
          0,
          `fixture has syntax errors: ${JSON.stringify(analysis.syntaxErrors)}`,
        );
        if (isYaml(file))
          assert.ok(
            ['operatorValues', 'legacyOperatorValues', 'gatewayManifest'].includes(analysis.kind),
            `YAML fixture is classified as ${analysis.kind}`,
          );
        else
          assert.ok(
            ['armTemplate', 'armParameters'].includes(analysis.kind),
            `JSON fixture is classified as ${analysis.kind}`,
          );
        const expected = expectationsIn(text);
        if (file.startsWith('pass')) {
          assert.deepEqual(
            found.filter((f) => f.code === rule.code),
            [],
            `${rule.code} reported on a passing fixture`,
          );
          assert.deepEqual(
            found.filter((f) => f.severity === 'error'),
            [],
            'a passing fixture must not produce any error',
          );
          return;
        }
        assert.ok(
          expected.some((e) => e.code === rule.code),
          `fail fixture ${file} expects no ${rule.code}`,
        );
        const actual = found.map(key).sort();
        assert.deepEqual(actual, expected.map(key).sort(), `findings: ${JSON.stringify(found, null, 1)}`);
        // The Problems panel, a diagnostic's hover and the CLI show a message as plain text: no Markdown backticks.
        assert.deepEqual(
          found.filter((f) => f.code === rule.code && f.message.includes('`')).map((f) => f.message),
          [],
          'a message is plain text',
        );
      });
    }
  });
}
