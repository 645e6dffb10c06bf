// Golden completion tests: each test/fixtures/completions/<name>.json marks cursors with `/*|<cursor>*/`; its
// <name>.expected.json says what the list at each cursor holds (see the folder's README). Plus: an empty document
// offers whole templates, and every snippet, expanded with its placeholders, is a template our checks accept.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText } from '../../server/src/service/analyze';
import { armCompletions } from '../../server/src/service/arm/features/completion';
import { TEMPLATE_SNIPPETS, templateAround } from '../../server/src/service/arm/features/completion/snippets';
import type { CompletionEntry } from '../../server/src/service/features/editing';
import { FIXTURES } from '../support/paths';
import { parameterFileInput } from '../support/parameterFile';
import { expandSnippet } from '../support/snippetSyntax';

const DIR = path.join(FIXTURES, 'completions');
const MARKER = /\/\*\|([\w-]+)\*\//g;

interface Expectation {
  labels?: string[];
  first?: string[];
  count?: number;
  includes?: string[];
  excludes?: string[];
  preselected?: string;
  /** The text the entries replace (all of them). */
  replaces?: string;
  inserts?: Record<string, string>;
  /** The one-line detail of an entry (a property's requirement). */
  details?: Record<string, string>;
  /** A text an entry's documentation holds. */
  documents?: Record<string, string>;
  startsWith?: Record<string, string>;
  endsWith?: Record<string, string>;
}

/** The fixture text without markers, and each cursor's offset in it. */
function cursorsOf(marked: string): { text: string; cursors: Map<string, number> } {
  const cursors = new Map<string, number>();
  let text = '';
  let last = 0;
  for (const match of marked.matchAll(MARKER)) {
    text += marked.slice(last, match.index);
    cursors.set(match[1], text.length);
    last = match.index! + match[0].length;
  }
  return { text: text + marked.slice(last), cursors };
}

