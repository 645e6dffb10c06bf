// YAML anchors in operator values (service/yaml/anchors.ts): merge keys (`<<: *base`) and aliases (`*url`) are read as
// Helm reads them (go-yaml, YAML 1.1), so a key written through an anchor is neither missing nor unknown, a mistake
// in an anchor is reported where it is written, and no fix edits what other places may use too.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isMap, isScalar, parseDocument, type YAMLMap } from 'yaml';
import { analyzeDocument } from '../../server/src/service/analyze';
import { pairsInEffect } from '../../server/src/service/yaml/anchors';

const yaml = (text: string) => analyzeDocument(text, { languageId: 'yaml' }, { uri: 'file:///values.yaml' });

/** The keys in effect of the map at `key` of a document, with their values, `(merged)` when merged in. */
function inEffect(text: string, key: string): string[] {
  const root = parseDocument(text).contents as YAMLMap;
  const map = root.get(key, true);
  assert.ok(isMap(map));
  return pairsInEffect(map, root).map(({ pair, merged }) => {
    const value = isScalar(pair.value) ? String(pair.value.value) : '…';
    return `${String((pair.key as { value: unknown }).value)}=${value}${merged ? ' (merged)' : ''}`;
  });
}

test('merge keys as go-yaml v2 applies them: in the order written, later wins; of a list the first map wins', () => {
  const anchors = 'a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nc: &c {<<: *b, w: 3}\n';
  // The list applies *b, then *a over it; the merge comes after y, so it replaces y too.
  assert.deepEqual(inEffect(`${anchors}m:\n  y: 0\n  <<: [*a, *b]\n`, 'm'), [
    'y=1 (merged)',
    'x=1 (merged)',
    'z=2 (merged)',
  ]);
  // A key written after the merge key replaces the merged one; a merged map's own merges apply first.
  assert.deepEqual(inEffect(`${anchors}m:\n  <<: *c\n  x: 9\n`, 'm'), ['x=9', 'z=2 (merged)', 'w=3 (merged)']);
  // An inline map, and a quoted "<<", which is an ordinary key.
  assert.deepEqual(inEffect('m:\n  <<: {x: 1}\n  "<<": 2\n', 'm'), ['x=1 (merged)', '<<=2']);
  // An alias to no anchor merges nothing; a map merged into itself is read once.
  assert.deepEqual(inEffect('m:\n  <<: *nothing\n  x: 1\n', 'm'), ['x=1']);
  assert.deepEqual(inEffect('m: &m\n  x: 1\n  <<: *m\n', 'm'), ['x=1']);
});

const SHARED = `shared: &shared
  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz
  auth:
    audience: api://086bc555-6989-4362-ba30-fded273e432b/.default
    iamIdentity: 11111111-2222-3333-4444-555555555555
`;
const WORKLOADS = 'workloads:\n  serviceAccount:\n    name: anyscale-operator\n';

test('a values file that writes global through a merge key or an alias: nothing missing, no "<<" key', () => {
  const merged = `${SHARED}global:\n  <<: *shared\n  cloudProvider: azure\n  controlPlaneURL: https://console.azure.anyscale.com\n${WORKLOADS}`;
  // Only the top-level holder of the anchor, which Helm passes to the chart and the chart ignores.
  assert.deepEqual(
    yaml(merged).findings.map((finding) => `${finding.code} ${finding.message}`),
    ['values-unknown-key The anyscale-operator chart has no key "shared" at the top level: Helm ignores it silently.'],
  );
  const aliased = `g: &g\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n  cloudProvider: aws\n  controlPlaneURL: https://console.anyscale.com\n  aws:\n    region: us-west-2\n  auth:\n    iamIdentity: arn:aws:iam::123456789012:role/x\nglobal: *g\n${WORKLOADS}`;
  assert.deepEqual(
    yaml(aliased).findings.map((finding) => finding.code),
    ['values-unknown-key'],
  );
  // A value written as an alias is the anchored value: the service account is set (it was "not set").
  const serviceAccount = (name: string) =>
    `names: {account: &account anyscale-operator}\nglobal:\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n  cloudProvider: azure\nworkloads:\n  serviceAccount:\n    name: ${name}\n`;
  const accountNotSet = (text: string) =>
    yaml(text).findings.some((finding) => finding.code === 'values-workload-service-account');
  assert.equal(accountNotSet(serviceAccount('*account')), false);
  assert.equal(accountNotSet(serviceAccount('')), true, 'the rule applies to this file');
  // Classified by keys it has only through the anchor.
  assert.equal(yaml(`${SHARED}global:\n  <<: *shared\n`).kind, 'operatorValues');
});

