// Hover in ARM templates: property documentation of Anyscale resources, region display names, the identity's
// principal-ID-versus-client-ID explanation, the rule title and docs link of a diagnostic, and the expression value
// in the same hover.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText, parseJson } from '../../server/src/service/analyze';
import { armHover } from '../../server/src/service/arm/features/armHover';
import { providerNamed } from '../../server/src/service/catalog/anyscale';
import { CLOUD_RESOURCE_PROPERTIES, propertyMarkdown } from '../../server/src/service/catalog/propertyDocs';
import { parameterFileInput } from '../support/parameterFile';
import { escapeMarkdown } from '../../shared/markdownText';

const TEMPLATE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "parameters": { "region": { "type": "string", "defaultValue": "uksouth" } },
  "resources": [
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/default",
      "location": "swedencentral",
      "properties": {
        "provider": "Aws",
        "computeStack": "K8S",
        "region": "[parameters('region')]",
        "cloudStorageBucketName": "abfss://data@acct.dfs.core.windows.net",
        "cloudStorageBucketEndpoint": "https://acct.blob.core.windows.net",
        "anyscaleOperatorIamIdentity": "11111111-2222-3333-4444-555555555555"
      }
    },
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/eks",
      "location": "westus",
      "dependsOn": ["[resourceId('Anyscale.Platform/clouds/cloudResources', 'my-cloud', 'default')]"],
      "properties": { "provider": "AWS", "region": "us-west-2" }
    },
    {
      "type": "Microsoft.Storage/storageAccounts",
      "apiVersion": "2023-05-01",
      "name": "acct",
      "location": "uksouth",
      "properties": { "provider": "Azure" }
    }
  ]
}`;

const analysis = analyzeText(TEMPLATE);
const OPTIONS = {
  parameterFiles: [],
  docsUrl: (code: string) => `https://docs.example.test/rules/${code}.md`,
  docsPageUrl: (page: string) => page,
};

/** The hover at the `nth` occurrence of `needle`, `into` characters into it. */
function hoverAt(needle: string, into = 1, nth = 0) {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = TEMPLATE.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, needle);
  return { offset: offset + into, hover: armHover(TEMPLATE, analysis, offset + into, OPTIONS) };
}

test('a cloud resource property name shows its meaning, allowed values, requirement and source', () => {
  const { hover } = hoverAt('"computeStack"', 3);
  assert.ok(hover);
  assert.match(hover.markdown, /\*\*properties\.computeStack\*\*/);
  assert.match(hover.markdown, /`K8S`/);
  assert.match(hover.markdown, /Required\./);
  assert.match(
    hover.markdown,
    /\(https:\/\/learn\.microsoft\.com\/en-us\/azure\/anyscale-on-azure\/add-cloud-resource\)/,
  );
  assert.equal(TEMPLATE.slice(hover.range.start, hover.range.end), '"computeStack"');
});

test("region's requirement is its provider's, as region-missing grades it: required for AWS, per provider when the provider is unknown", () => {
  const aws = hoverAt('"region"', 3, 2).hover;
  assert.ok(aws);
  assert.match(aws.markdown, /\*\*properties\.region\*\*/);
  assert.match(
    aws.markdown,
    /Required for AWS\. The docs require it for every provider, but the API specification defaults it/,
  );
  assert.match(aws.markdown, /an error for AWS and GCP and a warning otherwise \(`region-missing`\)/);
  // "Aws" is no provider: what holds for each.
  const unknown = hoverAt('"region"', 3, 1).hover;
  assert.ok(unknown);
  assert.match(unknown.markdown, /Required for AWS, GCP; should be set for Azure, Generic\./);
  assert.doesNotMatch(unknown.markdown, /^Required\.$/m);
});