/** The entries in the order the editor shows them. */
function sorted(entries: CompletionEntry[]): CompletionEntry[] {
  const key = (e: CompletionEntry) => e.sortText ?? e.label;
  return [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function check(entries: CompletionEntry[], expected: Expectation, text: string, where: string): void {
  const list = sorted(entries);
  const labels = list.map((e) => e.label);
  const byLabel = (label: string) => {
    const entry = list.find((e) => e.label === label);
    assert.ok(entry, `${where}: no entry ${JSON.stringify(label)} in ${JSON.stringify(labels)}`);
    return entry;
  };
  if (expected.labels) assert.deepEqual(labels, expected.labels, where);
  if (expected.first) assert.deepEqual(labels.slice(0, expected.first.length), expected.first, where);
  if (expected.count !== undefined) assert.equal(labels.length, expected.count, `${where}: ${JSON.stringify(labels)}`);
  for (const label of expected.includes ?? []) byLabel(label);
  for (const label of expected.excludes ?? [])
    assert.ok(!labels.includes(label), `${where}: ${label} should not be offered`);
  if (expected.preselected !== undefined)
    assert.deepEqual(
      list.filter((e) => e.preselect).map((e) => e.label),
      [expected.preselected],
      where,
    );
  if (expected.replaces !== undefined) {
    for (const entry of list) {
      assert.ok(entry.replace, `${where}: ${entry.label} replaces nothing`);
      assert.equal(text.slice(entry.replace.start, entry.replace.end), expected.replaces, `${where}: ${entry.label}`);
    }
  }
  for (const [label, insert] of Object.entries(expected.inserts ?? {}))
    assert.equal(byLabel(label).insertText ?? label, insert, `${where}: insert of ${label}`);
  for (const [label, detail] of Object.entries(expected.details ?? {}))
    assert.equal(byLabel(label).detail, detail, `${where}: detail of ${label}`);
  for (const [label, words] of Object.entries(expected.documents ?? {}))
    assert.ok(
      byLabel(label).documentation?.includes(words),
      `${where}: the documentation of ${label} has ${JSON.stringify(words)}: ${byLabel(label).documentation}`,
    );
  for (const [label, start] of Object.entries(expected.startsWith ?? {}))
    assert.ok(
      byLabel(label).insertText?.startsWith(start),
      `${where}: ${label} starts ${JSON.stringify(byLabel(label).insertText?.slice(0, 10))}`,
    );
  for (const [label, end] of Object.entries(expected.endsWith ?? {}))
    assert.ok(
      byLabel(label).insertText?.endsWith(end),
      `${where}: ${label} ends ${JSON.stringify(byLabel(label).insertText?.slice(-10))}`,
    );
}

describe('completions at the marked cursors of each fixture', () => {
  const fixtures = fs.readdirSync(DIR).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'));
  test('there are fixtures', () => assert.ok(fixtures.length >= 6, fixtures.join(', ')));
  for (const file of fixtures) {
    test(file, () => {
      const { text, cursors } = cursorsOf(fs.readFileSync(path.join(DIR, file), 'utf8'));
      const expected = JSON.parse(
        fs.readFileSync(path.join(DIR, file.replace(/\.json$/, '.expected.json')), 'utf8'),
      ) as Record<string, Expectation>;
      assert.deepEqual(
        [...cursors.keys()].sort(),
        Object.keys(expected).sort(),
        `${file}: every cursor has expectations and every expectation a cursor`,
      );
      const analysis = analyzeText(text);
      assert.equal(analysis.kind, 'armTemplate', file);
      for (const [name, offset] of cursors)
        check(armCompletions(text, analysis, offset), expected[name], text, `${file} at ${name}`);
    });
  }
});

/** The snippet as VS Code inserts it, every placeholder kept, tabs shown as two spaces. */
const expand = (body: string) => expandSnippet(body).text.replace(/\t/g, '  ');

describe('snippets', () => {
  test('an empty document offers every snippet as a whole template', () => {
    const entries = armCompletions('  \n', analyzeText('  \n'), 1);
    assert.deepEqual(
      entries.map((e) => e.label),
      TEMPLATE_SNIPPETS.map((s) => s.label),
    );
    for (const entry of entries) {
      assert.equal(entry.kind, 'snippet');
      assert.ok(entry.snippet);
      const template = analyzeText(expand(entry.insertText!));
      assert.equal(template.kind, 'armTemplate', entry.label);
      assert.deepEqual(template.syntaxErrors, [], entry.label);
    }
  });

  test('a non-template JSON document gets nothing, not even snippets', () => {
    const text = '{ "name": "my-package", "version": "1.0.0" }';
    assert.deepEqual(armCompletions(text, analyzeText(text), 2), []);
  });

  for (const snippet of TEMPLATE_SNIPPETS) {
    test(`${snippet.label}: expanded, it passes our checks (only the identity placeholder is flagged)`, () => {
      const text = expand(templateAround(snippet.body).join('\n'));
      const analysis = analyzeText(text);
      assert.deepEqual(analysis.syntaxErrors, []);
      const problems = analysis.findings.filter((f) => f.severity !== 'info' && f.code !== 'operator-identity-format');
      assert.deepEqual(
        problems.map((f) => `${f.code}: ${f.message}`),
        [],
      );
      const placeholder = analysis.findings.filter((f) => f.code === 'operator-identity-format');
      assert.equal(
        placeholder.length,
        text.includes('<managed-identity-principal-id>') ? 1 : 0,
        'the visible identity placeholder is flagged until replaced',
      );
    });
  }

  test('each Anyscale cloud resource snippet sets every property its provider requires', () => {
    for (const snippet of TEMPLATE_SNIPPETS.filter((s) => s.label.startsWith('Anyscale cloud resource'))) {
      const analysis = analyzeText(expand(templateAround(snippet.body).join('\n')));
      assert.equal(analysis.anyscale?.cloudResources.length, 1, snippet.label);
      assert.ok(!analysis.findings.some((f) => f.code === 'required-property-missing'), snippet.label);
    }
  });
});

test('region values follow a provider written as an expression, also when the resource name is one', () => {
  const marked = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      parameters: {
        provider: { type: 'string', defaultValue: 'AWS' },
        cloud: { type: 'string', defaultValue: 'my-cloud' },
      },
      resources: [
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: "[concat(parameters('cloud'), '/eks')]",
          location: 'uksouth',
          properties: { provider: "[parameters('provider')]", computeStack: 'K8S', region: 'CURSOR' },
        },
      ],
    },
    null,
    2,
  ).replace('"CURSOR"', '"/*|region*/"');
  const { text, cursors } = cursorsOf(marked);
  const labels = armCompletions(text, analyzeText(text), cursors.get('region')!).map((entry) => entry.label);
  assert.ok(labels.includes('us-west-2'), labels.slice(0, 10).join(', '));
  assert.ok(!labels.includes('uksouth'), 'Azure regions offered for an AWS cloud resource');
});

