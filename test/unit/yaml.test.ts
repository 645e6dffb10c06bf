// The YAML path of the service: classification of operator values (1.x and pre-1.0), Gateway manifests and
// everything else; multi-document files; positions; the quick fixes' edits (applied and re-checked); the AKS
// extension form in ARM templates; and no false alarms on the real files ../shared/corpus/SOURCES.md calls valid.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument } from '../../server/src/service/analyze';
import type { TextEdit } from '../../server/src/service/types';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { CORPUS, FIXTURES } from '../support/paths';

const yaml = (text: string, workspace?: WorkspaceIndex) =>
  analyzeDocument(text, { languageId: 'yaml' }, { workspace, uri: 'file:///values.yaml' });
const codes = (text: string) => yaml(text).findings.map((f) => f.code);

function apply(text: string, edits: readonly TextEdit[]): string {
  return [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((out, e) => out.slice(0, e.start) + e.newText + out.slice(e.end), text);
}

/** The text after the fix of that title, offered on any finding; undefined when none is offered. */
function fixedBy(text: string, title: string): string | undefined {
  const fix = yaml(text)
    .findings.flatMap((f) => f.fixes ?? [])
    .find((f) => f.title === title);
  return fix && apply(text, fix.edits);
}

test('classification: 1.x values, pre-1.0 values, Gateway manifests, and everything else silent', () => {
  assert.equal(yaml('global:\n  cloudDeploymentId: cldrsrc_abc\n').kind, 'operatorValues');
  assert.equal(yaml('workloads:\n  serviceAccount:\n    name: anyscale-operator\n').kind, 'operatorValues');
  assert.equal(yaml('cloudDeploymentId: cldrsrc_abc\noperatorIamIdentity: x\n').kind, 'legacyOperatorValues');
  assert.equal(
    yaml('apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gateway\n').kind,
    'gatewayManifest',
  );
  assert.equal(
    yaml('apiVersion: gateway.envoyproxy.io/v1alpha1\nkind: EnvoyProxy\nmetadata:\n  name: p\n').kind,
    'gatewayManifest',
  );
  for (const other of [
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n',
    'global:\n  imageRegistry: docker.io\n',
    'region: eastus\n',
    // Another chart may have a top-level controlPlaneURL: alone it does not make a pre-1.0 values file.
    'controlPlaneURL: https://console.anyscale.com/\n',
    '- a\n- b\n',
    '',
    'just a string',
  ]) {
    const analysis = yaml(other);
    assert.equal(analysis.kind, 'other', other);
    assert.deepEqual(analysis.findings, []);
  }
});

test('an ingress-nginx values file produces nothing', () => {
  const analysis = yaml(fs.readFileSync(path.join(FIXTURES, 'yaml', 'ingress-nginx-values.yaml'), 'utf8'));
  assert.equal(analysis.kind, 'other');
  assert.deepEqual(analysis.findings, []);
  assert.deepEqual(analysis.syntaxErrors, []);
});

test('multi-document files: each document is classified and checked at its own positions', () => {
  const text =
    'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: anyscale-operator\n---\nglobal:\n  cloudDeploymentId: cldrsrc_abc\n  cloudProvider: Azure\n';
  const analysis = yaml(text);
  assert.equal(analysis.kind, 'operatorValues');
  const finding = analysis.findings.find((f) => f.code === 'values-value-not-allowed')!;
  assert.equal(text.slice(finding.start, finding.end), 'Azure');
  assert.equal(new LineIndex(text).positionAt(finding.start).line, 7);
});

test('a YAML syntax error pauses the checks and is reported once', () => {
  const analysis = yaml('global:\n  cloudProvider: Azure\n  auth: [\n');
  assert.ok(analysis.syntaxErrors.length > 0);
  assert.deepEqual(analysis.findings, []);
});

test('a key indented deeper than the keys beside it is one syntax error, on its own line', () => {
  const text =
    'global:\n  cloudProvider: azure\n   controlPlaneURL: https://console.azure.anyscale.com\n  cloudDeploymentId: x\n';
  const errors = yaml(text).syntaxErrors;
  // The yaml package says it twice, at the end of the line above ("azure").
  assert.deepEqual(
    errors.map((error) => [new LineIndex(text).positionAt(error.start), text.slice(error.start, error.end)]),
    [[{ line: 2, character: 3 }, 'controlPlaneURL']],
  );
  assert.match(errors[0].message, /^YAML syntax error: Implicit keys need to be on a single line: this key continues/);
  // In a list item, the same.
  const item = 'global:\n  cloudProvider: azure\nworkloads:\n  - a\n   b: 1\n';
  assert.deepEqual(
    yaml(item).syntaxErrors.map((error) => item.slice(error.start, error.end)),
    ['b'],
  );
});

test('by file name: .yaml and .yml go to the YAML analyzer, the rest to the JSON one', () => {
  const text = 'global:\n  cloudProvider: Azure\n';
  assert.equal(analyzeDocument(text, { fileName: 'x.yml' }).kind, 'operatorValues');
  assert.equal(analyzeDocument(text, { fileName: 'x.json' }).kind, 'other');
});

test('a moved key goes under the deepest section already written, creating the rest, and leaves no empty section behind', () => {
  const fixed = (text: string, title: string) => {
    const result = fixedBy(text, title);
    assert.ok(result !== undefined, `no "${title}" in\n${text}`);
    return result;
  };
  // Into an existing section written below the key; into a section missing one level, after the key's own line.
  assert.equal(
    fixed(
      'global:\n  cloudProvider: azure\ngatewayName: gw\nnetworking:\n  gateway:\n    enabled: true\n',
      'Move to networking.gateway.name',
    ),
    'global:\n  cloudProvider: azure\nnetworking:\n  gateway:\n    enabled: true\n    name: gw\n',
  );
  assert.equal(
    fixed(
      'global:\n  cloudProvider: azure\nnetworking:\n  ingress:\n    address: 1.2.3.4\nenableGateway: true\n',
      'Move to networking.gateway.enabled',
    ),
    'global:\n  cloudProvider: azure\nnetworking:\n  ingress:\n    address: 1.2.3.4\n  gateway:\n    enabled: true\n',
  );
  // At the end of a file with no final line break, which still has none; a key replacing itself in place (the
  // section ends where it starts).
  assert.equal(
    fixed(
      'global:\n  cloudProvider: azure\nworkloadServiceAccountName: sa\nworkloads:\n  enableKarpenterSupport: true',
      'Move to workloads.serviceAccount.name',
    ),
    'global:\n  cloudProvider: azure\nworkloads:\n  enableKarpenterSupport: true\n  serviceAccount:\n    name: sa',
  );
  // Taken from the end of such a file, it still ends without one.
  assert.equal(
    fixed(
      'global:\n  cloudProvider: azure\nworkloads:\n  x: 1\ncloudDeploymentId: c',
      'Move to global.cloudDeploymentId',
    ),
    'global:\n  cloudProvider: azure\n  cloudDeploymentId: c\nworkloads:\n  x: 1',
  );
  assert.equal(
    fixed('global:\n  cloudProvider: aws\n  region: us-west-2\n', 'Move to global.aws.region'),
    'global:\n  cloudProvider: aws\n  aws:\n    region: us-west-2\n',
  );
  assert.equal(
    fixed(
      'global:\n  region: us-west-2\n  cloudProvider: aws\nnetworking:\n  gateway:\n    enabled: true\n',
      'Move to global.aws.region',
    ),
    'global:\n  cloudProvider: aws\n  aws:\n    region: us-west-2\nnetworking:\n  gateway:\n    enabled: true\n',
  );
  // No section of the target written: a new one at the end; a section's only key moving out takes the section along.
  assert.equal(
    fixed('cloudProvider: aws\nregion: us-west-2\ncloudDeploymentId: cldrsrc_abc\n', 'Move to global.aws.region'),
    'cloudProvider: aws\ncloudDeploymentId: cldrsrc_abc\nglobal:\n  aws:\n    region: us-west-2\n',
  );
  assert.equal(
    fixed('aws:\n  credentialSecret: creds\noperatorReplicas: 2\n', 'Move to credentialMount.aws'),
    'operatorReplicas: 2\ncredentialMount:\n  aws: creds\n',
  );
  // Where the key's own section holds nothing else, moving under that same section has no clean edit: no fix.
  assert.ok(
    !yaml('global:\n  region: us-west-2\nnetworking:\n  gateway:\n    enabled: true\n').findings.some((f) =>
      f.fixes?.some((fix) => fix.title.startsWith('Move')),
    ),
  );
  const migrate = 'Migrate every pre-1.0 key in this document to the 1.x layout';
  assert.equal(
    fixed('aws:\n  credentialSecret: creds\noperatorReplicas: 2\n', migrate),
    'credentialMount:\n  aws: creds\noperator:\n  replicas: 2\n',
  );
  assert.equal(
    fixed('cloudProvider: aws\nregion: us-west-2\ncloudDeploymentId: cldrsrc_abc\n', migrate),
    'global:\n  cloudProvider: aws\n  aws:\n    region: us-west-2\n  cloudDeploymentId: cldrsrc_abc\n',
  );
});

test('the legacy quick fixes: moving one key, and migrating the whole file, give a clean 1.x file', () => {
  const text =
    '# operator values\ncloudDeploymentId: cldrsrc_abc123\ncloudProvider: aws\nregion: us-west-2\noperatorIamIdentity: arn:aws:iam::123456789012:role/op\naws:\n  credentialSecret:\n    name: creds\n';
  const analysis = yaml(text);
  assert.equal(analysis.kind, 'legacyOperatorValues');
  assert.equal(analysis.findings.filter((f) => f.code === 'values-legacy-key').length, 5);
  const first = analysis.findings[0];
  const moved = apply(text, first.fixes!.find((f) => f.title.startsWith('Move'))!.edits);
  assert.match(moved, /^global:\n {2}cloudDeploymentId: cldrsrc_abc123\n/m);
  assert.equal(yaml(moved).syntaxErrors.length, 0);
  const migrated = apply(text, first.fixes!.find((f) => f.title.startsWith('Migrate'))!.edits);
  assert.ok(migrated.startsWith('# operator values\n'), migrated);
  const after = yaml(migrated);
  assert.equal(after.kind, 'operatorValues');
  assert.deepEqual(
    after.findings.map((f) => f.code),
    [],
    migrated,
  );
  // A comment on the lines above a moved key moves with it.
  const commented = text.replace('cloudProvider: aws\n', '# the provider of this cluster\ncloudProvider: aws\n');
  const migrateCommented = yaml(commented).findings[0].fixes!.find((f) => f.title.startsWith('Migrate'))!;
  assert.match(
    apply(commented, migrateCommented.edits),
    /\n {2}# the provider of this cluster\n {2}cloudProvider: aws\n/,
  );
  const credentialMove = analysis.findings.find((f) => text.slice(f.start, f.end) === 'credentialSecret')!;
  const credentialMoved = apply(text, credentialMove.fixes![0].edits);
  assert.ok(!/^aws:/m.test(credentialMoved), `the emptied aws: section goes too:\n${credentialMoved}`);
});

test('values-legacy-key: controlPlaneURL, which the migration guide leaves out, points to the templates that show its move', () => {
  const text = fs.readFileSync(path.join(FIXTURES, 'rules', 'values-legacy-key', 'fail-control-plane.yaml'), 'utf8');
  const messages = new Map(
    yaml(text)
      .findings.filter((f) => f.code === 'values-legacy-key')
      .map((f) => [text.slice(f.start, f.end), f.message]),
  );
  assert.match(
    messages.get('controlPlaneURL')!,
    /it is now global\.controlPlaneURL \(see https:\/\/github\.com\/anyscale\/helm-charts\/blob\/anyscale-operator-0\.9\.2\/charts\/anyscale-operator\/templates\/_helpers\.tpl\)/,
  );
  assert.match(messages.get('cloudDeploymentId')!, /MIGRATION_README\.md\)\.$/);
});