test("a property name's requirement is for the provider written below it, also while a key is typed without its colon", () => {
  const typing = TEMPLATE.replace(
    EKS,
    '"properties": {\n "cloudStorageBucketEndpoint"\n "provider": "AWS",\n "region": "x" }',
  );
  assert.ok(analyzeText(typing).syntaxErrors.length > 0);
  // The key being typed: the parser skips the provider below it.
  assert.match(markdownIn(typing, '"cloudStorageBucketEndpoint"\n', 3), /^Optional for AWS\.$/m);
  // A key below the one being typed: the provider is above it in the text, though not in the tree.
  const region = markdownIn(typing, '"region": "x"', 3);
  assert.match(region, /^Required for AWS\. /m);
  assert.doesNotMatch(region, /sets no `provider`/);
  // Written nowhere, or as no provider: per provider, saying why, as completion says it.
  const none = markdownIn(typing.replace('"provider": "AWS",', ''), '"cloudStorageBucketEndpoint"\n', 3);
  assert.match(
    none,
    /^Required for Azure; optional otherwise\. The provider is not known: this cloud resource sets no `provider`\.$/m,
  );
  const misspelt = markdownIn(typing.replace('"AWS"', '"aws"'), '"cloudStorageBucketEndpoint"\n', 3);
  assert.match(
    misspelt,
    /The provider is not known: `provider` "aws" names no provider \(the names are case-sensitive\)\./,
  );
});

test('hovering the opening quote of a key counts as the key', () => {
  const { hover } = hoverAt('"cloudStorageBucketEndpoint"', 0);
  assert.ok(hover);
  assert.match(hover.markdown, /Required for Azure; optional otherwise\./);
});

test('the identity property explains principal ID (cloud resource) versus client ID (operator)', () => {
  const { hover } = hoverAt('"anyscaleOperatorIamIdentity"', 5);
  assert.ok(hover);
  assert.match(hover.markdown, /\*\*principal ID\*\*/);
  assert.match(hover.markdown, /global\.auth\.iamIdentity.*\*\*client ID\*\*/);
});

test('resource keys of Anyscale resources are documented too', () => {
  const { hover } = hoverAt('"location"', 3);
  assert.ok(hover);
  assert.match(hover.markdown, /\*\*location\*\*/);
  assert.match(hover.markdown, /`swedencentral`/);
});

test('region and location values show their display names', () => {
  const location = hoverAt('"swedencentral"', 4).hover;
  assert.ok(location);
  assert.match(location.markdown, /\*\*Sweden Central\*\* \(`swedencentral`\): Anyscale on Azure is available here\./);
  const unsupported = hoverAt('"westus"', 3).hover;
  assert.ok(unsupported);
  // In location-unsupported's words: the docs list where it is available, and say to contact support for another.
  assert.match(
    unsupported.markdown,
    /\*\*West US\*\* \(`westus`\): an Azure region, but not one of the \d+ regions where Anyscale on Azure is documented as available \(supported regions page, [^)]+\): westcentralus, .*\. Use one of them, or contact support to request access to westus\./,
  );
  const said = /an Azure region, but [^\n]*/.exec(unsupported.markdown)?.[0] ?? '';
  const diagnostic = analysis.findings.find((f) => f.code === 'location-unsupported' && f.message.includes('westus'));
  assert.equal(diagnostic?.message, `location "westus" is ${said}`);
  const aws = hoverAt('"us-west-2"', 3).hover;
  assert.ok(aws);
  assert.match(aws.markdown, /\*\*US West \(Oregon\)\*\* \(`us-west-2`\): AWS region\./);
});

test('a diagnostic under the cursor shows its rule title and docs link', () => {
  const { hover } = hoverAt('"Aws"', 2);
  assert.ok(hover);
  assert.match(
    hover.markdown,
    /`provider-invalid`: .+ — \[documentation\]\(https:\/\/docs\.example\.test\/rules\/provider-invalid\.md\)/,
  );
  assert.equal(TEMPLATE.slice(hover.range.start, hover.range.end), '"Aws"');
});

test('a json-too-deep error under the cursor shows its message: it has no rule and no docs page', () => {
  const text = TEMPLATE.replace(
    '"properties": { "provider": "AWS"',
    `"properties": { "deep": ${'['.repeat(1200)}${']'.repeat(1200)}, "provider": "AWS"`,
  );
  const deep = analyzeText(text);
  const offset = text.indexOf('['.repeat(1200)) + 1000 - 4;
  const hover = armHover(text, deep, offset, OPTIONS);
  assert.ok(hover);
  const message = deep.findings.find((f) => f.code === 'json-too-deep')?.message ?? '';
  assert.equal(hover.markdown, `\`json-too-deep\`: ${escapeMarkdown(message)}`);
  assert.doesNotMatch(hover.markdown, /documentation/);
});