test('a mistake written in an anchor is reported where it is written, without a fix', () => {
  const text = `${SHARED}  cloudProvider: Azure\nurl: &url https://console.azure.anyscale.com/\nglobal:\n  <<: *shared\n  controlPlaneURL: *url\n  cloudProviderr: azure\n${WORKLOADS}`;
  const findings = yaml(text).findings;
  const provider = findings.find((finding) => finding.code === 'values-value-not-allowed');
  assert.ok(provider, 'the provider written in the anchor is checked');
  assert.equal(text.slice(provider.start, provider.end), 'Azure');
  assert.equal(provider.fixes, undefined);
  const slash = findings.find((finding) => finding.code === 'values-control-plane-url-trailing-slash');
  assert.ok(slash, 'the URL read through the alias is checked');
  // At the anchor, where the value is written, not at the alias.
  assert.equal(text.slice(slash.start, slash.end), 'https://console.azure.anyscale.com/');
  assert.equal(slash.fixes, undefined);
  // A key written in the map itself keeps its fix.
  const typo = findings.find(
    (finding) => finding.code === 'values-unknown-key' && finding.message.includes('cloudProviderr'),
  );
  assert.ok(typo?.fixes?.length);
});

test('a typo in a merged map is reported without the rename that would change every map merging it', () => {
  const text = `base: &base\n  cloudProviderr: azure\nglobal:\n  <<: *base\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n`;
  const typo = yaml(text).findings.find(
    (finding) => finding.code === 'values-unknown-key' && finding.message.includes('cloudProviderr'),
  );
  assert.ok(typo);
  assert.equal(text.slice(typo.start, typo.end), 'cloudProviderr');
  assert.equal(typo.fixes, undefined);
});

test('what Helm reads differently from the merge spec: several merge keys, a merge after a key, an anchored value', () => {
  const base = `global:\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n`;
  const slash = (text: string) =>
    yaml(text).findings.find((finding) => finding.code === 'values-control-plane-url-trailing-slash');
  // Two merge keys in one map: go-yaml v2 takes both (no "keys must be unique" syntax error), in order.
  const twice = `a: &a {cloudProvider: azure}\n${base}  <<: *a\n  <<: {controlPlaneURL: "https://console.azure.anyscale.com/"}\n`;
  assert.deepEqual(yaml(twice).syntaxErrors, []);
  assert.ok(slash(twice), 'the second merge key is read');
  // A merge key after a key replaces it: Helm sees the merged URL.
  const after = `a: &a {controlPlaneURL: "https://console.azure.anyscale.com/"}\n${base}  controlPlaneURL: https://console.azure.anyscale.com\n  <<: *a\n`;
  assert.ok(slash(after), 'the merged value replaces the one written before the merge key');
  // A value that carries an anchor an alias uses is reported where it is, without a fix (fixSafety.test.ts: one no
  // alias uses keeps its fix and its anchor).
  const anchored = `${base}  cloudProvider: azure\n  controlPlaneURL: &url https://console.azure.anyscale.com/\nother: *url\n`;
  const finding = slash(anchored);
  assert.ok(finding);
  assert.equal(finding.fixes, undefined);
});

/** An operator values file: its `global` section, then `body`. */
const values = (body: string) =>
  `global:\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n  cloudProvider: azure\n${body}`;

/**
 * Each problem of a text that only Helm rejects as `the text underlined: go-yaml's error`, and the character named
 * when the message names one (`holds '.'`).
 */
function problems(text: string): string[] {
  const analysis = yaml(text);
  assert.ok(analysis.syntaxErrors.every((problem) => problem.onlyHelmRejects));
  return analysis.syntaxErrors.map((problem) => {
    const character = /holds '(.+?)'/.exec(problem.message)?.[1];
    const error = problem.message.split(':')[1].trim();
    return `${text.slice(problem.start, problem.end)}: ${error}${character === undefined ? '' : ` ${character}`}`;
  });
}