test('a move writes only the lines it moves: their comments go along, the value is kept as written', () => {
  // The comment above a key goes with it; the file's own comment stays, and does not become the next key's.
  assert.equal(
    fixedBy(
      '# staging values\ncloudDeploymentId: cldrsrc_abc\n# set by hand\ncloudProvider: azure\n',
      'Move to global.cloudDeploymentId',
    ),
    '# staging values\n\n# set by hand\ncloudProvider: azure\nglobal:\n  cloudDeploymentId: cldrsrc_abc\n',
  );
  // Where a key sat between blank lines, one blank line is left; the key keeps the blank line above it.
  assert.equal(
    fixedBy('cloudProvider: azure\n\noperatorReplicas: 2\n\nenableGateway: true\n', 'Move to operator.replicas'),
    'cloudProvider: azure\n\nenableGateway: true\n\noperator:\n  replicas: 2\n',
  );
  // A block value moves as written (its comments, its flow map's spacing), as far right as its key.
  assert.equal(
    fixedBy(
      'additionalInstanceTypes:\n  # big\n  gpu: {CPU: 8,  GPU: 1}\nworkloads:\n  enableKarpenterSupport: true\n',
      'Move to workloads.instanceTypes.additional',
    ),
    'workloads:\n  enableKarpenterSupport: true\n  instanceTypes:\n    additional:\n      # big\n      gpu: {CPU: 8,  GPU: 1}\n',
  );
  // A flow list over two lines, with its comment, moves as it is written too.
  assert.equal(
    fixedBy(
      'supportedAccelerators: [a, # first\n  b]\nworkloads:\n  enableKarpenterSupport: true\n',
      'Move to workloads.accelerator.nodeSelectors',
    ),
    'workloads:\n  enableKarpenterSupport: true\n  accelerator:\n    nodeSelectors: [a, # first\n      b]\n',
  );
  // An anchor that an alias uses is not moved: it could land after the alias. Migrating the file moves the rest, and
  // its title says so.
  const aliased = 'additionalInstanceTypes:\n  gpu: &gpu {CPU: 8}\noperatorReplicas: 2\nnotes: *gpu\n';
  assert.equal(fixedBy(aliased, 'Move to workloads.instanceTypes.additional'), undefined);
  assert.equal(
    fixedBy(
      aliased,
      'Migrate 1 of the 2 pre-1.0 keys in this document to the 1.x layout ("additionalInstanceTypes" stays)',
    ),
    'additionalInstanceTypes:\n  gpu: &gpu {CPU: 8}\nnotes: *gpu\noperator:\n  replicas: 2\n',
  );
});