test("an expression shows its value, then the property's documentation as on its key, and the diagnostic on it, in one hover", () => {
  const { hover } = hoverAt("[parameters('region')]", 3);
  assert.ok(hover);
  const sections = hover.markdown.split('\n\n---\n\n');
  assert.equal(sections[0], 'Evaluates to `"uksouth"`');
  assert.equal(sections[1], hoverAt('"region": "[parameters', 3).hover?.markdown.split('\n\n---\n\n')[0]);
  assert.match(sections[1], /^\*\*properties\.region\*\*/);
  // Provider "Aws" is no provider, so its region is not checked: no diagnostic here. A cloud resource's region also
  // says where the control plane is (accessHover.test.ts); nothing else.
  assert.equal(sections.length, 3, hover.markdown);
  assert.match(sections[2], /\*\*Data residency:\*\*/);
  assert.doesNotMatch(hover.markdown, /documentation\]/);
  // Not "AKS": the resource's cluster may be EKS, GKE or any other (this one's provider is "Aws").
  assert.doesNotMatch(hover.markdown, /AKS/);
});

test('with several parameter files the evaluation comes first, each result said once with the files that give it', () => {
  const parameterFile = (name: string, region: string) => {
    const text = JSON.stringify({ parameters: { region: { value: region } } });
    return { uri: `file:///w/${name}`, root: parseJson(text).root!, text };
  };
  const parameterFiles = [
    parameterFile('dev.parameters.json', 'uksouth'),
    parameterFile('prod.parameters.json', 'swedencentral'),
    parameterFile('test.parameters.json', 'uksouth'),
  ];
  const offset = TEMPLATE.indexOf("[parameters('region')]") + 3;
  const hover = armHover(TEMPLATE, analysis, offset, { ...OPTIONS, parameterFiles });
  assert.ok(hover);
  const sections = hover.markdown.split('\n\n---\n\n');
  assert.equal(
    sections[0],
    'Evaluates with dev.parameters.json and test.parameters.json to `"uksouth"`  \nEvaluates with prod.parameters.json to `"swedencentral"`',
  );
  assert.match(sections[1], /^\*\*properties\.region\*\*/);
  assert.match(sections[2], /\*\*Data residency:\*\*/);
});

/** The hover markdown on the first `needle` of `text`, `into` characters into it. */
function markdownIn(text: string, needle: string, into = 2): string {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, needle);
  return armHover(text, analyzeText(text), offset + into, OPTIONS)?.markdown ?? '';
}

const EKS = '"properties": { "provider": "AWS", "region": "us-west-2" }';

