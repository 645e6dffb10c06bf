// Protocol tier for YAML: the bundled language server validates `yaml` documents (operator values, Gateway
// manifests) and `helm` ones (a chart's templates, as the Kubernetes extension names them), stays silent on other
// YAML, offers the fixes as code actions, and re-checks a values file when a template it depends on (through the
// workspace index) is opened or closed.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import {
  DidOpenTextDocumentNotification,
  DidCloseTextDocumentNotification,
  CodeActionRequest,
  type CodeAction,
  DiagnosticSeverity,
  HoverRequest,
  type MarkupContent,
  type Position,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { DocumentStatsNotification } from '../../shared/protocol';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { applyLspEdits } from '../support/textEdits';

const read = (...parts: string[]) => fs.readFileSync(path.join(FIXTURES, ...parts), 'utf8');
const STATS = DocumentStatsNotification.method;

let server: LspServer;
let connection: ProtocolConnection;
let stats: Array<{ uri: string; kind: string }>;

const codesOf = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code));

async function open(uri: string, text: string, languageId = 'yaml'): Promise<void> {
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId, version: 1, text },
  });
}

before(async () => {
  server = await startServer({
    settings: { validation: { delay: 20 } },
    collect: [STATS],
    initializationOptions: { docsBaseUri: 'https://docs.example.test/rules' },
  });
  connection = server.connection;
  stats = server.notifications(STATS);
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('a values file opened as yaml gets the values diagnostics, with docs links and the values kind', async () => {
  const uri = 'file:///workspace/values.yaml';
  await open(uri, read('rules', 'values-value-not-allowed', 'fail.yaml'));
  const p = await server.latest(uri, (d) => d.diagnostics.length > 0, 'values diagnostics');
  const provider = p.diagnostics.find((d) => d.code === 'values-value-not-allowed')!;
  assert.equal(provider.range.start.line, 2);
  assert.equal(provider.codeDescription?.href, 'https://docs.example.test/rules/values-value-not-allowed.md');
  assert.equal(provider.source, 'anyscale-azure');
  const stat = await server.until(() => stats.find((s) => s.uri === uri), 'documentStats');
  assert.equal(stat.kind, 'operatorValues');
});

/** The hover at the first occurrence of `needle` (plus `into` characters), once the document's diagnostics are out. */
async function hoverOn(uri: string, text: string, needle: string, into = 2): Promise<string> {
  const offset = text.indexOf(needle) + into;
  const line = text.slice(0, offset).split('\n').length - 1;
  const position: Position = { line, character: offset - (text.lastIndexOf('\n', offset - 1) + 1) };
  const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
  assert.ok(hover, `a hover on ${needle}`);
  return (hover.contents as MarkupContent).value;
}

/** The line the ARM hover shows for a diagnostic (test/lsp/completion.test.ts), for a YAML rule. */
const ruleLine = (code: string) =>
  new RegExp(`\`${code}\`: .+ — \\[documentation\\]\\(https://docs\\.example\\.test/rules/${code}\\.md\\)`);

test('hover on a values diagnostic names its rule with the docs link, as in ARM templates, where the catalog has nothing to say', async () => {
  const uri = 'file:///workspace/hover-values.yaml';
  const text = read('rules', 'values-value-not-allowed', 'fail.yaml');
  await open(uri, text);
  const p = await server.latest(uri, (d) => d.diagnostics.length > 0, 'values diagnostics');
  const diagnostic = p.diagnostics.find((d) => d.code === 'values-value-not-allowed')!;
  const lines = text.split('\n');
  const start = diagnostic.range.start;
  const value = await hoverOn(uri, text, lines[start.line].slice(start.character), 1);
  assert.match(value, ruleLine('values-value-not-allowed'));
});

test("hover on a values diagnostic shows its rule's title as written: `api://<application ID>/.default` keeps its <…>", async () => {
  const uri = 'file:///workspace/hover-values-audience.yaml';
  const text = read('rules', 'values-auth-audience', 'fail-shape.yaml');
  await open(uri, text);
  await server.latest(uri, (d) => d.diagnostics.some((x) => x.code === 'values-auth-audience'), 'the diagnostic');
  const value = await hoverOn(uri, text, '086bc555');
  assert.match(value, ruleLine('values-auth-audience'));
  assert.match(value, /shaped api:\/\/\\<application ID\\>\/\\\.default — /);
});

test('hover on a Gateway diagnostic: what the value is, then its rule with the docs link', async () => {
  const uri = 'file:///workspace/hover-gateway.yaml';
  const text = read('rules', 'gateway-tls-secret-invalid', 'fail.yaml');
  await open(uri, text);
  await server.latest(uri, (d) => d.diagnostics.some((x) => x.code === 'gateway-tls-secret-invalid'), 'the diagnostic');
  const value = await hoverOn(uri, text, 'anyscale-cldrsrc_abc123def456-certificate');
  const [own, rule] = value.split('\n\n---\n\n');
  assert.match(own, /^`anyscale-cldrsrc_abc123def456-certificate`: no secret of this name will exist/);
  assert.match(rule, ruleLine('gateway-tls-secret-invalid'));
  // The right secret name beside it has no diagnostic, so no rule line.
  assert.doesNotMatch(await hoverOn(uri, text, 'anyscale-svc-cldrsrc'), /documentation\]/);
});

test('an uppercase TLS secret name: a diagnostic with the lowercase fix, and a hover that calls it no certificate', async () => {
  const uri = 'file:///workspace/hover-gateway-uppercase.yaml';
  const text = read('rules', 'gateway-tls-secret-invalid', 'fail-uppercase.yaml');
  await open(uri, text);
  const p = await server.latest(
    uri,
    (d) => d.diagnostics.filter((x) => x.code === 'gateway-tls-secret-invalid').length === 2,
    'both diagnostics',
  );
  const diagnostic = p.diagnostics.find((d) => d.code === 'gateway-tls-secret-invalid')!;
  assert.match(
    String(diagnostic.message),
    /Kubernetes names are lowercase, and the operator creates "anyscale-cldrsrc-abc123def456-certificate"/,
  );
  const actions = await connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic] },
  });
  assert.ok(
    actions?.some((a) => 'title' in a && a.title === 'Use anyscale-cldrsrc-abc123def456-certificate'),
    'the lowercase name offered as a quick fix',
  );
  const [own, rule] = (await hoverOn(uri, text, 'ANYSCALE-CLDRSRC')).split('\n\n---\n\n');
  assert.match(
    own,
    /^`ANYSCALE-CLDRSRC-ABC123DEF456-CERTIFICATE`: no secret of this name will exist: Kubernetes names are lowercase/,
  );
  assert.doesNotMatch(own, /Head-node certificate/);
  assert.match(rule, ruleLine('gateway-tls-secret-invalid'));
});