test('the migration is titled "every" pre-1.0 key only when it moves every one; else it counts them and names those that stay', () => {
  const migrations = (text: string) => [
    ...new Set(
      yaml(text)
        .findings.flatMap((f) => f.fixes ?? [])
        .map((fix) => fix.title)
        .filter((title) => title.startsWith('Migrate')),
    ),
  ];
  // Read through a merge key, aliased elsewhere, or with no one-to-one move: three stay, two move.
  const text = [
    'base: &base',
    '  cloudProvider: azure',
    '<<: *base',
    'cloudDeploymentId: &id cldrsrc_abc123  # id',
    'controlPlaneURL: "https://console.azure.anyscale.com"',
    'ingressAddress: 10.0.0.4',
    'other: *id',
    'operatorNodeSelection:',
    '  nodeSelector:',
    '    pool: system',
    '',
  ].join('\n');
  const title =
    'Migrate 2 of the 5 pre-1.0 keys in this document to the 1.x layout ("cloudProvider", "cloudDeploymentId" and "operatorNodeSelection" stay)';
  assert.deepEqual(migrations(text), [title]);
  const migrated = fixedBy(text, title)!;
  assert.match(migrated, /^global:\n {2}controlPlaneURL: /m);
  assert.match(migrated, /^networking:\n {2}ingress:\n {4}address: 10\.0\.0\.4$/m);
  assert.match(migrated, /^cloudDeploymentId: &id/m);
  // More than three stay: counted.
  const many = `${text}operatorResources: {}\nworkloadDefaultTolerances: []\n`;
  assert.deepEqual(migrations(many), ['Migrate 2 of the 7 pre-1.0 keys in this document to the 1.x layout (5 stay)']);
  // Every key moved: "every".
  assert.deepEqual(migrations('cloudProvider: aws\noperatorReplicas: 2\n'), [
    'Migrate every pre-1.0 key in this document to the 1.x layout',
  ]);
});

test('every legacy-key fix on the golden and rule fixtures gives YAML that parses, where no moved key is reported again', () => {
  const dirs = [path.join(FIXTURES, 'fixes', 'values-legacy-key'), path.join(FIXTURES, 'rules', 'values-legacy-key')];
  const files = dirs.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((name) => /^fail.*\.yaml$/.test(name) && !name.includes('.expected.'))
      .map((name) => path.join(dir, name)),
  );
  assert.ok(files.length >= 4, JSON.stringify(files));
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const legacy = yaml(text).findings.filter((f) => f.code === 'values-legacy-key');
    const keyOf = (f: { start: number; end: number }, source: string) => source.slice(f.start, f.end);
    const fixes = new Map(legacy.flatMap((f) => f.fixes ?? []).map((fix) => [fix.title, fix]));
    assert.ok(fixes.size > 0, file);
    for (const fix of fixes.values()) {
      const fixed = apply(text, fix.edits);
      const after = yaml(fixed);
      assert.deepEqual(after.syntaxErrors, [], `${path.basename(file)}: ${fix.title}\n${fixed}`);
      // A key reported without a move of its own (its move is not one-to-one) stays for the user.
      const moved = legacy.filter((f) =>
        fix.title.startsWith('Migrate') ? f.fixes?.some((own) => own.title.startsWith('Move')) : f.fixes?.[0] === fix,
      );
      const still = after.findings.filter((f) => f.code === 'values-legacy-key').map((f) => keyOf(f, fixed));
      for (const finding of moved)
        assert.ok(
          !still.includes(keyOf(finding, text)),
          `${path.basename(file)}: ${fix.title} left ${keyOf(finding, text)}`,
        );
    }
  }
});

test('the blank lines between groups of keys stay: a moved key keeps the blank line above it, never two', () => {
  const migrate = 'Migrate every pre-1.0 key in this document to the 1.x layout';
  // Three groups, three sections, still apart.
  assert.equal(
    fixedBy(
      'cloudDeploymentId: cld_abc\ncloudProvider: aws\n\noperatorReplicas: 2\n\nenableGateway: true\ngatewayName: gw\n',
      migrate,
    ),
    'global:\n  cloudDeploymentId: cld_abc\n  cloudProvider: aws\n\noperator:\n  replicas: 2\n\nnetworking:\n  gateway:\n    enabled: true\n    name: gw\n',
  );
  // Into a section already written, apart from its keys as it was from the keys above it; a section written for a
  // key opens with the key, with no blank line under its own key.
  assert.equal(
    fixedBy(
      'global:\n  cloudProvider: azure\n\n# the ID\ncloudDeploymentId: cld_abc\n\noperatorIamIdentity: id\n',
      migrate,
    ),
    'global:\n  cloudProvider: azure\n\n  # the ID\n  cloudDeploymentId: cld_abc\n\n  auth:\n    iamIdentity: id\n',
  );
  // Where a blank line already stands above the place, or the place is the file's start, none is added; the file
  // does not end in the blank line that stood above its last lines.
  assert.equal(
    fixedBy('keep: 1\n\ncloudDeploymentId: cld_abc\n', 'Move to global.cloudDeploymentId'),
    'keep: 1\n\nglobal:\n  cloudDeploymentId: cld_abc\n',
  );
  assert.equal(
    fixedBy(
      'global:\n  cloudProvider: azure\nkeep: 1\n\ncloudDeploymentId: cld_abc\n',
      'Move to global.cloudDeploymentId',
    ),
    'global:\n  cloudProvider: azure\n\n  cloudDeploymentId: cld_abc\nkeep: 1\n',
  );
  assert.equal(
    fixedBy('global:\n\ncloudDeploymentId: cld_abc\n', 'Move to global.cloudDeploymentId'),
    'global:\n  cloudDeploymentId: cld_abc\n',
  );
});

