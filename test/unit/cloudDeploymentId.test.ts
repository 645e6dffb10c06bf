// Writing a deployed cloud resource's ID into global.cloudDeploymentId (server/src/service/azure/cloudDeploymentId):
// the value alone changes, with its quotes; a missing key goes under `global`, indented like its keys; what a plain
// edit can't safely replace, or a file that is not one set of operator values, is left alone with the reason.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { cloudDeploymentIdEdits } from '../../server/src/service/azure/cloudDeploymentId';

const ID = 'cldrsrc_default0001';

function applied(text: string, id = ID): string {
  const result = cloudDeploymentIdEdits(text, id);
  assert.ok('edits' in result, `no edit: ${JSON.stringify(result)}`);
  let out = text;
  for (const edit of [...result.edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
  return out;
}

function problem(text: string, id = ID): string {
  const result = cloudDeploymentIdEdits(text, id);
  assert.ok('problem' in result, `edited: ${JSON.stringify(result)}`);
  return result.problem;
}

test('a plain, a quoted and a placeholder value are replaced in place; comments and the rest stay', () => {
  const tail = '  cloudProvider: azure # the provider\n# end\n';
  assert.equal(
    applied(`global:\n  cloudDeploymentId: cldrsrc_old0001 # was\n${tail}`),
    `global:\n  cloudDeploymentId: ${ID} # was\n${tail}`,
  );
  assert.equal(
    applied(`global:\n  cloudDeploymentId: "cldrsrc_old0001"\n${tail}`),
    `global:\n  cloudDeploymentId: "${ID}"\n${tail}`,
  );
  assert.equal(
    applied(`global:\n  cloudDeploymentId: '<cloud-resource-id>'\n${tail}`),
    `global:\n  cloudDeploymentId: '${ID}'\n${tail}`,
  );
  assert.equal(applied(`global:\n  cloudDeploymentId:\n${tail}`), `global:\n  cloudDeploymentId: ${ID}\n${tail}`);
  // The edit spans the old value alone (not the file rewritten with the same result): cursors, undo and others' edits elsewhere stay.
  const text = `global:\n  cloudDeploymentId: "cldrsrc_old0001"\n${tail}`;
  const start = text.indexOf('"cldrsrc_old0001"');
  assert.deepEqual(cloudDeploymentIdEdits(text, ID), {
    edits: [{ start, end: start + '"cldrsrc_old0001"'.length, newText: `"${ID}"` }],
  });
});

test('the value already that ID: no edit', () => {
  assert.deepEqual(cloudDeploymentIdEdits(`global:\n  cloudDeploymentId: ${ID}\n  cloudProvider: azure\n`, ID), {
    edits: [],
  });
});

test('no key yet: it goes first under the block `global` section, indented like its keys', () => {
  const text =
    'global:\n    cloudProvider: azure\n    controlPlaneURL: https://console.azure.anyscale.com\nnetworking:\n  gateway:\n    enabled: true\n';
  assert.equal(applied(text), text.replace('global:\n', `global:\n    cloudDeploymentId: ${ID}\n`));
});

test('through YAML anchors: a merged or aliased ID is left alone; a new key goes into global, not into the anchor', () => {
  const base = 'base: &base\n  cloudProvider: azure\n  controlPlaneURL: https://console.azure.anyscale.com\n';
  assert.match(
    problem(`base: &base\n  cloudDeploymentId: cldrsrc_x\nglobal:\n  <<: *base\n  cloudProvider: azure\n`),
    /not written as a plain value there \(a template, an alias or a merged anchor/,
  );
  const merged = `${base}global:\n  <<: *base\n  region: eastus\n`;
  // Before global's first key of its own (a key written in the map wins over a merged one wherever it stands).
  assert.equal(applied(merged), merged.replace('  region:', `  cloudDeploymentId: ${ID}\n  region:`));
  // Only what global merges in: no key of its own to indent like.
  assert.match(problem(`${base}global:\n  <<: *base\n`), /^it has no block `global:` section/);
  assert.match(problem(`${base}global: *base\n`), /^it has no block `global:` section/);
});

test('what is not edited, and why', () => {
  assert.match(
    problem('global:\n  cloudDeploymentId: "{{ .Values.id }}"\n  cloudProvider: azure\n'),
    /^global\.cloudDeploymentId is not written as a plain value there/,
  );
  assert.match(
    problem('global:\n  cloudDeploymentId: *id\n  cloudProvider: azure\nids: &id cldrsrc_x\n'),
    /not written as a plain value/,
  );
  assert.match(problem('global: { cloudProvider: azure }\n'), /^it has no block `global:` section/);
  assert.match(
    problem('workloads:\n  serviceAccount:\n    name: anyscale-operator\n'),
    /^it has no block `global:` section/,
  );
  assert.match(
    problem('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n'),
    /^it holds no Anyscale operator values/,
  );
  assert.match(
    problem('global:\n  cloudProvider: azure\n---\nglobal:\n  cloudProvider: aws\n'),
    /^it holds 2 documents of operator values/,
  );
  assert.match(problem('global:\n  cloudProvider: [azure\n'), /^the file has YAML syntax errors/);
  assert.match(problem('global:\n  cloudDeploymentId: x\n', 'cld_abc'), /^"cld_abc" is not a cloud resource ID/);
});
