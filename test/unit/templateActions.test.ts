// YAML a template engine fills in before use (service/yaml/templateActions.ts): a file whose YAML breaks on its
// actions is not checked (one word, no invalid-yaml cascade, no rule on a partial parse); a value written as an action,
// quoted or not, is set to a value not known; a real syntax error beside template words in a comment or a string is
// still one.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../server/src/service/analyze';
import { isFilledInLater } from '../../server/src/service/yaml/templateActions';

const analyze = (text: string) => analyzeDocument(text, { fileName: '/ws/file.yaml' });

const HELM_GATEWAY = `# The chart's Gateway, named {{ .Values.gw }}.
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: {{ .Values.gw }}
spec:
  gatewayClassName: eg
  listeners:
{{- range .Values.listeners }}
    - name: {{ .name }}
      protocol: HTTPS
      port: 443
{{- end }}
`;

test('a Gateway manifest with Helm action lines anywhere is a template Helm renders: no syntax error, no finding', () => {
  const analysis = analyze(HELM_GATEWAY);
  assert.deepEqual(analysis.syntaxErrors, []);
  assert.deepEqual(analysis.findings, []);
  assert.equal(analysis.kind, 'other', 'no rule reads a partial parse');
  const later = analysis.renderedLater;
  assert.ok(later);
  assert.deepEqual(
    { tool: later.tool, syntax: later.syntax, kind: later.kind },
    { tool: 'Helm', syntax: '{{ … }}', kind: 'gatewayManifest' },
  );
  assert.equal(later.start, HELM_GATEWAY.indexOf('name: {{') + 'name: '.length, 'its first action, not the comment');
});

test('operator values with a Helm conditional around a key: operator values Helm renders, not checked', () => {
  const text =
    'global:\n  cloudDeploymentId: {{ .Values.id | quote }}\n  cloudProvider: azure\n{{- if .Values.url }}\n  controlPlaneURL: {{ .Values.url }}\n{{- end }}\n';
  const analysis = analyze(text);
  assert.deepEqual(analysis.syntaxErrors, []);
  assert.equal(analysis.renderedLater?.kind, 'operatorValues');
});

test("Terraform templatefile's %{ } directives: a template Terraform renders, not a syntax error", () => {
  const text =
    'global:\n  cloudDeploymentId: ${cloud_id}\n  cloudProvider: azure\n%{ if private }\n  controlPlaneURL: https://console.azure.anyscale.com\n%{ endif }\n';
  const analysis = analyze(text);
  assert.deepEqual(analysis.syntaxErrors, []);
  assert.deepEqual(analysis.findings, []);
  const later = analysis.renderedLater;
  assert.equal(later?.tool, 'Terraform');
  assert.equal(later && text.slice(later.start, later.end), '%{ if private }');
});

test("a value holding Terraform templatefile's %{ } directives is filled in later, as one holding ${…} is", () => {
  assert.ok(isFilledInLater('%{ if private }https://a%{ else }https://b%{ endif }'));
  assert.ok(isFilledInLater('${control_plane_url}'));
  assert.ok(!isFilledInLater('100%'));
  assert.ok(!isFilledInLater('%{ not closed'));
});

test('a real syntax mistake stays an error beside template words in a comment, a quoted string or a block scalar', () => {
  const mistake = '   controlPlaneURL: https://console.azure.anyscale.com\n';
  for (const text of [
    `# rendered with {{ .Values.id }} and %{ if x } once\nglobal:\n  cloudProvider: azure\n${mistake}`,
    `global:\n  cloudDeploymentId: "cldrsrc_{{ .id }}"\n  cloudProvider: azure\n${mistake}`,
    `global:\n  cloudProvider: azure\n  note: |\n    echo {{ .Values.id }} \${HOME}\n${mistake}`,
    `global:\n  cloudProvider: azure # \${not closed\n${mistake}`,
    `global:\n  cloudProvider: azure\n${mistake}`,
  ]) {
    const analysis = analyze(text);
    assert.equal(analysis.renderedLater, undefined, text);
    assert.equal(analysis.syntaxErrors.length, 1, text);
    assert.match(analysis.syntaxErrors[0].message, /^YAML syntax error: /, text);
  }
});

test('an unquoted {{ … }} value, which YAML reads as a map, is set to a value not known, as its quoted form is', () => {
  const values = (id: string) =>
    `global:\n  cloudDeploymentId: ${id}\n  cloudProvider: azure\n  controlPlaneURL: https://console.azure.anyscale.com\n  auth:\n    iamIdentity: 6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b\n    audience: api://086bc555-6989-4362-ba30-fded273e432b/.default\nworkloads:\n  serviceAccount:\n    name: anyscale-operator\n`;
  const codes = (text: string) => analyze(text).findings.map((f) => `${f.code} ${f.severity}`);
  assert.deepEqual(codes(values('{{ .Values.id }}')), []);
  assert.deepEqual(codes(values('{{ required "id" .Values.id | quote }}')), []);
  // A map written there is still the wrong type.
  assert.deepEqual(codes(values('{ id: x }')), ['values-wrong-type error']);
});

test('a section filled in later: the keys it may hold are not missing', () => {
  const text =
    'global:\n  cloudDeploymentId: cldrsrc_abc123def456\n  cloudProvider: generic\n  auth: {{ toYaml .Values.auth }}\n';
  assert.deepEqual(
    analyze(text).findings.map((f) => f.code),
    [],
  );
  const written = analyze(text.replace('{{ toYaml .Values.auth }}', '{}')).findings.map((f) => f.code);
  assert.ok(written.includes('values-cli-token-missing'), 'without the template the token is missing');
});