test('a heading comment (# --- networking ---) heads the section written for its keys; it stays while a key it heads stays', () => {
  const migrate = 'Migrate every pre-1.0 key in this document to the 1.x layout';
  // Above the sections written for its keys, not inside them above the first key; a key's own comment stays its own.
  assert.equal(
    fixedBy(
      'global:\n  cloudProvider: azure\n\n# --- networking ---\nenableGateway: true\ngatewayName: gw\n\n# ===== operator =====\n# two for HA\noperatorReplicas: 2\n',
      migrate,
    ),
    'global:\n  cloudProvider: azure\n\n# --- networking ---\nnetworking:\n  gateway:\n    enabled: true\n    name: gw\n\n# ===== operator =====\noperator:\n  # two for HA\n  replicas: 2\n',
  );
  // Into a section already written: above the key.
  assert.equal(
    fixedBy(
      'global:\n  cloudProvider: azure\n# --- identity ---\ncloudDeploymentId: c\n',
      'Move to global.cloudDeploymentId',
    ),
    'global:\n  cloudProvider: azure\n  # --- identity ---\n  cloudDeploymentId: c\n',
  );
  // A key it heads stays (moved one by one, or with no move of its own): the heading stays with it.
  assert.equal(
    fixedBy(
      'keep: 0\n# --- networking ---\nenableGateway: true\ngatewayName: gw\n',
      'Move to networking.gateway.enabled',
    ),
    'keep: 0\n# --- networking ---\ngatewayName: gw\nnetworking:\n  gateway:\n    enabled: true\n',
  );
  // It heads the pairs down to a blank line or the next heading: what stays below them is not its.
  for (const below of ['\n', '# --- the rest ---\n'])
    assert.equal(
      fixedBy(
        `keep: 0\n# --- networking ---\nenableGateway: true\n${below}other: 1\n`,
        'Move to networking.gateway.enabled',
      ),
      `keep: 0\n${below}other: 1\n# --- networking ---\nnetworking:\n  gateway:\n    enabled: true\n`,
    );
  assert.equal(
    fixedBy(
      'cloudDeploymentId: c\n\n# --- operator ---\noperatorReplicas: 2\noperatorResources:\n  limits: {}\n',
      'Migrate 2 of the 3 pre-1.0 keys in this document to the 1.x layout ("operatorResources" stays)',
    ),
    '# --- operator ---\noperatorResources:\n  limits: {}\nglobal:\n  cloudDeploymentId: c\noperator:\n  replicas: 2\n',
  );
});

test('a key whose 1.x path only renames it (additionalPatches to patches) is renamed where it is, its lines as written', () => {
  const patches =
    'global:\n  cloudProvider: azure\n# extra patches\nadditionalPatches: # ours\n  - kind: Pod\n    patch: |\n      - op: add\nenableGateway: true\n';
  const renamed = patches.replace('additionalPatches:', 'patches:');
  assert.equal(fixedBy(patches, 'Rename to patches'), renamed);
  assert.equal(
    fixedBy(patches, 'Migrate every pre-1.0 key in this document to the 1.x layout'),
    renamed.replace('enableGateway: true\n', 'networking:\n  gateway:\n    enabled: true\n'),
  );
  // Its quotes are kept; where patches is written already there is nothing to rename it to.
  assert.equal(fixedBy("'additionalPatches': []\nkeep: 1\n", 'Rename to patches'), "'patches': []\nkeep: 1\n");
  assert.equal(fixedBy('additionalPatches: []\npatches: []\n', 'Rename to patches'), undefined);
});

test('keys move into a global: {} written already, which becomes a block section holding them', () => {
  const text = '# staging\ncloudDeploymentId: cldrsrc_abc\noperatorIamIdentity: id\nglobal: {} # filled in below\n';
  assert.equal(
    fixedBy(text, 'Migrate every pre-1.0 key in this document to the 1.x layout'),
    '# staging\nglobal: # filled in below\n  cloudDeploymentId: cldrsrc_abc\n  auth:\n    iamIdentity: id\n',
  );
  assert.equal(
    fixedBy(text, 'Move to global.cloudDeploymentId'),
    '# staging\noperatorIamIdentity: id\nglobal: # filled in below\n  cloudDeploymentId: cldrsrc_abc\n',
  );
});

test('comment lines under a pair, indented into it, are its: they go with it, and keys moved in go below them', () => {
  // Entries commented out at the end of a moved map go with it, blank lines between them kept.
  assert.equal(
    fixedBy(
      'defaultInstanceTypes:\n  small:\n    resources:\n      CPU: 2\n  # tpu:\n  #   TPU: 4\n\n  # gpu:\n  #   GPU: 1\n\n# two for HA\noperatorReplicas: 2\n',
      'Move to workloads.instanceTypes.defaults',
    ),
    '# two for HA\noperatorReplicas: 2\nworkloads:\n  instanceTypes:\n    defaults:\n      small:\n        resources:\n          CPU: 2\n      # tpu:\n      #   TPU: 4\n\n      # gpu:\n      #   GPU: 1\n',
  );
  // A key moved into a section goes below the comments under its last pair, not between the pair and them.
  assert.equal(
    fixedBy(
      'global:\n  cloudProvider: aws\n  aws:\n    region: r\n    # s3:\n    #   usePathStyle: true\ncloudDeploymentId: c\nkeep: 1\n',
      'Move to global.cloudDeploymentId',
    ),
    'global:\n  cloudProvider: aws\n  aws:\n    region: r\n    # s3:\n    #   usePathStyle: true\n  cloudDeploymentId: c\nkeep: 1\n',
  );
  // A section the move empties takes the comments under it along.
  assert.equal(
    fixedBy(
      'aws:\n  credentialSecret:\n    name: creds\n  # create: true\noperatorReplicas: 2\n',
      'Move to credentialMount.aws',
    ),
    'operatorReplicas: 2\ncredentialMount:\n  aws:\n    name: creds\n  # create: true\n',
  );
});

test('a move never changes what Helm reads: anchors stay before their aliases, block scalars keep their # lines', () => {
  // The list would land above the anchor its alias names.
  const aliased =
    'workloads:\n  enableKarpenterSupport: true\ngpu: &a100 nvidia-a100\nsupportedAccelerators:\n  - *a100\n';
  assert.equal(fixedBy(aliased, 'Move to workloads.accelerator.nodeSelectors'), undefined);
  // Below the anchor it may go.
  const below = aliased.replace('workloads:\n  enableKarpenterSupport: true\n', '') + 'workloads:\n  x: 1\n';
  assert.match(fixedBy(below, 'Move to workloads.accelerator.nodeSelectors') ?? '', /nodeSelectors:\n {6}- \*a100\n$/);
  // Lines of a block scalar that start with # are the string's, not comments of the key below.
  const patch =
    'global:\n  cloudProvider: azure\nadditionalPatches:\n  - kind: Pod\n    patch: |\n      - op: add\n      # - op: remove\nenableGateway: true\n';
  assert.equal(
    fixedBy(patch, 'Move to networking.gateway.enabled'),
    'global:\n  cloudProvider: azure\nadditionalPatches:\n  - kind: Pod\n    patch: |\n      - op: add\n      # - op: remove\nnetworking:\n  gateway:\n    enabled: true\n',
  );
  // A comment indented under the section above stays there.
  const commented = 'global:\n  cloudProvider: azure\nworkloads:\n  x: 1\n  # y: 2\ncloudDeploymentId: cldrsrc_abc\n';
  assert.equal(
    fixedBy(commented, 'Move to global.cloudDeploymentId'),
    'global:\n  cloudProvider: azure\n  cloudDeploymentId: cldrsrc_abc\nworkloads:\n  x: 1\n  # y: 2\n',
  );
  // A byte-order mark stays first and out of the keys written.
  const marked = '\uFEFFcloudDeploymentId: cldrsrc_abc\nglobal:\n  cloudProvider: azure\nenableGateway: true\n';
  assert.equal(
    fixedBy(marked, 'Move to networking.gateway.enabled'),
    '\uFEFFcloudDeploymentId: cldrsrc_abc\nglobal:\n  cloudProvider: azure\nnetworking:\n  gateway:\n    enabled: true\n',
  );
  assert.equal(
    fixedBy(marked, 'Move to global.cloudDeploymentId'),
    '\uFEFFglobal:\n  cloudProvider: azure\n  cloudDeploymentId: cldrsrc_abc\nenableGateway: true\n',
  );
  // The comment above a section the move empties goes with the key; new keys step in as their section's do.
  const aws = 'global:\n    cloudProvider: aws\n# operator credentials\naws:\n  credentialSecret: creds\nregion: r\n';
  assert.equal(
    fixedBy(aws, 'Move to credentialMount.aws'),
    'global:\n    cloudProvider: aws\nregion: r\ncredentialMount:\n    # operator credentials\n    aws: creds\n',
  );
  assert.equal(
    fixedBy(
      'cloudDeploymentId: cldrsrc_abc\ncloudProvider: azure\nglobal: # to fill in\n',
      'Move to global.cloudDeploymentId',
    ),
    'cloudProvider: azure\nglobal: # to fill in\n  cloudDeploymentId: cldrsrc_abc\n',
  );
  assert.equal(
    fixedBy('podLabels:\n      team: ml\nglobal:\n  cloudProvider: aws\nregion: r\n', 'Move to global.aws.region'),
    'podLabels:\n      team: ml\nglobal:\n  cloudProvider: aws\n  aws:\n    region: r\n',
  );
});

