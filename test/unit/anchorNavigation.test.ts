// Go to definition, find references and rename for YAML anchors and aliases (yaml/features/anchorNavigation.ts): an
// alias names the last anchor of its name before it in its own document (go-yaml v2), a redefinition starts a new
// binding, an `&` or `*` in a string or a comment is no anchor, and a rename changes the names alone.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  cannotRenameYamlAnchor,
  renameYamlAnchor,
  yamlAnchorAt,
  type YamlAnchorAt,
} from '../../server/src/service/yaml/features/anchorNavigation';
import { anchorNamesIn, type YamlAnchorName } from '../../server/src/service/yaml/anchorNames';
import { analyzeDocument } from '../../server/src/service/analyze';
import { applyEdits } from '../support/textEdits';

const VALUES = `global:
  cloudDeploymentId: cldrsrc_abc123
  cloudProvider: azure
  controlPlaneURL: &url https://console.azure.anyscale.com
  # a comment naming *url and &url is neither
  note: "*url &url"
  plain: a &url b *url
operator:
  url: *url
  block: |
    *url
workloads:
  first: *url
  redefined: &url https://example.com
  second: *url
`;

/** The offset of the n-th (0-based) occurrence of `needle` in `text`, plus `delta`. */
function offsetOf(text: string, needle: string, n = 0, delta = 1): number {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} #${n} not found`);
  return at + delta;
}

/** Where a name is: its line (0-based) and its text, `&` or `*` included, read from the text itself. */
const where = (text: string, name: YamlAnchorName | undefined) => {
  assert.ok(name, 'a name');
  const line = text.slice(0, name.range.start).split('\n').length - 1;
  return `${line}:${text.slice(name.range.start - 1, name.range.end)}`;
};

function at(text: string, needle: string, n = 0, delta = 1): YamlAnchorAt {
  const found = yamlAnchorAt(text, offsetOf(text, needle, n, delta));
  assert.ok(found, `nothing at ${needle} #${n}`);
  return found;
}

function renamed(text: string, found: YamlAnchorAt, newName: string): string {
  const result = renameYamlAnchor(found, newName);
  assert.ok(result.ok, result.ok ? '' : result.message);
  return applyEdits(text, result.edits);
}

test('definition: an alias names the latest anchor of its name before it; a redefinition starts a new binding', () => {
  assert.equal(where(VALUES, at(VALUES, '*url', 3).anchor), '3:&url');
  assert.equal(where(VALUES, at(VALUES, '*url', 5).anchor), '3:&url', 'the alias before the redefinition');
  assert.equal(where(VALUES, at(VALUES, '*url', 6).anchor), '13:&url', 'the alias after it');
  // On an anchor, the anchor itself.
  assert.equal(where(VALUES, at(VALUES, '&url https://example', 0).anchor), '13:&url');
});

test('references: the anchor and exactly the aliases bound to it; strings, comments and block scalars hold none', () => {
  const first = at(VALUES, '&url https://console');
  assert.deepEqual(
    first.aliases.map((alias) => where(VALUES, alias)),
    ['8:*url', '12:*url'],
  );
  const second = at(VALUES, '*url', 6);
  assert.deepEqual(
    second.aliases.map((alias) => where(VALUES, alias)),
    ['14:*url'],
  );
  for (const [needle, n] of [
    ['*url and', 0],
    ['&url"', 0],
    ['&url b', 0],
    ['*url', 2],
    ['*url', 4],
  ] as const)
    assert.equal(yamlAnchorAt(VALUES, offsetOf(VALUES, needle, n)), undefined, `${needle} #${n}`);
});

test('the cursor is on a name from its & or * to just after it; off any name, nothing', () => {
  const start = offsetOf(VALUES, '&url https://console', 0, 0);
  assert.equal(yamlAnchorAt(VALUES, start)?.at.name, 'url', 'on the &');
  assert.equal(yamlAnchorAt(VALUES, start + 4)?.at.name, 'url', 'right after the name');
  assert.equal(yamlAnchorAt(VALUES, start - 1), undefined, 'on the space before');
  assert.equal(yamlAnchorAt(VALUES, start + 6), undefined, 'in the value after');
  assert.equal(yamlAnchorAt(VALUES, offsetOf(VALUES, 'cloudProvider')), undefined, 'on a key');
  assert.equal(yamlAnchorAt(VALUES, VALUES.length), undefined, 'at the end');
  assert.equal(yamlAnchorAt('', 0), undefined, 'in an empty text');
});

