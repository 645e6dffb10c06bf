// Editing features of YAML files: completions at the `<|>` marker of each fixture under test/fixtures/yaml-editing
// (chart keys with their docs, enum values, Gateway fields and hostnames, snippets), hover from the catalogs, the
// snippets checked against our own rules, and no crash at any offset of odd input.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { yamlCompletions, yamlHover, YamlVersion } from '../../server/src/service/yaml/features/yamlEditing';
import { expandSnippet, YAML_SNIPPETS } from '../../server/src/service/yaml/features/yamlSnippets';
import { expandSnippet as expandAsInserted } from '../support/snippetSyntax';
import { analyzeDocument } from '../../server/src/service/analyze';
import { WorkspaceIndex, NO_FACTS } from '../../server/src/service/index/workspaceIndex';
import type { CompletionEntry } from '../../server/src/service/features/editing';
import { scalarFix, scalarText } from '../../server/src/service/yaml/valuesEditor';
import { FIXTURES } from '../support/paths';

const MARKER = '<|>';
const DIR = path.join(FIXTURES, 'yaml-editing');

function atMarker(name: string): { text: string; offset: number } {
  const raw = fs.readFileSync(path.join(DIR, name), 'utf8');
  const offset = raw.indexOf(MARKER);
  assert.ok(offset >= 0, `${name} has no ${MARKER} marker`);
  return { text: raw.replace(MARKER, ''), offset };
}

const complete = (name: string) => {
  const { text, offset } = atMarker(name);
  return yamlCompletions(text, offset);
};
const labels = (entries: readonly CompletionEntry[]) => entries.map((entry) => entry.label);
const byLabel = (entries: readonly CompletionEntry[], label: string) => {
  const entry = entries.find((e) => e.label === label);
  assert.ok(entry, `no completion "${label}" among ${JSON.stringify(labels(entries))}`);
  return entry;
};

test('keys under global: the chart key being typed, with docs, type and choices; written, deprecated and pre-1.0 keys left out', () => {
  const entries = complete('values-global-key.yaml');
  const provider = byLabel(entries, 'cloudProvider');
  assert.equal(provider.kind, 'property');
  assert.match(provider.documentation ?? '', /lowercase names/);
  assert.match(provider.detail ?? '', /^string/);
  assert.equal(provider.insertText, 'cloudProvider: ${1|azure,aws,gcp,generic|}');
  assert.ok(provider.snippet);
  assert.match(byLabel(entries, 'controlPlaneURL').documentation ?? '', /https:\/\/console\.azure\.anyscale\.com/);
  for (const absent of ['cloudDeploymentId', 'auth', 'region', 'operatorIamIdentity', 'cloudResourceId'])
    assert.ok(!labels(entries).includes(absent), absent);
  const { text, offset } = atMarker('values-global-key.yaml');
  assert.equal(text.slice(provider.replace!.start, provider.replace!.end), 'cloudPro');
  assert.equal(provider.replace!.end, offset);
});

test('a key typed where the YAML is still incomplete (global:\\n  cloudPro) is placed under global', () => {
  const entries = complete('values-incomplete.yaml');
  assert.deepEqual(labels(entries).slice(0, 3), ['cloudDeploymentId', 'cloudProvider', 'controlPlaneURL']);
  assert.ok(!labels(entries).includes('networking'));
});