test('deprecated global.region moves under global.aws, keeping the rest of global', () => {
  const text =
    'global:\n  cloudDeploymentId: cldrsrc_abc123\n  cloudProvider: aws\n  region: us-west-2\n  auth:\n    iamIdentity: arn:aws:iam::123456789012:role/op\n';
  const finding = yaml(text).findings.find((f) => f.code === 'values-deprecated-key')!;
  const fixed = apply(text, finding.fixes![0].edits);
  assert.equal(
    fixed,
    'global:\n  cloudDeploymentId: cldrsrc_abc123\n  cloudProvider: aws\n  auth:\n    iamIdentity: arn:aws:iam::123456789012:role/op\n  aws:\n    region: us-west-2\n',
  );
  assert.deepEqual(codes(fixed), []);
});

test('value fixes keep the quoting style', () => {
  const text =
    'global:\n  cloudDeploymentId: cldrsrc_abc123\n  cloudProvider: "Azure"\n  controlPlaneURL: \'https://console.azure.anyscale.com/\'\n';
  const findings = yaml(text).findings;
  const provider = findings.find((f) => f.code === 'values-value-not-allowed')!;
  assert.equal(provider.fixes![0].preferred, true);
  assert.deepEqual(
    provider.fixes![0].edits.map((e) => e.newText),
    ['"azure"'],
  );
  const slash = findings.find((f) => f.code === 'values-control-plane-url-trailing-slash')!;
  assert.deepEqual(
    slash.fixes![0].edits.map((e) => e.newText),
    ["'https://console.azure.anyscale.com'"],
  );
});

test('values-iam-identity-is-principal-id names every cloud resource that records the GUID', () => {
  const template = fs.readFileSync(
    path.join(FIXTURES, 'rules', 'values-iam-identity-is-principal-id', 'workspace', 'cloud-resource.json'),
    'utf8',
  );
  const parsed = JSON.parse(template) as { resources: { name: string }[] };
  parsed.resources.push({ ...parsed.resources[0], name: 'my-anyscale-cloud/second' });
  const index = new WorkspaceIndex();
  index.set('file:///cloud.json', analyzeDocument(JSON.stringify(parsed), { languageId: 'json' }).facts);
  const values =
    'global:\n  cloudDeploymentId: cldrsrc_abc123\n  cloudProvider: azure\n  auth:\n    iamIdentity: 9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f\n';
  const found = yaml(values, index).findings.filter((f) => f.code === 'values-iam-identity-is-principal-id');
  assert.equal(found.length, 1);
  assert.match(
    found[0].message,
    /is the GUID cloud resources "my-anyscale-cloud\/default" and "my-anyscale-cloud\/second" record as anyscaleOperatorIamIdentity/,
  );
});

test('cross-file: the workspace index links values to the cloud resources of a template', () => {
  const template = fs.readFileSync(
    path.join(FIXTURES, 'rules', 'values-iam-identity-is-principal-id', 'workspace', 'cloud-resource.json'),
    'utf8',
  );
  const index = new WorkspaceIndex();
  assert.equal(index.set('file:///cloud.json', analyzeDocument(template, { languageId: 'json' }).facts), true);
  assert.equal(
    index.set('file:///cloud.json', analyzeDocument(template, { languageId: 'json' }).facts),
    false,
    'unchanged facts are not a change',
  );
  const values =
    'global:\n  cloudDeploymentId: cldrsrc_abc123\n  cloudProvider: azure\n  auth:\n    iamIdentity: 9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f\n';
  assert.ok(yaml(values, index).findings.some((f) => f.code === 'values-iam-identity-is-principal-id'));
  assert.ok(
    !yaml(values).findings.some((f) => f.code === 'values-iam-identity-is-principal-id'),
    'without the template, nothing to compare',
  );
  // The template alone makes the workspace an Anyscale on Azure one: a values file without controlPlaneURL is warned.
  assert.ok(
    yaml(
      'global:\n  cloudDeploymentId: cldrsrc_abc123\n  cloudProvider: aws\n  aws:\n    region: us-west-2\n',
      index,
    ).findings.some((f) => f.code === 'values-control-plane-url-not-azure'),
  );
  assert.equal(index.delete('file:///cloud.json'), true);
});

test('cross-file: a finding names the cloud resource by its ARM name, <cloud>/<resource>, when two clouds each have a default', () => {
  const template = fs.readFileSync(
    path.join(FIXTURES, 'rules', 'values-iam-identity-is-principal-id', 'workspace', 'cloud-resource.json'),
    'utf8',
  );
  const identity = '9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f';
  const index = new WorkspaceIndex();
  // Another template's cloud with a `default` of its own, and a nested one (named by its own segment only).
  const other = template
    .replace(identity, '11111111-1111-4111-8111-111111111111')
    .replace('my-anyscale-cloud/', 'prod/');
  index.set('file:///other.json', analyzeDocument(other, { languageId: 'json' }).facts);
  const nested = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    resources: [
      {
        type: 'Anyscale.Platform/clouds',
        apiVersion: '2026-09-01',
        name: 'staging',
        location: 'uksouth',
        properties: {},
        resources: [
          {
            type: 'cloudResources',
            apiVersion: '2026-09-01',
            name: 'default',
            location: 'uksouth',
            dependsOn: ['staging'],
            properties: { provider: 'Azure', anyscaleOperatorIamIdentity: identity },
          },
        ],
      },
    ],
  });
  index.set('file:///nested.json', analyzeDocument(nested, { languageId: 'json' }).facts);
  const messageOf = (values: string, code: string) =>
    yaml(values, index).findings.find((f) => f.code === code)?.message ?? '(none)';
  assert.match(
    messageOf(
      `global:\n  cloudProvider: azure\n  auth:\n    iamIdentity: ${identity}\n`,
      'values-iam-identity-is-principal-id',
    ),
    /is the GUID cloud resource "staging\/default" records as anyscaleOperatorIamIdentity/,
  );
  assert.match(
    messageOf(
      `global:\n  cloudProvider: aws\n  auth:\n    iamIdentity: ${identity}\n`,
      'values-cloud-provider-mismatch',
    ),
    /the operator identity belongs to cloud resource "staging\/default" with provider Azure/,
  );
  index.delete('file:///nested.json');
  index.set('file:///cloud.json', analyzeDocument(template, { languageId: 'json' }).facts);
  assert.match(
    messageOf(
      `global:\n  cloudProvider: azure\n  auth:\n    iamIdentity: ${identity}\n`,
      'values-iam-identity-is-principal-id',
    ),
    /cloud resource "my-anyscale-cloud\/default" records/,
    'a cloud resource declared at the top level, named cloud/resource',
  );
});