test('what go-yaml v2 rejects in anchors stops the checks, at the alias or merge that is wrong; the rest is not flagged', () => {
  assert.deepEqual(problems(values('  controlPlaneURL: *url\n')), ["*url: unknown anchor 'url' referenced"]);
  // An anchor after the alias, or in another document, is not one before it.
  assert.deepEqual(problems(values('  controlPlaneURL: *url\nurls: {azure: &url x}\n')), [
    "*url: unknown anchor 'url' referenced",
  ]);
  assert.deepEqual(problems(`urls: {azure: &url x}\n---\n${values('  controlPlaneURL: *url\n')}`), [
    "*url: unknown anchor 'url' referenced",
  ]);
  // A wildcard host written unquoted reads as an alias: the message says to quote it.
  const unquoted = yaml(values('networking:\n  gateway:\n    hostname: *.i.azure.anyscaleuserdata.com\n'));
  assert.match(
    unquoted.syntaxErrors[0]?.message ?? '',
    /a value starting with \* is read as an alias: quote it, '\*\.i\.azure\.anyscaleuserdata\.com'\)$/,
  );
  assert.doesNotMatch(yaml(values('  controlPlaneURL: *url\n')).syntaxErrors[0].message, /quote it/);
  assert.deepEqual(problems(values('workloads: &w\n  serviceAccount: {name: *w}\n')), [
    "*w: anchor 'w' value contains itself",
  ]);
  assert.deepEqual(
    problems(
      `list: &list [{a: 1}]\nname: &name x\n${values('  <<: *list\n  aws:\n    <<: [*name]\n  gcp:\n    <<: 1\n')}`,
    ),
    [
      '*list: map merge requires map or sequence of maps as the value',
      '[*name]: map merge requires map or sequence of maps as the value',
      '1: map merge requires map or sequence of maps as the value',
    ],
  );
  // The checks did not run: a file Helm cannot read gets no finding about its values.
  assert.deepEqual(yaml(values('  controlPlaneURL: *url\n')).findings, []);
  // What go-yaml v2 reads: an anchor redefined (the latest before the alias), an alias of an anchor before it, a
  // merge of a map, an alias of a map, a list of both.
  const fine = `a: &a {x: 1}\nb: &a {y: 1}\nc: *a\nd: &d\n  e: &d 1\n  f: *d\n${values('  <<: [*a, {z: 1}]\n  aws: {<<: *a}\n  controlPlaneURL: &u https://console.azure.anyscale.com\nurl: *u\n')}`;
  assert.deepEqual(problems(fine), []);
  // A file that is not ours is not read the way Helm reads it.
  assert.deepEqual(yaml('jobs:\n  build: *missing\n').syntaxErrors, []);
});