test("a provider value says which clusters it means and what it makes of region, the bucket, its endpoint and the identity, then the key's documentation", () => {
  const { hover } = hoverAt('"AWS"', 2);
  assert.ok(hover);
  assert.equal(TEMPLATE.slice(hover.range.start, hover.range.end), '"AWS"');
  const [own] = hover.markdown.split('\n\n---\n\n');
  assert.equal(
    own,
    [
      '`AWS`: a cloud resource on **EKS**. With this provider:',
      '',
      '- `region` (required, documented): the AWS region compute runs in, e.g. `us-west-2`',
      '- `cloudStorageBucketName` (required, documented): `s3://<bucket>`, e.g. `s3://my-anyscale-eks-bucket`',
      '- `cloudStorageBucketEndpoint` (optional, documented): `""` unless the bucket is S3-compatible storage at another endpoint',
      '- `anyscaleOperatorIamIdentity` (required, documented): an IAM role ARN',
      '',
      // The key's documentation itself (the four names, case-sensitive), with the requirement.
      propertyMarkdown(
        CLOUD_RESOURCE_PROPERTIES.find((doc) => doc.name === 'provider')!,
        'properties.provider',
        true,
        providerNamed('AWS'),
      ),
    ].join('\n'),
  );
  assert.match(own, /case-sensitive/);
  const provider = (name: string) => markdownIn(TEMPLATE.replace(EKS, EKS.replace('AWS', name)), `"${name}"`);
  const azure = provider('Azure');
  assert.match(azure, /^`Azure`: a cloud resource on \*\*AKS\*\*\./);
  assert.match(azure, /- `region` \(should set, documented\): the Azure region compute runs in, e\.g\. `uksouth`/);
  assert.match(
    azure,
    /- `cloudStorageBucketName` \(required, documented\): `abfss:\/\/<container>@<account>\.dfs\.core\.windows\.net` or `azure:\/\/<container>`/,
  );
  assert.match(
    azure,
    /- `cloudStorageBucketEndpoint` \(required, documented\): the storage account's Blob endpoint, `https:\/\/<account>\.blob\.core\.windows\.net`/,
  );
  assert.match(
    azure,
    /- `anyscaleOperatorIamIdentity` \(required, documented\): the managed identity's principal ID, a GUID/,
  );
  const gcp = provider('GCP');
  assert.match(gcp, /^`GCP`: a cloud resource on \*\*GKE\*\*\./);
  assert.match(gcp, /- `cloudStorageBucketName` \(required, documented\): `gs:\/\/<bucket>`/);
  assert.match(gcp, /- `anyscaleOperatorIamIdentity` \(required, documented\): a service-account email/);
  const generic = provider('Generic');
  assert.match(generic, /^`Generic`: a cloud resource on \*\*any Kubernetes cluster\*\*\./);
  assert.match(generic, /- `region` \(should set, documented\): a free-form routing label, e\.g\. `dc1`/);
  assert.match(generic, /- `cloudStorageBucketName` \(required, documented\): any `<scheme>:\/\/<bucket>`/);
  assert.match(generic, /- `anyscaleOperatorIamIdentity` \(optional, documented\): not used/);
});

test("a value that is no provider gets the key's documentation only; an expression, its value then the key's documentation", () => {
  const { hover } = hoverAt('"Aws"', 2);
  assert.ok(hover);
  assert.match(hover.markdown, /^\*\*properties\.provider\*\*\n\nThe kind of Kubernetes cluster/);
  assert.doesNotMatch(hover.markdown, /a cloud resource on/);
  const expression = TEMPLATE.replace(EKS, EKS.replace('"AWS"', `"[parameters('provider')]"`)).replace(
    '"parameters": {',
    '"parameters": { "provider": { "type": "string", "defaultValue": "AWS" },',
  );
  const markdown = markdownIn(expression, "[parameters('provider')]", 3);
  assert.match(
    markdown,
    /^Evaluates to `"AWS"`\n\n---\n\n\*\*properties\.provider\*\*\n\nThe kind of Kubernetes cluster/,
  );
  assert.doesNotMatch(markdown, /a cloud resource on/);
});

test("a cloud resource's location says that compute runs in its region, and which, as far as it is written", () => {
  const RECORD =
    /Azure Resource Manager keeps its record in; use its cloud's location\. It doesn't affect where compute runs: that is `properties\.region`\./;
  const named = hoverAt('"westus"', 3).hover?.markdown ?? '';
  assert.match(named, RECORD);
  assert.match(named, /Here compute runs in \*\*US West \(Oregon\)\*\* \(`us-west-2`\)\./);
  assert.match(
    hoverAt('"swedencentral"', 3).hover?.markdown ?? '',
    /Here `properties\.region` is an expression: its hover shows what it evaluates to\./,
  );
  const region = (written: string) =>
    markdownIn(TEMPLATE.replace(EKS, EKS.replace(', "region": "us-west-2"', written)), '"westus"');
  assert.match(
    region(''),
    /`properties\.region` is not set here: the API specification then defaults it to this location \(`region-missing`\)\./,
  );
  assert.match(
    region(', "region": "US West 2"'),
    /Here `properties\.region` is not a valid region name \(`region-invalid`\)\./,
  );
  assert.match(
    markdownIn(TEMPLATE.replace(EKS, '"properties": { "provider": "Generic", "region": "dc1" }'), '"westus"'),
    /Here compute runs in `dc1`\./,
  );
});