test('defaults show in the detail and the docs', () => {
  const { text } = atMarker('values-incomplete.yaml');
  const entries = yamlCompletions(text.replace('cloudPro', ''), text.indexOf('cloudPro'));
  const url = byLabel(entries, 'controlPlaneURL');
  assert.equal(url.detail, 'string · default "https://console.anyscale.com"');
  assert.match(url.documentation ?? '', /default `"https:\/\/console\.anyscale\.com"`/);
  assert.match(url.documentation ?? '', /\[.*\]\(https:\/\//, 'a source link');
});

test('global.cloudProvider offers exactly the four lowercase providers, azure preselected and sorted first', () => {
  const entries = complete('values-cloud-provider.yaml');
  // The editor orders by sortText: azure (the Azure product), then the catalog's order.
  const sorted = [...entries].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
  assert.deepEqual(labels(sorted), ['azure', 'aws', 'gcp', 'generic']);
  assert.ok(entries.every((entry) => entry.kind === 'value'));
  assert.equal(byLabel(entries, 'azure').preselect, true);
});

test('at the top level: the other sections, not global (written) and no snippet once global exists', () => {
  const entries = complete('values-top-level.yaml');
  assert.deepEqual(labels(entries), ['networking', 'patches', 'operator', 'credentialMount', 'ingress-nginx']);
  assert.equal(byLabel(entries, 'networking').insertText, 'networking:\n  $0');
});

test('enum values: networking.gateway.apiVersion, booleans, the control plane inside quotes', () => {
  assert.deepEqual(labels(complete('values-gateway-api-version.yaml')), [
    'gateway.networking.k8s.io/v1',
    'networking.istio.io/v1alpha3',
  ]);
  assert.deepEqual(labels(complete('values-boolean.yaml')), ['true', 'false']);
  const urls = complete('values-control-plane.yaml');
  const azure = byLabel(urls, 'https://console.azure.anyscale.com');
  assert.equal(azure.preselect, true);
  assert.equal(azure.insertText, 'https://console.azure.anyscale.com', 'no second pair of quotes inside "…"');
  assert.equal(
    byLabel(urls, 'https://cld-<id>.azure.anyscale-cloud.dev').insertText,
    'https://cld-${1:id}.azure.anyscale-cloud.dev',
  );
});

test('right after `key:` (the trigger character) values come with a space; a key with suggested values reopens the list', () => {
  const text = 'global:\n  cloudProvider:';
  const entries = yamlCompletions(text, text.length);
  assert.equal(byLabel(entries, 'azure').insertText, ' azure');
  assert.deepEqual(yamlCompletions('global:\n  auth:', 'global:\n  auth:'.length), [], 'a section has no values');
  const keys = yamlCompletions('global:\n  ', 'global:\n  '.length);
  assert.equal(byLabel(keys, 'controlPlaneURL').retrigger, true);
  assert.ok(!byLabel(keys, 'cloudProvider').retrigger, 'its choices are in the snippet');
});

test('excludeComponentVerification items: the allowed components not yet listed', () => {
  assert.deepEqual(labels(complete('values-exclude-components.yaml')), [
    'KUBERNETES_VERSION',
    'GATEWAY_RESOURCES',
    'CLOUD_RESOURCES',
    'IAM_IDENTITY',
    'KUBERNETES_PERMISSIONS',
  ]);
});

test('multi-document files: the values document between a Namespace and a Gateway gets global.auth keys', () => {
  assert.deepEqual(labels(complete('values-multi-document.yaml')), ['iamIdentity', 'anyscaleCliToken']);
});

test("in the ingress-nginx subchart's map: the one key the catalog names there, enabled, and nothing of the subchart's own", () => {
  const entries = complete('values-subchart.yaml');
  assert.deepEqual(labels(entries), ['enabled']);
  assert.match(byLabel(entries, 'enabled').documentation ?? '', /Ingress-NGINX/);
});

test('flow maps: the value of cloudProvider inside {…}', () => {
  assert.deepEqual(labels(complete('values-flow.yaml')), ['azure', 'aws', 'gcp', 'generic']);
});

test("an empty document offers the snippets; another chart's values get nothing", () => {
  const entries = complete('empty.yaml');
  assert.deepEqual(
    labels(entries),
    YAML_SNIPPETS.map((snippet) => snippet.label),
  );
  assert.ok(entries.every((entry) => entry.kind === 'snippet' && entry.snippet));
  assert.match(
    byLabel(entries, 'Anyscale operator values: Azure (AKS)').documentation ?? '',
    /controlPlaneURL: https:\/\/console\.azure\.anyscale\.com/,
  );
  assert.deepEqual(complete('ingress-nginx.yaml'), []);
});

test('Gateway listeners: the two Azure HTTPS hostnames, quoted; listener fields not yet written; protocol and TLS mode values', () => {
  const hostnames = complete('gateway-hostname.yaml');
  assert.deepEqual(labels(hostnames), ['*.i.azure.anyscaleuserdata.com', '*.s.azure.anyscaleuserdata.com']);
  assert.equal(hostnames[0].insertText, "'*.i.azure.anyscaleuserdata.com'");
  assert.deepEqual(labels(complete('gateway-listener-key.yaml')), ['hostname', 'protocol', 'tls', 'allowedRoutes']);
  assert.deepEqual(labels(complete('gateway-tls.yaml')), ['Terminate', 'Passthrough']);
  assert.deepEqual(labels(complete('gateway-protocol.yaml')).slice(0, 2), ['HTTPS', 'HTTP']);
  const secrets = complete('gateway-certificate.yaml');
  assert.deepEqual(labels(secrets), ['anyscale-<id>-certificate', 'anyscale-svc-<id>-certificate']);
  assert.equal(secrets[0].insertText, 'anyscale-${1:cldrsrc-id}-certificate');
});

test('hover: meaning, type, allowed values and source of a key; deprecated and pre-1.0 keys say where they moved', () => {
  const text = fs.readFileSync(path.join(DIR, 'hover.yaml'), 'utf8');
  const hoverOn = (word: string, from = 0) => yamlHover(text, text.indexOf(word, from) + 2);
  const provider = hoverOn('cloudProvider')!;
  assert.equal(text.slice(provider.range.start, provider.range.end), 'cloudProvider');
  assert.match(provider.markdown, /\*\*global\.cloudProvider\*\* · `string`/);
  assert.match(provider.markdown, /Allowed: `aws`, `gcp`, `azure`, `generic`/);
  assert.match(provider.markdown, /Source: \[anyscale-operator chart 1\.8\.0 templates/);
  assert.match(hoverOn('region')!.markdown, /\*\*Deprecated\*\*: use `global\.aws\.region`/);
  const legacy = hoverOn('operatorIamIdentity')!;
  assert.match(legacy.markdown, /pre-1\.0 key/);
  assert.match(legacy.markdown, /moved it to `global\.auth\.iamIdentity`/);
  assert.match(legacy.markdown, /MIGRATION_README/);
  // The migration guide moves `region` to global.region, which the chart deprecates for global.aws.region.
  const legacyRegion = yamlHover('region: us-west-2\ncloudDeploymentId: cldrsrc_abc\n', 2)!;
  assert.match(legacyRegion.markdown, /moved it to `global\.region`, since deprecated: use `global\.aws\.region`/);
  assert.equal(hoverOn('notAChartKey'), undefined);
  assert.equal(hoverOn('console.azure'), undefined, 'values get no hover');
  const hostname = hoverOn('hostname')!;
  assert.match(hostname.markdown, /\*\*spec\.listeners\[\]\.hostname\*\*/);
  assert.match(hostname.markdown, /\*\.s\.azure\.anyscaleuserdata\.com/);
});

test('hover on the top-level controlPlaneURL of pre-1.0 values: the key the 0.x chart read, now global.controlPlaneURL', () => {
  const text = fs.readFileSync(path.join(FIXTURES, 'rules', 'values-legacy-key', 'fail-control-plane.yaml'), 'utf8');
  const hover = yamlHover(text, text.indexOf('controlPlaneURL:') + 2)!;
  assert.ok(hover, 'a hover on controlPlaneURL');
  const [head, moved, target, source] = hover.markdown.split('\n\n');
  assert.equal(head, '**controlPlaneURL** · pre-1.0 key');
  assert.equal(moved, 'Chart 1.0 moved it to `global.controlPlaneURL`. The 1.x chart ignores the old key.');
  assert.match(
    target,
    /^`global\.controlPlaneURL`: .*Must be `https:\/\/console\.azure\.anyscale\.com`.*No trailing slash\./,
  );
  assert.match(
    source,
    /^Source: \[anyscale-operator chart 0\.9\.2 templates\/_helpers\.tpl.*anyscale-operator-0\.9\.2/,
  );
});

test('hover on a Gateway value: what that value is for first, then the field it is in', () => {
  const text = fs.readFileSync(path.join(DIR, 'hover.yaml'), 'utf8');
  const hoverOn = (word: string) => yamlHover(text, text.indexOf(word) + 2);
  const hostname = hoverOn("'*.i.azure")!;
  assert.ok(hostname, 'a hover on the hostname value');
  assert.equal(text.slice(hostname.range.start, hostname.range.end), "'*.i.azure.anyscaleuserdata.com'");
  assert.match(hostname.markdown, /^`\*\.i\.azure\.anyscaleuserdata\.com`: Anyscale on Azure: head-node traffic/);
  assert.match(hostname.markdown, /\*\*spec\.listeners\[\]\.hostname\*\*/);
  const secret = hoverOn('anyscale-svc-cldrsrc')!;
  assert.ok(secret, 'a hover on the secret name');
  assert.match(secret.markdown, /^`anyscale-svc-cldrsrc-abc123-certificate`: Service certificate/);
  assert.match(secret.markdown, /\*\*spec\.listeners\[\]\.tls\.certificateRefs\[\]\.name\*\*/);
  // A value with no description of its own gets the field's.
  assert.match(hoverOn('HTTPS')!.markdown, /^\*\*spec\.listeners\[\]\.protocol\*\*/);
});

test('hover on a TLS secret name the operator never creates says so and names the secret the diagnostic names, never the role it imitates', () => {
  const text = fs.readFileSync(path.join(FIXTURES, 'rules', 'gateway-tls-secret-invalid', 'fail.yaml'), 'utf8');
  const written = 'anyscale-cldrsrc_abc123def456-certificate';
  const hover = yamlHover(text, text.indexOf(written) + 2)!;
  assert.ok(hover, 'a hover on the secret name');
  assert.equal(text.slice(hover.range.start, hover.range.end), written);
  const [finding] = analyzeDocument(text, { languageId: 'yaml' }).findings.filter(
    (f) => f.code === 'gateway-tls-secret-invalid',
  );
  const expected = /creates "([^"]+)"/.exec(finding.message)?.[1];
  assert.equal(expected, 'anyscale-cldrsrc-abc123def456-certificate');
  assert.match(
    hover.markdown,
    new RegExp(`^\`${written}\`: no secret of this name will exist: Kubernetes names have no underscores`),
  );
  assert.ok(
    hover.markdown.includes(`the head-node certificate after the cloud resource ID with hyphens: \`${expected}\``),
  );
  assert.doesNotMatch(hover.markdown, /Head-node certificate \(the cloud resource ID with hyphens\)/);
  // The right name beside it is still described as what it is.
  const service = yamlHover(text, text.indexOf('anyscale-svc-cldrsrc-abc123def456') + 2)!;
  assert.match(service.markdown, /^`anyscale-svc-cldrsrc-abc123def456-certificate`: Service certificate/);
  // A placeholder left in the ID: the same words as the diagnostic, for the service certificate.
  const placeholder = yamlHover(
    text.replace('anyscale-svc-cldrsrc-abc123def456', 'anyscale-svc-cldrsrc-<id>'),
    text.indexOf('anyscale-svc-cldrsrc-abc123def456') + 2,
  )!;
  assert.match(
    placeholder.markdown,
    /^`anyscale-svc-cldrsrc-<id>-certificate`: no secret of this name will exist: it still has the placeholder `<id>`\. The operator names the service certificate after the cloud resource ID with hyphens: `anyscale-svc-cldrsrc-…-certificate`\./,
  );
});

test('hover on an uppercase TLS secret name: Kubernetes names are lowercase, so it is no certificate; the diagnostic names the same secret', () => {
  const text = fs.readFileSync(
    path.join(FIXTURES, 'rules', 'gateway-tls-secret-invalid', 'fail-uppercase.yaml'),
    'utf8',
  );
  const findings = analyzeDocument(text, { languageId: 'yaml' }).findings.filter(
    (f) => f.code === 'gateway-tls-secret-invalid',
  );
  const named = findings.map((f) => /creates "([^"]+)"/.exec(f.message)?.[1]);
  assert.deepEqual(named, [
    'anyscale-cldrsrc-abc123def456-certificate',
    'anyscale-svc-cldrsrc-abc123def456-certificate',
  ]);
  const upper = yamlHover(text, text.indexOf('ANYSCALE-CLDRSRC') + 2)!;
  assert.match(
    upper.markdown,
    /^`ANYSCALE-CLDRSRC-ABC123DEF456-CERTIFICATE`: no secret of this name will exist: Kubernetes names are lowercase\. The operator names the head-node certificate after the cloud resource ID with hyphens: `anyscale-cldrsrc-abc123def456-certificate`\./,
  );
  assert.doesNotMatch(upper.markdown, /Head-node certificate \(the cloud resource ID with hyphens\)/);
  const mixed = yamlHover(text, text.indexOf('Anyscale-svc') + 2)!;
  assert.match(
    mixed.markdown,
    /^`Anyscale-svc-cldrsrc_abc123def456-certificate`: no secret of this name will exist: Kubernetes names are lowercase and have no underscores\. The operator names the service certificate after the cloud resource ID with hyphens: `anyscale-svc-cldrsrc-abc123def456-certificate`\./,
  );
});

test('hover: a Gateway value is described only in its own case (Kubernetes names and hostnames are lowercase)', () => {
  const text = fs.readFileSync(path.join(DIR, 'hover.yaml'), 'utf8');
  const hoverOn = (changed: string, word: string) => yamlHover(changed, changed.indexOf(word) + 2)!;
  const hostname = hoverOn(text.replace("'*.i.azure", "'*.I.AZURE"), "'*.I.AZURE");
  assert.match(hostname.markdown, /^\*\*spec\.listeners\[\]\.hostname\*\*/, 'the field alone, no "head-node traffic"');
});

/** A workspace holding an Anyscale on Azure template, so the Azure-only rules apply. */
function azureWorkspace(): WorkspaceIndex {
  const index = new WorkspaceIndex();
  index.set('file:///template.json', { ...NO_FACTS, anyscalePlatform: true });
  return index;
}

/** What fills the snippets' `<placeholders>` in a real file. */
const FILLED: Record<string, string> = {
  '<cloud-resource-id>': 'cldrsrc_abc123def456',
  '<operator-identity-client-id>': '6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b',
  '<operator-role-arn>': 'arn:aws:iam::123456789012:role/anyscale-operator',
  '<operator-service-account-email>': 'anyscale-operator@my-project.iam.gserviceaccount.com',
  'cldrsrc-<id>': 'cldrsrc-abc123def456',
};

test('every snippet, expanded with its defaults, passes our rules except the placeholders left to fill in', () => {
  // Each snippet leaves the cloud resource ID to fill in; the identity placeholders are flagged too.
  const expected: Record<string, string[]> = {
    'Anyscale operator values: Azure (AKS)': [
      'values-cloud-deployment-id-invalid <cloud-resource-id>',
      'values-iam-identity-format <operator-identity-client-id>',
    ],
    'Anyscale operator values: EKS': [
      'values-cloud-deployment-id-invalid <cloud-resource-id>',
      'values-iam-identity-format <operator-role-arn>',
    ],
    'Anyscale operator values: GKE': [
      'values-cloud-deployment-id-invalid <cloud-resource-id>',
      'values-iam-identity-format <operator-service-account-email>',
    ],
    'Anyscale operator values: Generic': ['values-cloud-deployment-id-invalid <cloud-resource-id>'],
    // The secret names' cloud resource ID is left to fill in too.
    'Gateway for Anyscale on Azure (two HTTPS listeners)': [
      'gateway-tls-secret-invalid anyscale-cldrsrc-<id>-certificate',
      'gateway-tls-secret-invalid anyscale-svc-cldrsrc-<id>-certificate',
    ],
  };
  assert.deepEqual(YAML_SNIPPETS.map((snippet) => snippet.label).sort(), Object.keys(expected).sort());
  for (const snippet of YAML_SNIPPETS) {
    // Expanded as VS Code inserts it (test/support/snippetSyntax.ts), not with the docs preview's simpler expander.
    const { text, variables } = expandAsInserted(snippet.body);
    assert.deepEqual(
      variables,
      [],
      `${snippet.label}: a \`$\` read as a variable is lost on insertion (escape it as \\$)`,
    );
    assert.doesNotMatch(text, /\$\{|\$\d/, `${snippet.label}: placeholders left after expansion`);
    for (const workspace of [undefined, azureWorkspace()]) {
      const analysis = analyzeDocument(text, { languageId: 'yaml' }, { uri: 'file:///new.yaml', workspace });
      assert.deepEqual(analysis.syntaxErrors, [], snippet.label);
      assert.equal(analysis.kind, snippet.role === 'gateway' ? 'gatewayManifest' : 'operatorValues', snippet.label);
      const problems = analysis.findings
        .filter((f) => f.severity === 'error' || f.severity === 'warning')
        .map((f) => `${f.code} ${text.slice(f.start, f.end)}`);
      assert.deepEqual(
        problems,
        expected[snippet.label],
        `${snippet.label}${workspace ? ' in an Azure workspace' : ''}`,
      );
      // Filled in, nothing is left.
      const filled = Object.entries(FILLED).reduce(
        (out, [placeholder, value]) => out.split(placeholder).join(value),
        text,
      );
      const after = analyzeDocument(filled, { languageId: 'yaml' }, { uri: 'file:///new.yaml', workspace });
      assert.deepEqual(
        after.findings.filter((f) => f.severity !== 'info').map((f) => f.code),
        [],
        `${snippet.label} filled in`,
      );
    }
  }
});

test("the Azure snippet has what the docs list; the Gateway snippet both HTTPS listeners with the operator's secret names", () => {
  const azure = expandSnippet(YAML_SNIPPETS.find((s) => s.label.includes('Azure (AKS)'))!.body);
  for (const line of [
    'cloudProvider: azure',
    'controlPlaneURL: https://console.azure.anyscale.com',
    'audience: api://086bc555-6989-4362-ba30-fded273e432b/.default',
    'name: anyscale-operator',
    'enabled: true',
  ])
    assert.ok(azure.includes(line), line);
  const gateway = expandSnippet(YAML_SNIPPETS.find((s) => s.role === 'gateway')!.body);
  assert.match(
    gateway,
    /hostname: '\*\.i\.azure\.anyscaleuserdata\.com'[\s\S]*name: anyscale-cldrsrc-<id>-certificate/,
  );
  assert.match(
    gateway,
    /hostname: '\*\.s\.azure\.anyscaleuserdata\.com'[\s\S]*name: anyscale-svc-cldrsrc-<id>-certificate/,
  );
  assert.equal(expandSnippet('a \\$HOME ${1:x} ${1} ${2|p,q|} $0'), 'a $HOME x x p ');
});

test('no crash and no throw at any offset: fixtures, CRLF, broken and odd YAML', () => {
  const texts = [
    ...fs.readdirSync(DIR).map((name) => fs.readFileSync(path.join(DIR, name), 'utf8').replace(MARKER, '')),
    'global:\r\n  cloudProvider: azure\r\n  \r\n',
    'global: {a: [b, {c: "d\n',
    '[[[[[[[[[[{{{{{{:::---\n---\n...\n- - - -\n  - : :\n',
    '\u0000\u0001\ufffd binary\u0000: x\n',
    `${'  '.repeat(200)}deep: x\n`,
    'key: |\n  block: text\n  more: lines\n',
    '"quoted key": \'v\'\n? complex\n: value\n',
  ];
  for (const text of texts) {
    for (let offset = 0; offset <= text.length; offset++) {
      assert.doesNotThrow(
        () => yamlCompletions(text, offset),
        `completions at ${offset} of ${JSON.stringify(text.slice(0, 40))}`,
      );
      assert.doesNotThrow(() => yamlHover(text, offset), `hover at ${offset} of ${JSON.stringify(text.slice(0, 40))}`);
    }
  }
  assert.deepEqual(yamlCompletions('global:\n  a: 1\n', 99), []);
});

test('scalarText: plain when YAML reads it back as the same string, otherwise quoted; a quoted original keeps its quotes', () => {
  for (const plain of ['azure', 'two words', 'a:b', 'a#b', 'https://console.azure.anyscale.com'])
    assert.equal(scalarText(plain, 'aws'), plain);
  for (const [value, quoted] of [
    ['', '""'],
    ['a: b', '"a: b"'],
    ['a #b', '"a #b"'],
    [' lead', '" lead"'],
    ['trail ', '"trail "'],
    ['true', '"true"'],
    ['123', '"123"'],
    ['- x', '"- x"'],
  ]) {
    assert.equal(scalarText(value, 'aws'), quoted, value);
  }
  assert.equal(scalarText('say "hi"', '"aws"'), '"say \\"hi\\""');
  assert.equal(scalarText("it's", "'aws'"), "'it''s'");
});

test('scalarFix rewrites only a plain literal that reads as the value the rule saw, keeping its quoting', () => {
  const text = 'global:\n  cloudProvider: aws\n';
  const range = { start: text.indexOf('aws'), end: text.indexOf('aws') + 3 };
  assert.deepEqual(scalarFix(text, range, 'aws', 'azure', 'Change to azure'), {
    title: 'Change to azure',
    edits: [{ ...range, newText: 'azure' }],
    preferred: false,
  });
  assert.equal(scalarFix(text, range, 'aws', 'azure', 'Change to azure', true)?.preferred, true);
  assert.equal(
    scalarFix(text, range, 'gcp', 'azure', 'Change to azure'),
    undefined,
    'the text no longer reads as what the rule saw',
  );
  const fixOf = (written: string, seen: unknown, replacement: string | number | boolean) => {
    const line = `key: ${written}\n`;
    return scalarFix(line, { start: 5, end: 5 + written.length }, seen, replacement, 'fix')?.edits[0].newText;
  };
  assert.equal(fixOf('"aws"', 'aws', 'azure'), '"azure"');
  assert.equal(fixOf("'aws'", 'aws', 'a,b'), "'a,b'");
  assert.equal(fixOf('aws', 'aws', 'a,b'), '"a,b"', 'a flow indicator in a plain scalar is quoted');
  assert.equal(fixOf('a*b', 'a*b', 'azure'), 'azure', 'a * inside a plain scalar is no alias');
  assert.equal(fixOf('8', 8, 9), '9');
  for (const [written, seen] of [
    ['*anchor', 'aws'],
    ['&a aws', 'aws'],
    ['!!str aws', 'aws'],
    ['|', 'aws'],
    ['"{{ .Values.p }}"', '{{ .Values.p }}'],
  ]) {
    assert.equal(fixOf(written, seen, 'azure'), undefined, written);
  }
});

test('scalarFix on an empty value (`key:`) writes the value after the colon, apart from it and from what follows', () => {
  const at = (text: string, offset: number, seen: unknown = null) =>
    scalarFix(text, { start: offset, end: offset }, seen, 'azure', 'fix')?.edits[0].newText;
  assert.equal(at('cloudProvider:', 14), ' azure');
  assert.equal(at('cloudProvider:\n', 14), ' azure');
  assert.equal(at('cloudProvider: # later\n', 15), 'azure ');
  assert.equal(at('cloudProvider:\t\n', 15), 'azure');
  assert.equal(at('{cloudProvider:}', 15), ' azure ');
  assert.equal(at('cloudProvider: ', 15, ''), undefined, 'only a null value is empty');
  assert.equal(at('cloudProviderx', 14), undefined, 'not after a colon or a space');
});

test("one version of a YAML text: its lines, parse and documents' roles are computed once for every completion on it", () => {
  const text = `global:\n  cloudProvider: azure\n  controlPlaneURL: x\n---\n${'other: 1\n'.repeat(50)}`;
  const version = new YamlVersion(text);
  const first = yamlCompletions(text, text.indexOf('azure'), version);
  const lines = version.lines;
  const roles = version.roles;
  assert.deepEqual(yamlCompletions(text, text.indexOf('azure'), version), first, 'the same answer from what was kept');
  assert.equal(version.lines, lines);
  assert.equal(version.roles, roles);
  // The same line of the same document: the role read without it is the one kept, not a new parse's.
  const document = { start: 0, end: text.indexOf('---') - 1 };
  assert.equal(roles.around(document, text.indexOf('azure')), roles.around(document, text.indexOf('azure') + 2));
  // Each document's lines are split and read once: a cursor anywhere in a document gets that document's same lines.
  assert.equal(lines.around(text.indexOf('other')).lines, lines.around(text.length - 3).lines);
  assert.equal(version.parsed, version.parsed);
  // Without a version, a text gets the same answers as with one.
  assert.deepEqual(yamlCompletions(text, text.indexOf('azure')), first);
});