test('an alias Helm cannot resolve is an error of ours, not an editor-marked syntax error: the checks wait for it', async () => {
  const uri = 'file:///workspace/anchored-values.yaml';
  const text = read('rules', 'values-value-not-allowed', 'fail.yaml') + 'extra:\n  url: *controlPlane\n';
  await open(uri, text);
  const p = await server.latest(uri, (d) => d.diagnostics.length > 0, 'anchor diagnostics');
  // Only the anchor: the values rules wait until Helm can read the file.
  assert.deepEqual(codesOf(p), ['invalid-yaml']);
  const [problem] = p.diagnostics;
  assert.equal(problem.severity, DiagnosticSeverity.Error);
  assert.match(String(problem.message), /^YAML error: unknown anchor 'controlPlane' referenced/);
  assert.equal(problem.codeDescription?.href, 'https://docs.example.test/rules/invalid-yaml.md');
  const lines = text.split('\n');
  assert.equal(problem.range.start.line, lines.length - 2);
  assert.equal(problem.range.start.character, lines[lines.length - 2].indexOf('*'));
});

test('an anchor name Helm cannot read is an invalid-yaml error at the name, over the real server', async () => {
  const uri = 'file:///workspace/dotted-anchor-values.yaml';
  const text = read('rules', 'values-value-not-allowed', 'fail.yaml') + 'extra:\n  url: &control.plane x\n';
  await open(uri, text);
  const p = await server.latest(uri, (d) => d.diagnostics.length > 0, 'anchor name diagnostics');
  assert.deepEqual(codesOf(p), ['invalid-yaml']);
  const [problem] = p.diagnostics;
  assert.equal(problem.severity, DiagnosticSeverity.Error);
  assert.match(
    String(problem.message),
    /^YAML error: did not find expected alphabetic or numeric character: the anchor name 'control\.plane' holds '\.'/,
  );
  const lines = text.split('\n');
  const line = lines.length - 2;
  assert.deepEqual(problem.range, {
    start: { line, character: lines[line].indexOf('&') + 1 },
    end: { line, character: lines[line].indexOf(' x') },
  });
});