test('each --- document has its own anchors: an alias never names an anchor of another document', () => {
  const text = `global:
  cloudProvider: azure
  controlPlaneURL: &url https://console.azure.anyscale.com
  again: *url
---
global:
  cloudProvider: azure
  controlPlaneURL: *url
---
global:
  cloudProvider: azure
  controlPlaneURL: &url https://other
  again: *url
`;
  const unbound = at(text, '*url', 1);
  assert.equal(unbound.anchor, undefined);
  assert.deepEqual(unbound.aliases, []);
  assert.match(cannotRenameYamlAnchor(unbound)!, /No `&url` comes before this alias in its document/);
  assert.equal(renameYamlAnchor(unbound, 'x').ok, false);
  assert.equal(where(text, at(text, '*url', 2).anchor), '11:&url');
  assert.deepEqual(
    at(text, '&url', 0).aliases.map((alias) => where(text, alias)),
    ['3:*url'],
  );
  // Renaming the first document's anchor leaves the other documents as they are.
  assert.equal(
    renamed(text, at(text, '&url', 0), 'console'),
    text.replace('&url https://console', '&console https://console').replace('again: *url', 'again: *console'),
  );
});

test('merge keys, flow collections, and anchors on a map and on a list', () => {
  const text = `defaults: &base
  cloudProvider: azure
extra: &more {auth: {audience: api://x}}
hosts: &hosts
  - a.example.com
global:
  <<: [*base, *more]
  cloudDeploymentId: cldrsrc_abc123
  copy: {of: *base, hosts: *hosts}
  list: [*hosts]
`;
  const base = at(text, '&base');
  assert.deepEqual(
    base.aliases.map((alias) => where(text, alias)),
    ['6:*base', '8:*base'],
  );
  assert.equal(where(text, at(text, '*more').anchor), '2:&more');
  assert.deepEqual(
    at(text, '*hosts', 1).aliases.map((alias) => where(text, alias)),
    ['8:*hosts', '9:*hosts'],
  );
  assert.equal(
    renamed(text, at(text, '*base', 1), 'azureDefaults'),
    `defaults: &azureDefaults
  cloudProvider: azure
extra: &more {auth: {audience: api://x}}
hosts: &hosts
  - a.example.com
global:
  <<: [*azureDefaults, *more]
  cloudDeploymentId: cldrsrc_abc123
  copy: {of: *azureDefaults, hosts: *hosts}
  list: [*hosts]
`,
  );
});

test('rename: the anchor and the aliases bound to it, not those of a same-named redefinition; names alone', () => {
  const result = renameYamlAnchor(at(VALUES, '*url', 3), 'consoleURL');
  assert.ok(result.ok);
  assert.ok(
    result.edits.every((edit) => VALUES.slice(edit.start, edit.end) === 'url'),
    'each edit replaces a name and nothing else',
  );
  const after = renamed(VALUES, at(VALUES, '*url', 3), 'consoleURL');
  assert.equal(
    after,
    VALUES.replace('&url https://console', '&consoleURL https://console')
      .replace('url: *url', 'url: *consoleURL')
      .replace('first: *url', 'first: *consoleURL'),
  );
  // The redefinition, its alias, the comment, the strings and the block scalar are as written.
  for (const kept of ['&url https://example', 'second: *url', 'naming *url and &url', '"*url &url"', 'a &url b *url'])
    assert.ok(after.includes(kept), kept);
  // From the redefinition's alias: that anchor and its alias alone.
  assert.equal(
    renamed(VALUES, at(VALUES, '*url', 6), 'otherURL'),
    VALUES.replace('&url https://example', '&otherURL https://example').replace('second: *url', 'second: *otherURL'),
  );
});