test('AKS extension settings in an ARM template: checked at their JSON positions, expressions never guessed', () => {
  const text = fs.readFileSync(
    path.join(FIXTURES, 'rules', 'values-control-plane-url-trailing-slash', 'fail-extension.json'),
    'utf8',
  );
  const analysis = analyzeDocument(text, { languageId: 'json' });
  const finding = analysis.findings.find((f) => f.code === 'values-control-plane-url-trailing-slash')!;
  assert.equal(text.slice(finding.start, finding.end), '"https://console.azure.anyscale.com/"');
  assert.equal(
    apply(text, finding.fixes![0].edits).includes('"global.controlPlaneURL": "https://console.azure.anyscale.com"'),
    true,
  );
  const expression = text.replace(
    /"configurationSettings": \{[\s\S]*?\}/,
    '"configurationSettings": "[parameters(\'settings\')]"',
  );
  assert.deepEqual(
    analyzeDocument(expression, { languageId: 'json' }).findings.filter((f) => f.code.startsWith('values-')),
    [],
  );
});

/** Real files from ../shared/corpus that SOURCES.md calls valid (the docs' placeholders filled, as it says). */
const VALID = [
  'values/azure-docs_add-cloud-resource_values.eks.yaml',
  'gateway/azure-docs_quickstart-azure-cli-gateway-envoy_envoyproxy.yaml',
  'gateway/azure-docs_quickstart-azure-cli-gateway-envoy_gatewayclass.yaml',
  'gateway/azure-docs_quickstart-azure-cli-gateway-envoy_gateway.yaml',
];
const FRAGMENTS = ['gateway/azure-docs_add-cloud-resource_https-listeners.fragment.yaml'];
const fill = (text: string) =>
  text.replace(/<cloud-resource-id>/g, (_match, offset: number) =>
    text.slice(offset - 20, offset).includes('anyscale-') ? 'cldrsrc-abc123def456' : 'cldrsrc_abc123def456',
  );

if (!fs.existsSync(path.join(CORPUS, 'SOURCES.md'))) {
  test(
    'shared corpus (YAML)',
    { skip: `../shared/corpus is not present next to this checkout (${CORPUS}); YAML no-false-alarm checks skipped` },
    () => {},
  );
} else {
  const read = (file: string) => fs.readFileSync(path.join(CORPUS, file), 'utf8');
  for (const file of VALID) {
    test(`no finding on ${file}`, () => {
      const analysis = yaml(fill(read(file)));
      assert.notEqual(analysis.kind, 'other');
      assert.deepEqual(analysis.syntaxErrors, []);
      assert.deepEqual(
        analysis.findings.map((f) => `${f.code} ${f.message}`),
        [],
      );
    });
  }
  test('the docs values file as published still has its placeholder: exactly that is reported', () => {
    assert.deepEqual(codes(read(VALID[0])), ['values-cloud-deployment-id-invalid']);
  });
  test('the whole corpus gateway set checked as one Azure workspace: still nothing', () => {
    const index = new WorkspaceIndex();
    const files = VALID.map((file) => ({ file, text: fill(read(file)) }));
    for (const { file, text } of files) index.set(file, yaml(text).facts);
    for (const { file, text } of files)
      assert.deepEqual(
        analyzeDocument(text, { languageId: 'yaml' }, { workspace: index, uri: file }).findings,
        [],
        file,
      );
  });
  for (const file of FRAGMENTS) {
    test(`${file} is a fragment, not a manifest, and is ignored`, () => {
      const analysis = yaml(read(file));
      assert.equal(analysis.kind, 'other');
      assert.deepEqual(analysis.findings, []);
    });
  }
}