test('a control character Helm and kubectl refuse is one invalid-yaml error of ours where it is, over the real server', async () => {
  const uri = 'file:///workspace/control-character-values.yaml';
  const text = read('rules', 'values-value-not-allowed', 'fail.yaml') + '# pasted: \u001b[0m then \u0001\n';
  await open(uri, text);
  const p = await server.latest(uri, (d) => d.diagnostics.length > 0, 'control character diagnostics');
  assert.deepEqual(codesOf(p), ['invalid-yaml']);
  const [problem] = p.diagnostics;
  assert.equal(problem.severity, DiagnosticSeverity.Error);
  assert.match(String(problem.message), /^YAML error: control characters are not allowed: '\\u001b' here/);
  const line = text.split('\n').length - 2;
  assert.deepEqual(problem.range, { start: { line, character: 10 }, end: { line, character: 11 } });
});

test("a Helm chart's Gateway template, its YAML broken by action lines: one information, not the parser's errors", async () => {
  const uri = 'file:///workspace/chart/templates/gateway.yaml';
  const text = read('cli', 'helm-chart', 'templates', 'gateway.yaml');
  await open(uri, text);
  const p = await server.latest(uri, (d) => d.diagnostics.length > 0, 'template diagnostics');
  assert.equal(p.diagnostics.length, 1);
  const [notice] = p.diagnostics;
  assert.equal(notice.severity, DiagnosticSeverity.Information);
  assert.equal(
    notice.message,
    'Anyscale checks skipped: a Gateway manifest Helm renders ({{ … }}), YAML only once rendered: check the file it renders.',
  );
  assert.equal(notice.range.start.line, 3, 'at its first action');
  assert.equal(notice.range.start.character, text.split('\n')[3].indexOf('{{'));
  // The same chart's ConfigMap template is none of ours: nothing.
  const other = 'file:///workspace/chart/templates/configmap.yaml';
  await open(other, read('cli', 'helm-chart', 'templates', 'configmap.yaml'));
  await server.until(() => stats.find((s) => s.uri === other), 'documentStats');
  assert.deepEqual((await server.latest(other, () => true, 'diagnostics')).diagnostics, []);
  // A real mistake beside template words in a comment and a string: the checks wait for its fix, as ever.
  const broken = 'file:///workspace/broken/values.yaml';
  await open(broken, read('cli', 'yaml-broken-template-words', 'values.yaml'));
  const paused = await server.latest(broken, (d) => d.diagnostics.length > 0, 'paused diagnostics');
  assert.match(
    String(paused.diagnostics[0].message),
    /^Anyscale checks are paused until this is fixed: YAML syntax error/,
  );
});