test("an Azure cloud resource's region values preselect its location, written as a display name too", () => {
  for (const location of ['uksouth', 'UK South']) {
    const marked = JSON.stringify(
      {
        $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
        resources: [
          {
            type: 'Anyscale.Platform/clouds/cloudResources',
            apiVersion: '2026-09-01',
            name: 'my-cloud/aks',
            location,
            properties: { provider: 'Azure', computeStack: 'K8S', region: 'CURSOR' },
          },
        ],
      },
      null,
      2,
    ).replace('"CURSOR"', '"/*|region*/"');
    const { text, cursors } = cursorsOf(marked);
    const entries = armCompletions(text, analyzeText(text), cursors.get('region')!);
    assert.deepEqual(
      entries.filter((entry) => entry.preselect).map((entry) => entry.label),
      ['uksouth'],
      location,
    );
  }
});

describe("location values preselect the location of the cloud resource's own cloud", () => {
  const cloud = (name: string, location: string, resources?: object[]) => ({
    type: 'Anyscale.Platform/clouds',
    apiVersion: '2026-09-01',
    name,
    location,
    properties: {},
    ...(resources ? { resources } : {}),
  });
  const cloudResource = (name: string, type = 'Anyscale.Platform/clouds/cloudResources') => ({
    type,
    apiVersion: '2026-09-01',
    name,
    location: 'CURSOR',
  });
  /** The location entry preselected at the cursor (the location of the one cloud resource), if any. */
  function preselected(resources: object[]): string[] {
    const marked = JSON.stringify(
      {
        $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
        parameters: { cloudName: { type: 'string' }, names: { type: 'array' } },
        resources,
      },
      null,
      2,
    ).replace('"CURSOR"', '"/*|location*/"');
    const { text, cursors } = cursorsOf(marked);
    return armCompletions(text, analyzeText(text), cursors.get('location')!)
      .filter((entry) => entry.preselect)
      .map((entry) => `${entry.label}: ${entry.detail}`);
  }
  const TWO_CLOUDS = [cloud('first-cloud', 'eastus'), cloud('second-cloud', 'Sweden Central')];

  test('the cloud its name names, not the first cloud of the template', () => {
    assert.deepEqual(preselected([...TWO_CLOUDS, cloudResource('second-cloud/aks')]), [
      "swedencentral: Sweden Central (the cloud's location)",
    ]);
    assert.deepEqual(preselected([...TWO_CLOUDS, cloudResource('FIRST-CLOUD/aks')]), [
      "eastus: East US (the cloud's location)",
    ]);
  });

  test('the cloud it is nested in', () => {
    const nested = cloud('second-cloud', 'swedencentral', [cloudResource('aks', 'cloudResources')]);
    assert.deepEqual(preselected([cloud('first-cloud', 'eastus'), nested]), [
      "swedencentral: Sweden Central (the cloud's location)",
    ]);
  });

  test('a cloud segment not known here: the cloud named by the same expression', () => {
    const byExpression = cloud("[parameters('cloudName')]", 'uksouth');
    assert.deepEqual(
      preselected([
        cloud('first-cloud', 'eastus'),
        byExpression,
        cloudResource("[concat(parameters('cloudName'), '/aks')]"),
      ]),
      ["uksouth: UK South (the cloud's location)"],
    );
  });

  test('no way to tell which cloud: none preselected', () => {
    for (const resources of [
      [...TWO_CLOUDS, cloudResource('elsewhere/aks')],
      [...TWO_CLOUDS, cloudResource("[concat(parameters('cloudName'), '/aks')]")],
      [
        cloud("[parameters('names')[copyIndex()]]", 'uksouth'),
        cloudResource("[concat(parameters('names')[copyIndex()], '/aks')]"),
      ],
    ])
      assert.deepEqual(preselected(resources), [], JSON.stringify(resources));
  });
});