test('values-wrong-type: which values each key type flags, what the message says and which fix writes the typed value', () => {
  const base =
    'global:\n  cloudDeploymentId: cldrsrc_abc123def456\n  cloudProvider: azure\n  controlPlaneURL: https://console.azure.anyscale.com\n  auth:\n    iamIdentity: 6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b\n    audience: api://086bc555-6989-4362-ba30-fded273e432b/.default\n';
  const QUOTED = 'A quoted value is a string, and the chart treats every non-empty string as true, "false" included.';
  const UNUSABLE = 'The chart cannot use it.';
  const wrongType = (section: string) => {
    const text = base + section;
    return yaml(text)
      .findings.filter((f) => f.code === 'values-wrong-type')
      .map((f) => ({
        at: text.slice(f.start, f.end),
        message: f.message,
        fixes: f.fixes?.map(
          (fix) => `${fix.title} → ${fix.edits.map((e) => e.newText).join('')}${fix.preferred ? ' (preferred)' : ''}`,
        ),
      }));
  };
  const cases: Array<[string, Array<{ at: string; message: string; fixes?: string[] }>]> = [
    [
      'networking:\n  gateway:\n    enabled: "false"\n',
      [
        {
          at: '"false"',
          message: `networking.gateway.enabled must be true or false, not the string "false". ${QUOTED}`,
          fixes: ['Write false → false (preferred)'],
        },
      ],
    ],
    [
      'networking:\n  gateway:\n    enabled: "true"\n',
      [
        {
          at: '"true"',
          message: `networking.gateway.enabled must be true or false, not the string "true". ${QUOTED}`,
          fixes: ['Write true → true (preferred)'],
        },
      ],
    ],
    [
      'networking:\n  gateway:\n    enabled: "not true"\n',
      [
        {
          at: '"not true"',
          message: `networking.gateway.enabled must be true or false, not the string "not true". ${QUOTED}`,
          fixes: undefined,
        },
      ],
    ],
    [
      'networking:\n  gateway:\n    enabled: "true story"\n',
      [
        {
          at: '"true story"',
          message: `networking.gateway.enabled must be true or false, not the string "true story". ${QUOTED}`,
          fixes: undefined,
        },
      ],
    ],
    [
      'networking:\n  gateway:\n    enabled: 1\n',
      [{ at: '1', message: `networking.gateway.enabled must be true or false, not 1. ${UNUSABLE}`, fixes: undefined }],
    ],
    ['networking:\n  gateway:\n    enabled: true\n    name:\n', []],
    // YAML 1.1's booleans, as go-yaml v2 (Helm) reads them when they are not quoted.
    ...['off', 'Off', 'OFF', 'no', 'n', 'yes', 'Y', 'on', 'On'].map(
      (word): [string, Array<{ at: string; message: string; fixes?: string[] }>] => [
        `networking:\n  gateway:\n    enabled: ${word}\n    name: gateway\n`,
        [],
      ],
    ),
    [
      'networking:\n  gateway:\n    enabled: "off"\n',
      [
        {
          at: '"off"',
          message: `networking.gateway.enabled must be true or false, not the string "off". ${QUOTED}`,
          fixes: undefined,
        },
      ],
    ],
    [
      'operator:\n  replicas: "12"\n',
      [
        {
          at: '"12"',
          message: `operator.replicas must be a whole number, not the string "12". ${UNUSABLE}`,
          fixes: ['Write 12 → 12 (preferred)'],
        },
      ],
    ],
    ...['"2a"', '"a2"', '"99999999999999999999"', '1.5'].map(
      (value): [string, Array<{ at: string; message: string; fixes?: string[] }>] => [
        `operator:\n  replicas: ${value}\n`,
        [
          {
            at: value,
            message: `operator.replicas must be a whole number, not ${value.startsWith('"') ? `the string ${value}` : value}. ${UNUSABLE}`,
            fixes: undefined,
          },
        ],
      ],
    ),
    ['operator:\n  replicas: 3\n', []],
    [
      'operator:\n  replicas: [1]\n',
      [
        {
          at: 'replicas',
          message: `operator.replicas must be a whole number, not a list. ${UNUSABLE}`,
          fixes: undefined,
        },
      ],
    ],
    [
      'networking:\n  gateway:\n    name:\n      x: 1\n',
      [{ at: 'name', message: `networking.gateway.name must be a string, not a map. ${UNUSABLE}`, fixes: undefined }],
    ],
    [
      'patches: x\n',
      [{ at: 'x', message: `patches must be a list, not the string "x". ${UNUSABLE}`, fixes: undefined }],
    ],
    [
      'patches:\n  x: 1\n',
      [{ at: 'patches', message: `patches must be a list, not a map. ${UNUSABLE}`, fixes: undefined }],
    ],
    ['patches: []\n', []],
    [
      'workloads:\n  instanceTypes:\n    defaults: [a]\n',
      [
        {
          at: 'defaults',
          message: `workloads.instanceTypes.defaults must be a map, not a list. ${UNUSABLE}`,
          fixes: undefined,
        },
      ],
    ],
    ['workloads:\n  instanceTypes:\n    defaults: {}\n', []],
    ['workloads:\n  accelerator:\n    enableDefaults: "x"\n', []],
    [
      'operator:\n  config: 5\n',
      [{ at: '5', message: `operator.config must be a section (a map of keys), not 5. ${UNUSABLE}`, fixes: undefined }],
    ],
  ];
  for (const [section, expected] of cases) assert.deepEqual(wrongType(section), expected, section);
});

test("AKS extension configurationSettings: a value that is no string is extension-setting-not-string's; a string the key cannot read is values-wrong-type's", () => {
  const extension = fs.readFileSync(path.join(FIXTURES, 'rules', 'values-wrong-type', 'pass-extension.json'), 'utf8');
  const AS_TEXT = 'configurationSettings values must be strings, passed to the chart as text.';
  const wrongType = (setting: string) => {
    const text = extension.replace('"configurationSettings": {', `"configurationSettings": {\n          ${setting},`);
    assert.notEqual(text, extension);
    return analyzeDocument(text, { fileName: 'extension.json' })
      .findings.filter((f) => f.code === 'values-wrong-type' || f.code === 'extension-setting-not-string')
      .map((f) => ({
        code: f.code,
        at: text.slice(f.start, f.end),
        message: f.message,
        fixes: f.fixes?.map(
          (fix) => `${fix.title} → ${fix.edits.map((e) => e.newText).join('')}${fix.preferred ? ' (preferred)' : ''}`,
        ),
      }));
  };
  const NOT_STRING = 'extension-setting-not-string';
  const WRONG_TYPE = 'values-wrong-type';
  type Expected = Array<{ code: string; at: string; message: string; fixes?: string[] }>;
  const cases: Array<[string, Expected]> = [
    [
      '"global.azure.workloadIdentity.proxyPort": 3',
      [
        {
          code: NOT_STRING,
          at: '3',
          fixes: ['Write "3" → "3" (preferred)'],
          message:
            'configurationSettings "global.azure.workloadIdentity.proxyPort" is 3, not a string: configurationSettings is a map of strings — write "3". The extension\'s chart reads the text.',
        },
      ],
    ],
    ['"global.azure.workloadIdentity.proxyPort": "3"', []],
    ...['"3x"', '"x3"'].map((value): [string, Expected] => [
      `"global.azure.workloadIdentity.proxyPort": ${value}`,
      [
        {
          code: WRONG_TYPE,
          at: value,
          message: `global.azure.workloadIdentity.proxyPort must be a string (a whole number), not the string ${value}. ${AS_TEXT}`,
          fixes: undefined,
        },
      ],
    ]),
    ['"operator.config.status.reportingEnabled": "false"', []],
    ...['"yes"', '"true1"', '"xtrue"'].map((value): [string, Expected] => [
      `"operator.config.status.reportingEnabled": ${value}`,
      [
        {
          code: WRONG_TYPE,
          at: value,
          message: `operator.config.status.reportingEnabled must be a string (true or false), not the string ${value}. ${AS_TEXT}`,
          fixes: undefined,
        },
      ],
    ]),
    [
      '"operator.config.status.reportingEnabled": null',
      [
        {
          code: WRONG_TYPE,
          at: 'null',
          message: `operator.config.status.reportingEnabled must be a string (true or false), not null. ${AS_TEXT}`,
          fixes: undefined,
        },
      ],
    ],
    [
      '"operator.config": "x"',
      [
        {
          code: WRONG_TYPE,
          at: '"x"',
          message: `operator.config must be a section (a map of keys), not the string "x". ${AS_TEXT}`,
          fixes: undefined,
        },
      ],
    ],
    [
      '"networking.gateway.className": []',
      [
        {
          code: NOT_STRING,
          at: '[]',
          fixes: undefined,
          message:
            'configurationSettings "networking.gateway.className" is a list, not a string: configurationSettings is a map of strings. The extension\'s chart reads the text.',
        },
      ],
    ],
  ];
  for (const [setting, expected] of cases) assert.deepEqual(wrongType(setting), expected, setting);
});

test('a plain YAML 1.1 boolean word is the boolean Helm reads: enabled: off disables the gateway, enabled: yes enables it', () => {
  const facts = (word: string) =>
    yaml(`global:\n  cloudProvider: azure\nnetworking:\n  gateway:\n    enabled: ${word}\n`).facts;
  const read = (word: string) => {
    const found = facts(word).operatorValues[0];
    return { enabled: found?.gatewayEnabled, disabled: found?.gatewayDisabled ?? false };
  };
  assert.deepEqual(read('off'), { enabled: false, disabled: true });
  assert.deepEqual(read('NO'), { enabled: false, disabled: true });
  assert.deepEqual(read('yes'), { enabled: true, disabled: false });
  assert.deepEqual(read('"off"'), { enabled: false, disabled: false }, 'quoted, it is a string');
  assert.deepEqual(read('"true"'), { enabled: true, disabled: false }, 'as an AKS extension writes it');
  assert.deepEqual(read('offline'), { enabled: false, disabled: false });
});