test("documents opened as helm (the Kubernetes extension's chart templates) are read as YAML: values checked, a Gateway template named, other templates silent", async () => {
  const values = 'file:///workspace/helm-language/values.yaml';
  const valuesText = read('rules', 'values-value-not-allowed', 'fail.yaml');
  await open(values, valuesText, 'helm');
  const checked = await server.latest(values, (d) => d.diagnostics.length > 0, 'values diagnostics');
  assert.ok(codesOf(checked).includes('values-value-not-allowed'), JSON.stringify(codesOf(checked)));
  assert.match(
    await hoverOn(values, valuesText, 'controlPlaneURL:'),
    /^\*\*global\.controlPlaneURL\*\* · `string`/,
    'the YAML hover',
  );
  assert.equal((await server.until(() => stats.find((s) => s.uri === values), 'documentStats')).kind, 'operatorValues');

  const gateway = 'file:///workspace/helm-language/templates/gateway.yaml';
  await open(gateway, read('cli', 'helm-chart', 'templates', 'gateway.yaml'), 'helm');
  const named = await server.latest(gateway, (d) => d.diagnostics.length > 0, 'template diagnostics');
  assert.deepEqual(
    named.diagnostics.map((d) => [d.severity, d.message]),
    [
      [
        DiagnosticSeverity.Information,
        'Anyscale checks skipped: a Gateway manifest Helm renders ({{ … }}), YAML only once rendered: check the file it renders.',
      ],
    ],
  );

  const deployment = 'file:///workspace/helm-language/templates/deployment.yaml';
  const helpers = 'file:///workspace/helm-language/templates/_helpers.tpl';
  await open(
    deployment,
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ include "chart.fullname" . }}\nspec:\n' +
      '  template:\n    spec:\n      containers:\n{{- with .Values.extraContainers }}\n        {{- toYaml . | nindent 8 }}\n{{- end }}\n',
    'helm',
  );
  await open(
    helpers,
    '{{- define "chart.name" -}}\n{{- default .Chart.Name .Values.nameOverride }}\n{{- end }}\n',
    'helm',
  );
  for (const uri of [deployment, helpers]) {
    assert.equal((await server.until(() => stats.find((s) => s.uri === uri), 'documentStats')).kind, 'other', uri);
    assert.deepEqual((await server.latest(uri, () => true, 'diagnostics')).diagnostics, [], uri);
  }
});

test('other YAML (ingress-nginx values) gets no diagnostics', async () => {
  const uri = 'file:///workspace/ingress-nginx.yaml';
  await open(uri, read('yaml', 'ingress-nginx-values.yaml'));
  const stat = await server.until(() => stats.find((s) => s.uri === uri), 'documentStats');
  assert.equal(stat.kind, 'other');
  assert.deepEqual(codesOf(await server.latest(uri, () => true, 'diagnostics')), []);
});

test('legacy keys come with their move and migrate-the-file quick fixes as code actions', async () => {
  const uri = 'file:///workspace/legacy.yaml';
  const text = read('rules', 'values-legacy-key', 'fail.yaml');
  await open(uri, text);
  const p = await server.latest(
    uri,
    (d) => d.diagnostics.some((x) => x.code === 'values-legacy-key'),
    'legacy diagnostics',
  );
  const first = p.diagnostics.find((d) => d.code === 'values-legacy-key')!;
  const actions = await connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: first.range,
    context: { diagnostics: [first] },
  });
  const titles = (actions ?? []).map((a) => a.title);
  assert.ok(titles.includes('Move to global.cloudDeploymentId'), JSON.stringify(titles));
  // operatorResources has no one-to-one move: the migration says it stays.
  assert.ok(
    titles.includes('Migrate 6 of the 7 pre-1.0 keys in this document to the 1.x layout ("operatorResources" stays)'),
    JSON.stringify(titles),
  );
});