test('properties of other resource types and blank space get no hover', () => {
  assert.equal(hoverAt('"provider": "Azure"', 3).hover, undefined);
  assert.equal(hoverAt('\n    {', 1).hover, undefined);
});

test('a template being typed (syntax errors) still documents its properties', () => {
  const broken = TEMPLATE.replace('"computeStack": "K8S",', '"computeStack": "K8');
  const brokenAnalysis = analyzeText(broken);
  assert.ok(brokenAnalysis.syntaxErrors.length > 0);
  const offset = broken.indexOf('"region": "[parameters') + 2;
  const hover = armHover(broken, brokenAnalysis, offset, OPTIONS);
  assert.ok(hover);
  assert.match(hover.markdown, /\*\*properties\.region\*\*/);
});

test('an expression built around a value not known: the hover says why, and what the string surely starts and ends with', () => {
  const text = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters: { account: { type: 'string' } },
      outputs: {
        endpoint: { type: 'string', value: "[concat('https://', parameters('account'), '.blob.core.windows.net/')]" },
      },
    },
    null,
    2,
  );
  const hover = armHover(text, analyzeText(text), text.indexOf('[concat') + 3, OPTIONS);
  assert.match(
    hover?.markdown ?? '',
    /^Unknown: parameter 'account' has no value here \(the string starts with `"https:\/\/"` and ends with `"\.blob\.core\.windows\.net\/"`\)/,
  );
});

test("a computeStack value says what it runs compute on, on its provider's cluster when known, then the key's documentation and source", () => {
  const keyDoc = (provider?: string) =>
    propertyMarkdown(
      CLOUD_RESOURCE_PROPERTIES.find((doc) => doc.name === 'computeStack')!,
      'properties.computeStack',
      true,
      provider === undefined ? undefined : providerNamed(provider),
    );
  const written = TEMPLATE.replace(EKS, EKS.replace('"region"', '"computeStack": "K8S", "region"'));
  const eks = armHover(
    written,
    analyzeText(written),
    written.indexOf('"K8S"', written.indexOf('my-cloud/eks')) + 2,
    OPTIONS,
  );
  assert.ok(eks);
  assert.equal(written.slice(eks.range.start, eks.range.end), '"K8S"');
  assert.equal(
    eks.markdown,
    `\`K8S\`: the cloud resource runs its compute on **Kubernetes**: with provider \`AWS\`, on **EKS**.\n\n${keyDoc('AWS')}`,
  );
  assert.match(
    eks.markdown,
    /\[Add a cloud resource[^\]]*\]\(https:\/\/learn\.microsoft\.com\/en-us\/azure\/anyscale-on-azure\/add-cloud-resource\)/,
  );
  // The first resource's provider is "Aws", no provider: no cluster named.
  const [unknown] = hoverAt('"K8S"', 2).hover!.markdown.split('\n\n---\n\n');
  assert.equal(unknown, `\`K8S\`: the cloud resource runs its compute on **Kubernetes**.\n\n${keyDoc()}`);
});

test("a computeStack value Anyscale does not accept gets the key's documentation and the rule's line; an expression, its value then the key's documentation", () => {
  for (const value of ['K8s', 'VM']) {
    const text = TEMPLATE.replace('"computeStack": "K8S"', `"computeStack": "${value}"`);
    const markdown = armHover(text, analyzeText(text), text.indexOf(`"${value}"`) + 2, OPTIONS)!.markdown;
    assert.match(markdown, /^\*\*properties\.computeStack\*\*\n\nHow the cloud resource runs compute\./, value);
    assert.doesNotMatch(markdown, /runs its compute on/, value);
    assert.match(markdown, /`compute-stack-invalid`/, value);
  }
  const expression = TEMPLATE.replace('"computeStack": "K8S"', `"computeStack": "[parameters('stack')]"`).replace(
    '"parameters": {',
    '"parameters": { "stack": { "type": "string", "defaultValue": "K8S" },',
  );
  const markdown = markdownIn(expression, "[parameters('stack')]", 3);
  assert.match(
    markdown,
    /^Evaluates to `"K8S"`\n\n---\n\n\*\*properties\.computeStack\*\*\n\nHow the cloud resource runs compute\./,
  );
  assert.doesNotMatch(markdown, /runs its compute on/);
});