test('rename refuses a name go-yaml v2 cannot read, saying which characters it can', () => {
  const found = at(VALUES, '&url https://console');
  for (const bad of ['my url', 'a,b', 'a[0]', '{x}', 'a.b', 'prod:url', 'ürl', '', 'url\n'])
    assert.match(
      (renameYamlAnchor(found, bad) as { message: string }).message,
      /is not an anchor name Helm and kubectl can read: use ASCII letters, digits, '_' and '-'/,
      JSON.stringify(bad),
    );
  assert.match((renameYamlAnchor(found, '&console') as { message: string }).message, /without its `&`/);
  assert.match((renameYamlAnchor(found, '*console') as { message: string }).message, /without its `\*`/);
  for (const good of ['console-url_2', 'URL', '0', 'url']) assert.ok(renameYamlAnchor(found, good).ok, good);
});

test('rename refuses a name that would make an alias read another node', () => {
  const text = `global:
  cloudProvider: azure
  a: &one 1
  b: &two 2
  c: *one
  d: *two
  e: &three 3
  f: *one
`;
  // `&two` sits between `&one` and its aliases: they would read it.
  assert.match(
    (renameYamlAnchor(at(text, '&one'), 'two') as { message: string }).message,
    /An anchor `&two` comes between this anchor and its aliases/,
  );
  // `*one` after `&two` would read the renamed anchor instead of `&one`.
  assert.match(
    (renameYamlAnchor(at(text, '&two'), 'one') as { message: string }).message,
    /An alias `\*one` comes after this anchor/,
  );
  // `&three` comes after the last alias of `&two`: the aliases still read what they read.
  assert.equal(renamed(text, at(text, '&two'), 'three'), text.replace('&two', '&three').replace('*two', '*three'));
  assert.ok(renameYamlAnchor(at(text, '&three'), 'two').ok, "after &two's last alias");
});

test('only in operator values and Gateway manifests: other YAML, and a text too deep to parse, get nothing', () => {
  const other = 'name: &a 1\nother: *a\n';
  assert.equal(yamlAnchorAt(other, offsetOf(other, '&a')), undefined, 'an anchor in other YAML');
  assert.equal(yamlAnchorAt(other, offsetOf(other, '*a')), undefined, 'an alias in other YAML');
  const gateway = `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: anyscale-gateway
spec:
  listeners:
    - &https
      name: https-head
      protocol: HTTPS
      port: 443
      hostname: '*.i.azure.anyscaleuserdata.com'
    - <<: *https
      name: https-services
`;
  assert.deepEqual(
    at(gateway, '*https').aliases.map((alias) => where(gateway, alias)),
    ['11:*https'],
  );
  assert.equal(yamlAnchorAt(gateway, offsetOf(gateway, "'*.i.azure")), undefined, 'a quoted wildcard host');
  const deep = `global:\n  cloudProvider: &p azure\n${'['.repeat(500)}*p${']'.repeat(500)}\n`;
  assert.equal(yamlAnchorAt(deep, offsetOf(deep, '&p')), undefined);
});

test('the names are read once per version: the analysis reads them from its own parse, and navigation reuses them', () => {
  const text = `${VALUES}---\n${VALUES}`;
  const analysis = analyzeDocument(text, { languageId: 'yaml' }, { uri: 'file:///values.yaml' });
  assert.ok(analysis.yaml);
  const [first, second] = analysis.yaml.documents;
  // Each document's CST is its own, from the same parse: the first name of the second is on line 3 of the second copy
  // (VALUES has 15 lines; the copy starts after `---`).
  assert.equal(second.cst.offset, first.span.end);
  const secondNames = anchorNamesIn(second);
  assert.equal(where(text, secondNames[0]), `${VALUES.split('\n').length + 3}:&url`);
  // Definition, prepareRename and rename on one version read the names the analysis kept (not a CST parsed again).
  const offset = text.lastIndexOf('*url') + 1;
  assert.equal(yamlAnchorAt(text, offset, analysis.yaml)?.inDocument, secondNames);
  assert.equal(yamlAnchorAt(text, offset, analysis.yaml)?.inDocument, secondNames);
  assert.equal(anchorNamesIn(first), anchorNamesIn(first));
});