test("region values whose provider expression the parameter files disagree on: each provider's regions, naming its files", () => {
  const marked = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      parameters: { provider: { type: 'string' } },
      resources: [
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: 'my-cloud/second',
          location: 'uksouth',
          properties: { provider: "[parameters('provider')]", computeStack: 'K8S', region: 'CURSOR' },
        },
      ],
    },
    null,
    2,
  ).replace('"CURSOR"', '"/*|region*/"');
  const { text, cursors } = cursorsOf(marked);
  const regions = (...providers: string[]) => {
    const parameterFiles = providers.map((provider, i) =>
      parameterFileInput({ provider: { value: provider } }, `file:///w/p${i + 1}.parameters.json`),
    );
    return armCompletions(text, analyzeText(text, { parameterFiles }), cursors.get('region')!, parameterFiles);
  };
  // The first file gives Azure: the AWS file's regions are offered too, each saying whose they are.
  const differ = regions('Azure', 'AWS', 'aws');
  const detail = (label: string) => differ.find((entry) => entry.label === label)?.detail;
  assert.equal(detail('uksouth'), 'UK South · `Azure` with p1.parameters.json');
  assert.equal(detail('us-west-2'), 'US West (Oregon) · `AWS` with p2.parameters.json');
  assert.ok(!differ.some((entry) => entry.label === 'us-central1'), 'GCP regions offered for no GCP file');
  assert.equal(differ.find((entry) => entry.preselect)?.label, 'uksouth', "the Azure file's: the record's location");
  // Files that agree: that provider's list, as with one file.
  const agree = regions('AWS', 'AWS').map((entry) => entry.label);
  assert.ok(agree.includes('us-west-2') && !agree.includes('uksouth'), agree.slice(0, 10).join(', '));
  // The bucket too: each provider's URI shape, not the first file's only.
  const bucket = text.replace('"region": ""', '"region": "", "cloudStorageBucketName": ""');
  const at = bucket.indexOf('"cloudStorageBucketName": ""') + '"cloudStorageBucketName": "'.length;
  const parameterFiles = ['Azure', 'AWS'].map((provider, i) =>
    parameterFileInput({ provider: { value: provider } }, `file:///w/p${i + 1}.parameters.json`),
  );
  const shapes = armCompletions(bucket, analyzeText(bucket, { parameterFiles }), at, parameterFiles);
  assert.ok(
    shapes.some((entry) => entry.label === 's3://<bucket>'),
    shapes.map((entry) => entry.label).join(', '),
  );
});