test('values-unknown-key: a misspelt key whose right spelling is written too gets no rename, which would write it twice', () => {
  const unknownKeys = (text: string) => yaml(text).findings.filter((f) => f.code === 'values-unknown-key');
  const base = 'global:\n  cloudProvider: azure\n';
  const alone = unknownKeys(`${base}  controlPlaneUrl: https://console.azure.anyscale.com\n`);
  assert.equal(alone.length, 1);
  assert.deepEqual(
    alone[0].fixes?.map((fix) => fix.title),
    ['Rename to "controlPlaneURL"'],
  );
  const both = unknownKeys(
    `${base}  controlPlaneURL: https://console.azure.anyscale.com\n  controlPlaneUrl: https://console.anyscale.com\n`,
  );
  assert.equal(both.length, 1);
  assert.equal(both[0].fixes, undefined);
  assert.match(
    both[0].message,
    /Did you mean "controlPlaneURL"\? It is set too, and that is the value Helm reads: remove this one\./,
  );
});

test('a value a templating tool fills in ({{ … }}, ${…}) is set to a value not known: no finding guesses at it', () => {
  const values = (id: string, url: string, identity: string) =>
    `global:\n  cloudDeploymentId: ${id}\n  cloudProvider: azure\n  controlPlaneURL: ${url}\n  auth:\n    iamIdentity: ${identity}\n    audience: api://086bc555-6989-4362-ba30-fded273e432b/.default\nworkloads:\n  serviceAccount:\n    name: anyscale-operator\n`;
  const codes = (text: string) => yaml(text).findings.map((f) => f.code);
  assert.deepEqual(codes(values('"{{ .Values.id }}"', '${control_plane_url}', "'${client_id}'")), []);
  assert.deepEqual(
    codes(values('"{{- required \\"id\\" .Values.id -}}"', 'https://console.azure.anyscale.com', '"x-${id}"')),
    [],
  );
  // Without template syntax the same values are flagged.
  assert.deepEqual(codes(values('some-id', 'https://console.anyscale.com', 'not-a-guid')).sort(), [
    'values-cloud-deployment-id-invalid',
    'values-control-plane-url-not-azure',
    'values-iam-identity-format',
  ]);
  const hyphen = yaml(
    values('cldrsrc-abc123def456', 'https://console.azure.anyscale.com', '6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b'),
  ).findings.find((f) => f.code === 'values-cloud-deployment-id-invalid');
  assert.match(
    hyphen?.message ?? '',
    /starts with "cldrsrc_", with an underscore .*the hyphen is how secret names write it/,
  );
});

test('a Gateway value a templating tool fills in is read as not written: no finding guesses at the secret it names', () => {
  const gateway = (secret: string) =>
    `apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gateway\n  namespace: anyscale-operator\nspec:\n  gatewayClassName: eg\n  listeners:\n  - name: https\n    port: 443\n    protocol: HTTPS\n    hostname: '*.i.azure.anyscaleuserdata.com'\n    tls:\n      mode: Terminate\n      certificateRefs:\n      - kind: Secret\n        name: ${secret}\n`;
  const codes = (text: string) => yaml(text).findings.map((f) => f.code);
  assert.deepEqual(codes(gateway(`'anyscale-svc-{{ .Values.id | replace "_" "-" }}-certificate'`)), []);
  assert.deepEqual(codes(gateway('anyscale-${cloud_resource_id}-certificate')), []);
  assert.ok(
    codes(gateway('anyscale-cldrsrc_abc-certificate')).includes('gateway-tls-secret-invalid'),
    'a written one is',
  );
});

test('a string never closed is reported at its opening quote, not past the end of the file', () => {
  for (const [text, quote] of [
    ['global:\n  cloudProvider: azure\n  controlPlaneURL: "https://console.azure.anyscale.com/\n', '"'],
    ['global:\n  cloudProvider: azure\n  controlPlaneURL: "say \\"hi\\" https://x\n', '"'],
    ["global:\n  cloudProvider: azure\n  controlPlaneURL: 'it''s https://x\n", "'"],
  ]) {
    const [error] = yaml(text).syntaxErrors;
    assert.ok(error, text);
    assert.equal(error.start, text.indexOf(quote), text);
    assert.equal(text.slice(error.start, error.end), text.slice(text.indexOf(quote), -1));
    assert.match(error.message, /this string is never closed/);
  }
});

test('"Move to …" writes a one-line value as it was written, with its quotes and its comment; a block scalar anew', () => {
  const text =
    'cloudDeploymentId: "cldrsrc_abc123def456" # from ARM\ncloudProvider: azure\noperatorIamIdentity: |\n  6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b\n';
  const moveOf = (key: string) => {
    const finding = yaml(text).findings.find(
      (f) => f.code === 'values-legacy-key' && text.slice(f.start, f.end) === key,
    );
    return apply(text, finding!.fixes!.find((f) => f.title.startsWith('Move'))!.edits);
  };
  assert.match(moveOf('cloudDeploymentId'), /^global:\n {2}cloudDeploymentId: "cldrsrc_abc123def456" # from ARM\n/m);
  const block = moveOf('operatorIamIdentity');
  assert.equal(yaml(block).syntaxErrors.length, 0, block);
  assert.match(block, /iamIdentity: \|\n\s+6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b\n/);
});

test('an alias written as a key, `*a: b`, which Helm reads and the yaml package does not: one problem of ours, the file not at fault', () => {
  const head = 'global:\n  cloudDeploymentId: cldrsrc_abc\n  cloudProvider: azure\nkeys: &a k\n';
  for (const [written, column] of [
    ['f: {*a: b}\n', 4],
    ['*a: b\n', 0],
    ['nested:\n  *a: b\n', 2],
    ['f: [*a: b]\n', 4],
  ] as const) {
    const text = head + written;
    const problems = yaml(text).syntaxErrors;
    assert.equal(problems.length, 1, written);
    const [problem] = problems;
    assert.equal(problem.onlyThisParserRejects, true, written);
    assert.equal(text.slice(problem.start, problem.end), '*a:', written);
    assert.equal(new LineIndex(text).positionAt(problem.start).character, column, written);
    assert.match(problem.message, /write `\*a :` \(a space before the colon\), which both read alike/);
    // Written so that both readers agree, the file is checked.
    assert.deepEqual(yaml(head + written.replace('*a:', '*a :')).syntaxErrors, [], written);
  }
  // A real syntax error, an alias read alike by both (`<<: *a`), stays the package's own error.
  const broken = yaml(`${head}merged:\n  <<: *a\nbad: [\n`).syntaxErrors;
  assert.ok(broken.length > 0 && broken.every((problem) => !problem.onlyThisParserRejects));
});