test('a region and a computeStack value whose provider expression the parameter files disagree on: per provider, naming each file', () => {
  const text = TEMPLATE.replace('"parameters": {', '"parameters": { "provider": { "type": "string" },').replace(
    EKS,
    `"properties": { "provider": "[parameters('provider')]", "computeStack": "K8S", "region": "us-west-2" }`,
  );
  const files = (...providers: string[]) =>
    providers.map((provider, i) =>
      parameterFileInput({ provider: { value: provider } }, `file:///w/p${i + 1}.parameters.json`),
    );
  const hover = (needle: string, parameterFiles: ReturnType<typeof files>) => {
    const offset = text.indexOf(needle, text.indexOf('my-cloud/eks')) + 2;
    const markdown = armHover(text, analyzeText(text, { parameterFiles }), offset, {
      ...OPTIONS,
      parameterFiles,
    })?.markdown;
    return markdown?.split('\n\n---\n\n')[0] ?? '';
  };
  // The first file gives Azure, whose list has no us-west-2: the AWS file's region is named all the same.
  const differ = files('Azure', 'AWS', 'GCP', 'Generic', 'aws');
  assert.equal(
    hover('"us-west-2"', differ),
    [
      '`provider` differs by parameter file, and with it what `us-west-2` is:',
      '',
      '- `Azure` with p1.parameters.json: not in the Azure region list',
      '- `AWS` with p2.parameters.json: **US West (Oregon)** (`us-west-2`): AWS region',
      '- `GCP` with p3.parameters.json: not in the GCP region list',
      '- `Generic` with p4.parameters.json: a free-form routing label',
      '- `"aws"` (no provider) with p5.parameters.json: the provider is not known',
    ].join('\n'),
  );
  assert.match(
    hover('"K8S"', files('Azure', 'AWS', 'Azure')),
    /^`K8S`: the cloud resource runs its compute on \*\*Kubernetes\*\*; `provider` differs by parameter file: on \*\*AKS\*\* for `Azure` with p1\.parameters\.json and p3\.parameters\.json, on \*\*EKS\*\* for `AWS` with p2\.parameters\.json\./,
  );
  // Files that agree: that provider's, as with one file.
  assert.equal(hover('"us-west-2"', files('AWS', 'AWS')), '**US West (Oregon)** (`us-west-2`): AWS region.');
  assert.match(hover('"K8S"', files('GCP', 'GCP')), /: with provider `GCP`, on \*\*GKE\*\*\./);
});

test("a cloud resource's location whose provider expression the parameter files disagree on: where compute runs, per provider", () => {
  const text = TEMPLATE.replace('"parameters": {', '"parameters": { "provider": { "type": "string" },').replace(
    EKS,
    `"properties": { "provider": "[parameters('provider')]", "region": "us-west-2" }`,
  );
  const files = (...providers: string[]) =>
    providers.map((provider, i) =>
      parameterFileInput({ provider: { value: provider } }, `file:///w/p${i + 1}.parameters.json`),
    );
  const location = (parameterFiles: ReturnType<typeof files>) => {
    const offset = text.indexOf('"westus"') + 3;
    return (
      armHover(text, analyzeText(text, { parameterFiles }), offset, { ...OPTIONS, parameterFiles })?.markdown ?? ''
    );
  };
  // The first file gives Azure, whose list has no us-west-2: the AWS file's region is named all the same.
  assert.ok(
    location(files('Azure', 'AWS')).includes(
      [
        'Here compute runs in `us-west-2`; `provider` differs by parameter file, and with it what that is:',
        '',
        '- `Azure` with p1.parameters.json: not in the Azure region list',
        '- `AWS` with p2.parameters.json: **US West (Oregon)** (`us-west-2`): AWS region',
      ].join('\n'),
    ),
    location(files('Azure', 'AWS')),
  );
  // Files that agree: that provider's region, as with one file.
  assert.match(location(files('AWS', 'AWS')), /Here compute runs in \*\*US West \(Oregon\)\*\* \(`us-west-2`\)\./);
});