describe('a key typed above written ones (the parser skips the key after one without a colon)', () => {
  const TEMPLATE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "resources": [
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/eks",
      "location": "uksouth",
      "properties": {
        "provider": "AWS",
        "computeStack": "K8S",
        "cloudStorageBucketName": "s3://my-anyscale-eks-bucket",
        "extra": { "region": "us-west-2", "cloudStorageBucketRegion": "us-west-2" },
        "anyscaleOperatorIamIdentity": "arn:aws:iam::123456789012:role/anyscale-operator-role"
      }
    },
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/gke",
      "location": "uksouth",
      "dependsOn": ["[resourceId('Anyscale.Platform/clouds/cloudResources', 'my-cloud', 'eks')]"],
      "properties": {
        "provider": "GCP",
        "cloudStorageBucketEndpoint": "",
        "anyscaleOperatorIamIdentity": "anyscale-operator@my-project.iam.gserviceaccount.com"
      }
    }
  ]
}`;

  /** The labels offered with `typed` (its `|` the cursor) written as a new line before the line holding `before`. */
  function offeredWith(typed: string, before: string): string[] {
    const at = TEMPLATE.lastIndexOf('\n', TEMPLATE.indexOf(before)) + 1;
    const text = `${TEMPLATE.slice(0, at)}        ${typed.replace('|', '')}\n${TEMPLATE.slice(at)}`;
    const analysis = analyzeText(text);
    assert.ok(analysis.syntaxErrors.length > 0, 'the typed key leaves the JSON broken');
    return sorted(armCompletions(text, analysis, at + 8 + typed.indexOf('|'))).map((e) => e.label);
  }

  test('the key on the next line is not offered, with the string open or closed', () => {
    for (const typed of ['"|', '"|"', '"cloud|'])
      assert.ok(
        !offeredWith(typed, '"anyscaleOperatorIamIdentity": "arn').includes('anyscaleOperatorIamIdentity'),
        typed,
      );
  });

  test("a key inside an object after the cursor, or in the next resource, is no key of the cursor's object", () => {
    // region and the bucket region are written only inside `extra`; the endpoint only in the next resource.
    assert.deepEqual(offeredWith('"|', '"extra"'), [
      'region',
      'cloudStorageBucketEndpoint',
      'cloudStorageBucketRegion',
    ]);
    assert.deepEqual(offeredWith('"|', '"anyscaleOperatorIamIdentity": "arn'), [
      'region',
      'cloudStorageBucketEndpoint',
      'cloudStorageBucketRegion',
    ]);
  });
});

describe('property names follow the provider where it is written, and say why when it is not known', () => {
  const TEMPLATE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "parameters": { "provider": { "type": "string", "defaultValue": "AWS" } },
  "resources": [
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/eks",
      "location": "uksouth",
      "properties": {
PROPERTIES
      }
    }
  ]
}`;

  /** The region entry offered at the `|` of `properties` (the cloud resource's properties, one per line). */
  function regionWith(...properties: string[]): CompletionEntry {
    const marked = TEMPLATE.replace('PROPERTIES', properties.map((line) => `        ${line}`).join('\n'));
    const at = marked.indexOf('|');
    const text = marked.slice(0, at) + marked.slice(at + 1);
    const region = armCompletions(text, analyzeText(text), at).find((entry) => entry.label === 'region');
    assert.ok(region, properties.join(' '));
    return region;
  }
  const REQUIRED_FOR_AWS = /^Required for AWS\. The docs require it/m;

  test('a provider written below a key being typed, which the parser skips: its requirements only', () => {
    for (const typed of ['"|', '"|"', '"re|'])
      for (const below of [
        ['"provider": "AWS",', '"computeStack": "K8S"'],
        ['"computeStack": "K8S",', '"provider": "AWS"'],
      ]) {
        const region = regionWith(typed, ...below);
        assert.equal(region.detail, 'required', `${typed} above ${below.join(' ')}`);
        assert.match(region.documentation ?? '', REQUIRED_FOR_AWS);
      }
    // Above the cursor, and below a key with its colon (the JSON whole), as before.
    assert.equal(regionWith('"provider": "AWS",', '"|"').detail, 'required');
    assert.equal(regionWith('"|": "",', '"provider": "AWS"').detail, 'required');
    // A provider of a nested object below is not this cloud resource's.
    assert.notEqual(regionWith('"|"', '"extra": { "provider": "AWS" }').detail, 'required');
  });

  test('an expression is evaluated when the JSON is whole; with a key being typed, or a name that is no provider, per provider and why', () => {
    assert.equal(regionWith(`"provider": "[parameters('provider')]",`, '"|": ""').detail, 'required');
    assert.equal(regionWith('"|": "",', `"provider": "[parameters('provider')]"`).detail, 'required');
    const cases: Array<[string[], string]> = [
      [['"provider": "aws",', '"|"'], '`provider` "aws" names no provider (the names are case-sensitive)'],
      [
        ['"provider": "[toLower(\'AWS\')]",', '"|"'],
        '`provider` evaluates to "aws", which names no provider (the names are case-sensitive)',
      ],
      [['"computeStack": "K8S",', '"|"'], 'this cloud resource sets no `provider`'],
      [['"provider": 1,', '"|"'], '`provider` is not a string'],
    ];
    for (const [properties, why] of cases) {
      const region = regionWith(...properties);
      assert.equal(region.detail, 'required for AWS, GCP; should set for Azure, Generic', properties.join(' '));
      assert.ok(
        region.documentation?.includes(
          `Required for AWS, GCP; should be set for Azure, Generic. The provider is not known: ${why}.`,
        ),
        region.documentation,
      );
    }
  });

  test('with a key typed without its colon, an expression above it is evaluated when it and what it reads were parsed before the error', () => {
    for (const typed of ['"|', '"|"', '"re|']) {
      const region = regionWith(`"provider": "[parameters('provider')]",`, typed, '"computeStack": "K8S"');
      assert.equal(region.detail, 'required', typed);
      assert.match(region.documentation ?? '', REQUIRED_FOR_AWS);
    }
    // The variable it reads is declared after the resources, past the error: what the parser kept there is not read.
    const marked = TEMPLATE.replace(
      'PROPERTIES',
      [`"provider": "[variables('provider')]",`, '"|'].map((line) => `        ${line}`).join('\n'),
    ).replace(/\n {2}\]\n\}$/, '\n  ],\n  "variables": { "provider": "AWS" }\n}');
    const at = marked.indexOf('|');
    const text = marked.slice(0, at) + marked.slice(at + 1);
    const late = armCompletions(text, analyzeText(text), at).find((entry) => entry.label === 'region');
    assert.equal(late?.detail, 'required for AWS, GCP; should set for Azure, Generic');
    assert.match(late?.documentation ?? '', /`provider` is an expression whose value cannot be known here/);
    // The same variable declared before the resources: evaluated.
    const early = text.replace('"parameters": {', '"variables": { "provider": "AWS" },\n  "parameters": {');
    const earlyAt = at + early.length - text.length;
    assert.equal(
      armCompletions(early, analyzeText(early), earlyAt).find((e) => e.label === 'region')?.detail,
      'required',
    );
  });

  test('with a key typed without its colon, an expression below it, which the parser skips, is evaluated from its text when what it reads was parsed before the error', () => {
    for (const typed of ['"|', '"|"', '"re|'])
      for (const below of [
        [`"provider": "[parameters('provider')]",`, '"computeStack": "K8S"'],
        ['"computeStack": "K8S",', `"provider": "[parameters('provider')]"`],
      ]) {
        const region = regionWith(typed, ...below);
        assert.equal(region.detail, 'required', `${typed} ${below.join(' ')}`);
        assert.match(region.documentation ?? '', REQUIRED_FOR_AWS);
      }
    // The variable it reads is declared after the resources, past the error: not read, so not known.
    const marked = TEMPLATE.replace(
      'PROPERTIES',
      ['"|', `"provider": "[variables('provider')]"`].map((line) => `        ${line}`).join('\n'),
    ).replace(/\n {2}\]\n\}$/, '\n  ],\n  "variables": { "provider": "AWS" }\n}');
    const at = marked.indexOf('|');
    const text = marked.slice(0, at) + marked.slice(at + 1);
    const late = armCompletions(text, analyzeText(text), at).find((entry) => entry.label === 'region');
    assert.equal(late?.detail, 'required for AWS, GCP; should set for Azure, Generic');
    assert.match(late?.documentation ?? '', /`provider` is an expression whose value cannot be known here/);
    // With parameter files that disagree: each file's provider, as for an expression the parser read.
    const parameterFiles = ['AWS', 'Azure'].map((provider, i) =>
      parameterFileInput({ provider: { value: provider } }, `file:///w/p${i + 1}.parameters.json`),
    );
    const below = TEMPLATE.replace(
      'PROPERTIES',
      ['"|', `"provider": "[parameters('provider')]"`].map((line) => `        ${line}`).join('\n'),
    );
    const belowAt = below.indexOf('|');
    const belowText = below.slice(0, belowAt) + below.slice(belowAt + 1);
    const differ = armCompletions(belowText, analyzeText(belowText, { parameterFiles }), belowAt, parameterFiles).find(
      (entry) => entry.label === 'region',
    );
    assert.ok(
      differ?.documentation?.includes(
        '`provider` differs by parameter file: `AWS` with p1.parameters.json, `Azure` with p2.parameters.json.',
      ),
      differ?.documentation,
    );
  });

  test('a provider expression the parameter files disagree on: per provider, each value with its files; one they agree on: its requirements', () => {
    const files = (...providers: string[]) =>
      providers.map((provider, i) =>
        parameterFileInput({ provider: { value: provider } }, `file:///w/p${i + 1}.parameters.json`),
      );
    const regionWithFiles = (parameterFiles: ReturnType<typeof files>) => {
      const marked = TEMPLATE.replace(
        'PROPERTIES',
        [`"provider": "[parameters('provider')]",`, '"|": ""'].map((line) => `        ${line}`).join('\n'),
      );
      const at = marked.indexOf('|');
      const text = marked.slice(0, at) + marked.slice(at + 1);
      const entries = armCompletions(text, analyzeText(text, { parameterFiles }), at, parameterFiles);
      return entries.find((entry) => entry.label === 'region')!;
    };
    const differ = regionWithFiles(files('AWS', 'Azure', 'AWS', 'aws'));
    assert.equal(differ.detail, 'required for AWS, GCP; should set for Azure, Generic');
    assert.ok(
      differ.documentation?.includes(
        'The provider is not known: `provider` differs by parameter file: `AWS` with p1.parameters.json and p3.parameters.json, `Azure` with p2.parameters.json, `"aws"` (no provider) with p4.parameters.json.',
      ),
      differ.documentation,
    );
    const agree = regionWithFiles(files('GCP', 'GCP'));
    assert.equal(agree.detail, 'required');
    assert.match(agree.documentation ?? '', /^Required for GCP\./m);
    // The first file alone, as before.
    assert.equal(regionWithFiles(files('Azure')).detail, 'should set');
  });
});