test('an anchor or alias name go-yaml v2 cannot read is an error at the name; one it reads, or may read, is not', () => {
  const dotted = values('  controlPlaneURL: &a.b https://console.azure.anyscale.com\nurl: *a.b\n');
  assert.deepEqual(problems(dotted), [
    'a.b: did not find expected alphabetic or numeric character .',
    'a.b: did not find expected alphabetic or numeric character .',
  ]);
  assert.equal(
    yaml(dotted).syntaxErrors[0].message,
    "YAML error: did not find expected alphabetic or numeric character: the anchor name 'a.b' holds '.', which Helm and kubectl do not read in an anchor name (letters, digits, _ and - only): rename the anchor and its aliases (Rename Symbol renames them together), e.g. 'a-b', or Helm and kubectl reject the file",
  );
  // The checks wait for it, as for any file Helm cannot read.
  assert.deepEqual(yaml(dotted).findings, []);
  // An alias alone (its anchor's name is fine: go-yaml stops at the alias's name, not at a missing anchor).
  assert.deepEqual(problems(values('a: &a 1\nb: *a.b\n')), [
    'a.b: did not find expected alphabetic or numeric character .',
  ]);
  // Not ASCII: the whole character is named; the name suggested drops the accent; an anchor on a key, after a tag.
  assert.deepEqual(problems(values('a: &ü 1\n&schlüssel k: !!str &ß v\n')), [
    'ü: did not find expected alphabetic or numeric character ü',
    'schlüssel: did not find expected alphabetic or numeric character ü',
    'ß: did not find expected alphabetic or numeric character ß',
  ]);
  assert.match(yaml(values('a: &schlüssel 1\n')).syntaxErrors[0].message, /, e\.g\. 'schlussel', /);
  assert.deepEqual(problems(values('a: &😀x 1\n')), ['😀x: did not find expected alphabetic or numeric character 😀']);
  // In the order written, with the other anchor problems.
  assert.deepEqual(problems(values('a: &a.b 1\nb: *missing\n')), [
    'a.b: did not find expected alphabetic or numeric character .',
    "*missing: unknown anchor 'missing' referenced",
  ]);
  // Nothing go-yaml reads before it: an error whatever the character.
  assert.deepEqual(problems(values('a: &:a 1\n')), [':a: did not find expected alphabetic or numeric character :']);
  // go-yaml ends the name at `%`, `@` or a backquote, which then start no token.
  assert.deepEqual(problems(values('a: &a@b 1\n')), ['a@b: found character that cannot start any token @']);
  // At `:` or `?` go-yaml ends the name and reads on (`&a:b` is the anchor `a` on the scalar `:b`): it may parse.
  assert.deepEqual(problems(values('a: &a:b 1\nb: &c?d 2\n')), []);
  // Names go-yaml reads, and `&` or `*` that are no anchor: in strings, comments, block scalars, URLs.
  const fine = values(
    `  controlPlaneURL: &a_b-1 https://console.azure.anyscale.com\nurl: *a_b-1\nnote: "&a.b *c.d" # &e.f *g.h\nplain: x &a.b\nblock: |\n  &a.b *c.d\nquery: https://example.com/?a=1&b.c=2\n`,
  );
  assert.deepEqual(problems(fine), []);
});

test("a name go-yaml v2 ends at : or ? is reported with what Helm reads there: an error in block context and after a pair's :, nothing where it reads a pair", () => {
  // Each case checked against gopkg.in/yaml.v2 (v2 branch, 7649d45) reading the file as Helm does.
  const a = 'a: &a 1\n';
  // In block context go-yaml reads the alias `*a`, then the plain scalar `:b`, which cannot follow it on its line.
  assert.deepEqual(problems(values(`${a}b: *a:b\nc: *a?b\n`)), [
    'a:b: did not find expected key',
    'a?b: did not find expected key',
  ]);
  assert.deepEqual(problems(values(`${a}b:\n  - *a:b\n`)), ["a:b: did not find expected '-' indicator"]);
  // An indentless list (`- ` at its key's indentation) ends inside its map: go-yaml then wants a key.
  assert.deepEqual(problems(values(`${a}b:\n- *a:b\n`)), ['a:b: did not find expected key']);
  // In a flow collection `:` starts a pair's value: after a pair's own `:` nothing more may come; `?` starts a key.
  assert.deepEqual(problems(values(`${a}b: {k: *a:b}\nc: [k: *a:b]\nd: [*a?b]\ne: {k: &e:f 1}\nf: [&g?h 1]\n`)), [
    "a:b: did not find expected ',' or '}'",
    "a:b: did not find expected ',' or ']'",
    "a?b: did not find expected ',' or ']'",
    "e:f: did not find expected ',' or '}'",
    "g?h: did not find expected ',' or ']'",
  ]);
  // Where a key may stand it is the pair `*a: b`, which go-yaml reads; so is an anchor `&c:d` in block context (the
  // anchor `c` on the scalar `:d 1`), which an alias `*c` names.
  assert.deepEqual(problems(values(`${a}b: [*a:b, x, *a:b]\nc: {*a:b}\nd: &c:d 1\ne: [&f:g 1]\nh: *c\n`)), []);
  // go-yaml resolves the alias by the name it reads before it reads on: with no `&a` before it, that is the error.
  assert.deepEqual(problems(values('b: *a:b\nc: [*d:e]\n')), [
    "*a:b: unknown anchor 'a' referenced",
    "*d:e: unknown anchor 'd' referenced",
  ]);
  const [ended] = yaml(values(`${a}b: *a:b\n`)).syntaxErrors;
  assert.equal(
    ended.message,
    "YAML error: did not find expected key: Helm and kubectl end the alias name 'a:b' at ':' (letters, digits, _ and - only) and read the alias `*a` followed by ':b', which cannot come there: rename the anchor and its aliases (Rename Symbol renames them together), e.g. 'a-b', or Helm and kubectl reject the file",
  );
  assert.match(
    yaml(values('b: *a:b\n')).syntaxErrors[0].message,
    /^YAML error: unknown anchor 'a' referenced: Helm and kubectl end the alias name 'a:b' at ':' .* and no `&a` comes before this alias in its document/,
  );
});

