// Values a template engine fills in before use (service/yaml/templateActions.ts): a value written as an action, quoted
// or not, is set to a value not known, and so is a section written so.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../server/src/service/analyze';
import { isFilledInLater } from '../../server/src/service/yaml/templateActions';

const analyze = (text: string) => analyzeDocument(text, { fileName: '/ws/file.yaml' });

test("a value holding Terraform templatefile's %{ } directives is filled in later, as one holding ${…} is", () => {
  assert.ok(isFilledInLater('%{ if private }https://a%{ else }https://b%{ endif }'));
  assert.ok(isFilledInLater('${control_plane_url}'));
  assert.ok(!isFilledInLater('100%'));
  assert.ok(!isFilledInLater('%{ not closed'));
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
