// The editor languages the server reads as YAML (service/documents/languages.ts): a document opened as `helm` (the
// Kubernetes extension's language for a chart's templates) is analysed as the YAML it is, as one opened as `yaml`.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument } from '../../server/src/service/analyze';
import { EditingModel } from '../../server/src/service/documents/editingModel';
import { isYamlLanguage } from '../../server/src/service/documents/languages';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { FIXTURES } from '../support/paths';

const read = (...parts: string[]) => fs.readFileSync(path.join(FIXTURES, ...parts), 'utf8');
const codes = (text: string, languageId: string) =>
  analyzeDocument(text, { languageId }).findings.map((f) => `${f.code} ${f.severity}`);

test('yaml and helm are YAML; the JSON languages are not', () => {
  assert.ok(isYamlLanguage('yaml'));
  assert.ok(isYamlLanguage('helm'));
  for (const languageId of ['json', 'jsonc', 'arm-template', 'plaintext']) assert.ok(!isYamlLanguage(languageId));
});

test('operator values opened as helm get the checks they get opened as yaml', () => {
  const text = read('rules', 'values-value-not-allowed', 'fail.yaml');
  const asHelm = codes(text, 'helm');
  assert.ok(asHelm.includes('values-value-not-allowed error'), JSON.stringify(asHelm));
  assert.deepEqual(asHelm, codes(text, 'yaml'));
  assert.equal(analyzeDocument(text, { languageId: 'helm' }).kind, 'operatorValues');
});

test("a chart's Gateway template opened as helm is a Gateway manifest Helm renders: no syntax error, no finding", () => {
  const analysis = analyzeDocument(read('cli', 'helm-chart', 'templates', 'gateway.yaml'), { languageId: 'helm' });
  assert.deepEqual(analysis.syntaxErrors, []);
  assert.deepEqual(analysis.findings, []);
  assert.equal(analysis.renderedLater?.kind, 'gatewayManifest');
});

test("a chart's other templates opened as helm (a Deployment, _helpers.tpl) are none of ours: no finding", () => {
  const deployment =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ include "chart.fullname" . }}\nspec:\n' +
    '  replicas: {{ .Values.replicaCount }}\n  template:\n    spec:\n      containers:\n' +
    '{{- with .Values.extraContainers }}\n        {{- toYaml . | nindent 8 }}\n{{- end }}\n';
  const helpers =
    '{{/* The chart name. */}}\n{{- define "chart.name" -}}\n{{- default .Chart.Name .Values.nameOverride | trunc 63 }}\n{{- end }}\n';
  for (const text of [deployment, helpers]) {
    const analysis = analyzeDocument(text, { languageId: 'helm' });
    assert.equal(analysis.kind, 'other', text);
    assert.deepEqual(analysis.findings, [], text);
  }
});

test('the editing model of a helm document, which completion and hover read before the analysis, is the YAML one', () => {
  const text = read('rules', 'values-value-not-allowed', 'fail.yaml');
  const model = EditingModel.build({ version: 1, languageId: 'helm', text, lines: new LineIndex(text) }, undefined, []);
  assert.equal(model.how, 'YAML');
});
