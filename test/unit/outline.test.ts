// The outline of a YAML file (service/index/outline.ts yamlOutline): what the Cloud Resources tree shows of its values
// documents is read from the operator values its analysis read, not from a second read of each document.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../server/src/service/analyze';
import { documentOutline } from '../../server/src/service/index/facts';
import { OPERATOR_VALUES } from '../../server/src/service/yaml/valuesFromYaml';

const FILE = { fileName: '/ws/values.yaml' };
const VALUES = 'global:\n  cloudDeploymentId: cldrsrc_abc123def456\n  cloudProvider: azure\n';
const PRE_1_0 = 'cloudDeploymentId: cldrsrc_9xk2m4p7q1\noperatorIamIdentity: 0a1b2c3d\n';
const GATEWAY = 'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gateway\n';

test("a values document's outline reads the operator values its analysis read, once per document", () => {
  const text = `${VALUES}---\n${GATEWAY}---\n${PRE_1_0}`;
  const expected = documentOutline(analyzeDocument(text, FILE), text);
  const analysis = analyzeDocument(text, FILE);
  const documents = analysis.yaml!.documents;
  // The analysis kept each values document's values; the Gateway manifest has none.
  const kept = documents.map((document) => document.memo.peek(OPERATOR_VALUES));
  assert.deepEqual(
    kept.map((values) => values?.layout),
    ['1.x', undefined, 'legacy'],
  );
  // What the outline reads of them is read through the analysis's objects.
  const reads: string[] = [];
  for (const values of kept.filter((values) => values !== undefined)) {
    const text = values.text.bind(values);
    values.text = (path: string) => {
      reads.push(path);
      return text(path);
    };
  }
  const outline = documentOutline(analysis, text);
  assert.deepEqual(reads, [
    'global.cloudDeploymentId',
    'global.cloudProvider',
    'global.auth.iamIdentity',
    'cloudDeploymentId',
    'cloudProvider',
    'operatorIamIdentity',
  ]);
  // As a second read of each document gave it.
  assert.deepEqual(outline, expected);
  assert.deepEqual(
    outline?.values.map((values) => values.cloudDeploymentId?.value.text),
    ['cldrsrc_abc123def456', 'cldrsrc_9xk2m4p7q1'],
  );
});

test('a file with a YAML syntax error, which its analysis does not read, still outlines its values', () => {
  const text = `${VALUES}  bad: [\n`;
  const analysis = analyzeDocument(text, FILE);
  assert.ok(analysis.syntaxErrors.length > 0);
  const outline = documentOutline(analysis, text);
  assert.equal(outline?.values[0]?.cloudDeploymentId?.value.text, 'cldrsrc_abc123def456');
  assert.equal(outline?.problems.error, 1);
});