test('a control character in an anchor or alias name is an error, as go-yaml v2 refuses one anywhere in a file', () => {
  // NUL, other C0 characters, DEL, C1 characters and U+FFFE: "control characters are not allowed" (readerc.go).
  // The name underlined as written; the message shows the character as `\u0000`.
  assert.deepEqual(problems(values('a: &a\u0000b 1\nb: *a\u0001\nc: &c\u007f 1\nd: &d\u0080e 1\nf: &f\ufffe 1\n')), [
    'a\u0000b: control characters are not allowed \\u0000',
    'a\u0001: control characters are not allowed \\u0001',
    'c\u007f: control characters are not allowed \\u007f',
    'd\u0080e: control characters are not allowed \\u0080',
    'f\ufffe: control characters are not allowed \\ufffe',
  ]);
  const [nul] = yaml(values('a: &a\u0000b 1\n')).syntaxErrors;
  assert.equal(
    nul.message,
    "YAML error: control characters are not allowed: the anchor name 'a\\u0000b' holds '\\u0000', which Helm and kubectl do not read anywhere in a file: rename the anchor and its aliases (Rename Symbol renames them together), e.g. 'a-b', or Helm and kubectl reject the file",
  );
  // A line break go-yaml knows and the `yaml` package does not (NEL) ends the name and its line: `&a` on `b`, which
  // go-yaml reads.
  assert.deepEqual(problems(values('a: &a\u0085  b\n')), []);
});

test('an unquoted wildcard host in a Gateway manifest is a name go-yaml v2 cannot read, and says to quote it', () => {
  const gateway = (hostname: string) =>
    `apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: anyscale\nspec:\n  gatewayClassName: nginx\n  listeners:\n    - name: https\n      hostname: ${hostname}\n      port: 443\n      protocol: HTTPS\n`;
  const text = gateway('*.i.azure.anyscaleuserdata.com');
  const analysis = analyzeDocument(text, { languageId: 'yaml' }, { uri: 'file:///gateway.yaml' });
  assert.equal(analysis.kind, 'gatewayManifest');
  assert.equal(analysis.syntaxErrors.length, 1, 'the name alone, not an unknown anchor too');
  const [problem] = analysis.syntaxErrors;
  assert.equal(text.slice(problem.start, problem.end), '.i.azure.anyscaleuserdata.com');
  assert.match(
    problem.message,
    /^YAML error: did not find expected alphabetic or numeric character: the alias name '\.i/,
  );
  assert.match(problem.message, /quote it, '\*\.i\.azure\.anyscaleuserdata\.com'\)$/);
  // An anchor Helm cannot read in a manifest, and the same manifest quoted and with a name it reads.
  const anchored = `${gateway('"*.i.azure.anyscaleuserdata.com"')}  addresses: &addr.list []\n`;
  const named = analyzeDocument(anchored, { languageId: 'yaml' }, { uri: 'file:///gateway.yaml' }).syntaxErrors;
  assert.deepEqual(
    named.map((found) => anchored.slice(found.start, found.end)),
    ['addr.list'],
  );
  const quoted = `${gateway('"*.i.azure.anyscaleuserdata.com"')}  addresses: &addresses []\n`;
  assert.deepEqual(analyzeDocument(quoted, { languageId: 'yaml' }, { uri: 'file:///gateway.yaml' }).syntaxErrors, []);
});