test('pre-1.0 values: the top-level controlPlaneURL the 0.x chart reads is checked, explained on hover, and migrated under global', async () => {
  const uri = 'file:///workspace/legacy-control-plane.yaml';
  const text = read('rules', 'values-control-plane-url-trailing-slash', 'fail-legacy.yaml').replace(
    / # @expect.*$/gm,
    '',
  );
  await open(uri, text);
  const p = await server.latest(
    uri,
    (d) => d.diagnostics.some((x) => x.code === 'values-control-plane-url-trailing-slash'),
    'the trailing-slash error on the top-level key',
  );
  const slash = p.diagnostics.find((d) => d.code === 'values-control-plane-url-trailing-slash')!;
  assert.equal(slash.severity, DiagnosticSeverity.Error);
  assert.match(text.split('\n')[slash.range.start.line], /^controlPlaneURL: /);
  const hover = await hoverOn(uri, text, 'controlPlaneURL:');
  assert.match(hover, /^\*\*controlPlaneURL\*\* · pre-1\.0 key\n\nChart 1\.0 moved it to `global\.controlPlaneURL`/);
  const legacy = p.diagnostics.find((d) => d.code === 'values-legacy-key')!;
  const actions = (await connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: legacy.range,
    context: { diagnostics: [legacy] },
  })) as CodeAction[];
  const migrate = actions.find((a) => a.title.startsWith('Migrate every pre-1.0 key'));
  assert.ok(migrate, JSON.stringify(actions.map((a) => a.title)));
  const migrated = applyLspEdits(text, migrate.edit!.changes![uri]);
  assert.match(migrated, /^global:\n(?: {2}\S.*\n)* {2}controlPlaneURL: https:\/\/console\.azure\.anyscale\.com\/\n/m);
  assert.doesNotMatch(migrated, /^controlPlaneURL:/m);
  // Migrated, the slash is still the chart's error, now on global.controlPlaneURL.
  const after = 'file:///workspace/legacy-control-plane-migrated.yaml';
  await open(after, migrated);
  const fixed = await server.latest(after, (d) => d.diagnostics.length > 0, "the migrated file's diagnostics");
  assert.deepEqual(
    fixed.diagnostics.filter((d) => d.code === 'values-control-plane-url-trailing-slash').map((d) => String(d.message)),
    [
      'global.controlPlaneURL "https://console.azure.anyscale.com/" ends with "/": the chart fails with "controlPlaneURL must not end with a trailing slash". Write "https://console.azure.anyscale.com".',
    ],
  );
  assert.ok(!fixed.diagnostics.some((d) => d.code === 'values-legacy-key'));
});

test('a Gateway secret two listeners read through one anchor: one diagnostic where it is written, and no quick fix', async () => {
  const uri = 'file:///workspace/anchored-gateway.yaml';
  const text = read('rules', 'gateway-tls-secret-invalid', 'fail.yaml')
    .replace(/ # @expect.*$/gm, '')
    .replace(/^    tls:$/m, '    tls: &tls')
    .replace(/(  - name: https-session\n(?:    .*\n)*?)    tls:\n(?:      .*\n)+/, '$1    tls: *tls\n');
  assert.match(text, /tls: \*tls/);
  await open(uri, text);
  const p = await server.latest(
    uri,
    (d) => d.diagnostics.some((x) => x.code === 'gateway-tls-secret-invalid'),
    'the secret diagnostic',
  );
  const secrets = p.diagnostics.filter((d) => d.code === 'gateway-tls-secret-invalid');
  assert.equal(secrets.length, 1, JSON.stringify(p.diagnostics));
  assert.ok(!codesOf(p).includes('gateway-certificate-missing'), 'the aliased tls block has its certificates');
  const actions = await connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: secrets[0].range,
    context: { diagnostics: [secrets[0]] },
  });
  assert.deepEqual(
    (actions ?? [])
      .filter((a) => 'kind' in a && a.kind === 'quickfix' && a.title.startsWith('Use '))
      .map((a) => a.title),
    [],
  );
});

test('cross-file: opening the template adds the principal-ID warning to the values file, closing it removes it', async () => {
  const values = 'file:///workspace/operator-values.yaml';
  await open(values, read('rules', 'values-iam-identity-is-principal-id', 'fail.yaml').replace(/ # @expect.*$/m, ''));
  await server.latest(
    values,
    (d) => !codesOf(d).includes('values-iam-identity-is-principal-id'),
    'values diagnostics without the template',
  );
  const template = 'file:///workspace/cloud-resource.json';
  await open(
    template,
    read('rules', 'values-iam-identity-is-principal-id', 'workspace', 'cloud-resource.json'),
    'json',
  );
  const warned = await server.latest(
    values,
    (d) => codesOf(d).includes('values-iam-identity-is-principal-id'),
    'the principal-ID warning after the template opened',
  );
  assert.equal(warned.diagnostics.find((d) => d.code === 'values-iam-identity-is-principal-id')!.range.start.line, 5);
  await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: template } });
  await server.latest(
    values,
    (d) => !codesOf(d).includes('values-iam-identity-is-principal-id'),
    'the warning to go when the template closed',
  );
});
