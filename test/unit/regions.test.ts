// The region catalog: every list parses, has no duplicates, holds only names `region` accepts, and suggests the
// right region for another provider's spelling.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { NAMING, PROVIDERS, SUPPORTED_LOCATIONS } from '../../server/src/service/catalog/anyscale';
import {
  REGION_LISTS,
  isAzureRegion,
  isKnownRegion,
  isSupportedLocation,
  isValidRegionSyntax,
  normalizeAzureLocation,
  providersKnowingRegion,
  regionListFor,
  regionSyntaxFor,
  suggestRegion,
  suggestSupportedLocation,
} from '../../server/src/service/catalog/regions';
import { didYouMean } from '../../server/src/service/text/suggest';
import { analyzeText } from '../../server/src/service/analyze';
import { withDocumentLineBreaks } from '../../server/src/service/text/lineBreaks';
import type { Finding } from '../../server/src/service/types';

function list(name: 'azure' | 'aws' | 'gcp') {
  const found = regionListFor(name);
  assert.ok(found, `no ${name} region list`);
  return found;
}

describe('region catalog', () => {
  test('each provider with a region list has one, Generic has none', () => {
    for (const provider of PROVIDERS) {
      const regions = regionListFor(provider.regionList);
      if (provider.regionList === 'none') assert.equal(regions, undefined);
      else {
        assert.equal(regions?.provider, provider.name);
        assert.ok(
          isKnownRegion(regions!, provider.regionExample),
          `${provider.name}'s example region is not in its list`,
        );
      }
    }
  });

  test('lists are plausibly complete', () => {
    assert.ok(list('azure').regions.length >= 55);
    assert.ok(list('aws').regions.length >= 30);
    assert.ok(list('gcp').regions.length >= 40);
  });

  test('no duplicates within a list, and no name in two lists', () => {
    const seen = new Map<string, string>();
    for (const regions of REGION_LISTS) {
      for (const region of regions.regions) {
        assert.ok(
          !seen.has(region.name),
          `${region.name} is listed by ${seen.get(region.name)} and ${regions.provider}`,
        );
        seen.set(region.name, regions.provider);
      }
    }
  });

  test('every name matches the region pattern and length', () => {
    for (const regions of REGION_LISTS) {
      for (const region of regions.regions) {
        assert.match(region.name, NAMING.regionPattern);
        assert.ok(region.name.length <= NAMING.regionMaxLength);
        assert.ok(isValidRegionSyntax(region.name));
        assert.ok(region.displayName.length > 0);
      }
    }
  });

  test('Azure names have no separators and their display names compact to them', () => {
    for (const region of list('azure').regions) {
      assert.match(region.name, /^[a-z0-9]+$/);
      assert.equal(normalizeAzureLocation(region.displayName), region.name);
    }
  });

  test('every supported location is an Azure region', () => {
    for (const location of SUPPORTED_LOCATIONS) assert.ok(isAzureRegion(location.name), location.name);
  });

  test('known display names', () => {
    const display = (name: 'azure' | 'aws' | 'gcp', region: string) =>
      list(name).regions.find((r) => r.name === region)?.displayName;
    assert.equal(display('azure', 'westus2'), 'West US 2');
    assert.equal(display('azure', 'uksouth'), 'UK South');
    assert.equal(display('aws', 'us-west-2'), 'US West (Oregon)');
    assert.equal(display('gcp', 'us-central1'), 'Iowa');
  });
});

describe('region did-you-mean', () => {
  test('us-west-2 on Azure suggests westus2', () => assert.equal(suggestRegion('us-west-2', list('azure')), 'westus2'));
  test('westus2 on AWS suggests us-west-2', () => assert.equal(suggestRegion('westus2', list('aws')), 'us-west-2'));
  test('casing and punctuation', () => {
    assert.equal(suggestRegion('WestUS2', list('azure')), 'westus2');
    assert.equal(suggestRegion('uk-south', list('azure')), 'uksouth');
    assert.equal(suggestRegion('US_WEST_2', list('aws')), 'us-west-2');
    assert.equal(suggestRegion('us-central-1', list('gcp')), 'us-central1');
  });
  test('a small typo', () => assert.equal(suggestRegion('swedencentrl', list('azure')), 'swedencentral'));
  test('nothing close', () => assert.equal(suggestRegion('us-central1', list('azure')), undefined));
  test('which provider spells a region that way', () => {
    assert.deepEqual(providersKnowingRegion('us-west-2'), ['AWS']);
    assert.deepEqual(providersKnowingRegion('westus2'), ['Azure']);
    assert.deepEqual(providersKnowingRegion('us-central1'), ['GCP']);
    assert.deepEqual(providersKnowingRegion('dc1'), []);
  });
  test('syntax repair', () => {
    assert.equal(regionSyntaxFor('DC1'), 'dc1');
    assert.equal(regionSyntaxFor('us_west 2'), 'us-west-2');
    assert.equal(regionSyntaxFor('--'), undefined);
  });
  test('didYouMean keeps its behaviour for other callers', () => {
    assert.equal(didYouMean('aws', ['Azure', 'AWS', 'GCP', 'Generic']), 'AWS');
    assert.equal(didYouMean('k8s', ['K8S']), 'K8S');
    assert.equal(didYouMean('zzzz', ['Azure', 'AWS']), undefined);
  });
});

describe('Azure locations', () => {
  test('ARM ignores case and spaces', () => {
    for (const spelling of ['uksouth', 'UK South', 'UKSouth', 'uk south'])
      assert.ok(isSupportedLocation(spelling), spelling);
  });
  test('westus is an Azure region but not supported', () => {
    assert.ok(isAzureRegion('westus'));
    assert.ok(!isSupportedLocation('westus'));
    assert.ok(!isSupportedLocation('West US'));
  });
  test('a misspelled location suggests the supported one', () => {
    assert.equal(suggestSupportedLocation('uk-south'), 'uksouth');
    assert.equal(suggestSupportedLocation('eastus-2'), 'eastus2');
  });
});

function template(properties: string, location = 'uksouth'): string {
  return `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "resources": [
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/aksuksouth",
      "location": "${location}",
      "properties": ${properties}
    }
  ]
}`;
}

function applyFix(text: string, finding: Finding | undefined): string {
  const fix = finding?.fixes?.[0];
  assert.ok(fix, 'no fix');
  let out = text;
  for (const edit of [...fix.edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
  return out;
}

function only(text: string, code: string): Finding | undefined {
  const found = analyzeText(text).findings.filter((f) => f.code === code);
  assert.ok(found.length <= 1, JSON.stringify(found));
  return found[0];
}

describe('region rule fixes', () => {
  test('region-missing writes the location as the first property, keeping the indentation', () => {
    const text = template('{\n        "provider": "Azure",\n        "computeStack": "K8S"\n      }', 'UK South');
    const fixed = applyFix(text, only(text, 'region-missing'));
    assert.ok(fixed.includes('{\n        "region": "uksouth",\n        "provider": "Azure",'), fixed);
    assert.equal(only(fixed, 'region-missing'), undefined);
  });

  test('region-missing on a one-line properties object, and on an empty region', () => {
    const oneLine = template('{ "provider": "Azure" }');
    assert.ok(
      applyFix(oneLine, only(oneLine, 'region-missing')).includes('{ "region": "uksouth", "provider": "Azure" }'),
    );
    const empty = template('{ "provider": "Azure", "region": "" }', 'UKSouth');
    assert.ok(applyFix(empty, only(empty, 'region-missing')).includes('"region": "uksouth" }'));
  });

  test('region-missing offers no fix for other providers', () => {
    const text = template('{ "provider": "AWS" }', 'westus2');
    const finding = only(text, 'region-missing');
    assert.ok(finding);
    assert.equal(finding.fixes, undefined);
    assert.match(finding.message, /not a known AWS region/);
  });

  test('region-invalid lowercases as a preferred fix', () => {
    const text = template('{ "provider": "Azure", "region": "WestUS2" }');
    const finding = only(text, 'region-invalid');
    assert.equal(finding?.severity, 'error');
    assert.equal(finding?.fixes?.[0].preferred, true);
    assert.ok(applyFix(text, finding).includes('"region": "westus2"'));
  });

  test('region-unknown names the other provider and suggests across providers', () => {
    const text = template('{ "provider": "Azure", "region": "us-west-2" }');
    const finding = only(text, 'region-unknown');
    assert.match(finding?.message ?? '', /an AWS region name/);
    assert.ok(applyFix(text, finding).includes('"region": "westus2"'));
  });

  test('expressions stay silent', () => {
    const text = template(
      `{ "provider": "Azure", "region": "[parameters('region')]", "cloudStorageBucketRegion": "[parameters('b')]" }`,
      "[parameters('location')]",
    );
    const codes = analyzeText(text).findings.map((f) => f.code);
    for (const code of [
      'region-missing',
      'region-invalid',
      'region-unknown',
      'location-unsupported',
      'bucket-region-differs',
    ])
      assert.ok(!codes.includes(code), code);
  });
});

/** A cloud and one cloud resource nested in it, each with its location. */
function cloudWithResource(cloudLocation: string, resourceLocation: string, cloudExtra = ''): string {
  return `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "resources": [
    { "type": "Anyscale.Platform/clouds", "apiVersion": "2026-09-01", "name": "my-cloud", "location": "${cloudLocation}"${cloudExtra}, "properties": {},
      "resources": [ { "type": "cloudResources", "apiVersion": "2026-09-01", "name": "aks", "location": "${resourceLocation}",
        "properties": { "provider": "Azure", "computeStack": "K8S", "region": "uksouth" } } ] }
  ]
}`;
}

/**
 * The one finding of `code`: the text it sits on, its message, its fixes (`title → new text`, with the document's line
 * breaks, as the editor and the CLI write it) and its related notes (if any).
 */
function described(text: string, code: string) {
  const found = analyzeText(text).findings.filter((f) => f.code === code);
  assert.equal(found.length, 1, `${code}: ${JSON.stringify(found)}`);
  const [f] = found;
  return {
    at: text.slice(f.start, f.end),
    message: f.message,
    fixes: f.fixes?.map(
      (fix) =>
        `${fix.title} → ${withDocumentLineBreaks(fix.edits, text)
          .map((e) => e.newText)
          .join('')}${fix.preferred ? ' (preferred)' : ''}`,
    ),
    related: f.related?.length ? f.related.map((r) => `${text.slice(r.start, r.end)}: ${r.message}`) : undefined,
  };
}

describe('region rules: what each message says and what each fix writes', () => {
  const SUPPORTED = SUPPORTED_LOCATIONS.map((l) => l.name).join(', ');
  const SET_UKSOUTH = 'Set region to "uksouth" (the location it defaults to)';
  const REQUIRED = 'The Anyscale docs require region for every provider: set it to the region where the cluster runs';
  /** For AWS and GCP a missing region is an error: the location it falls back to is never one of their regions. */
  const AWS_REJECTS = "Anyscale validates region against AWS's regions, so it rejects the cloud resource.";
  const cases: Array<{
    name: string;
    text: string;
    code: string;
    at: string;
    message: string;
    fixes?: string[];
    related?: string[];
  }> = [
    {
      name: 'region not set',
      text: template('{ "provider": "Azure", "computeStack": "K8S" }', 'UK South'),
      code: 'region-missing',
      at: '"properties"',
      message: `properties.region is not set, so it defaults to the location "uksouth". ${REQUIRED}.`,
      fixes: [`${SET_UKSOUTH} → "region": "uksouth",  (preferred)`],
    },
    {
      name: 'region null',
      text: template('{ "provider": "Azure", "region": null }'),
      code: 'region-missing',
      at: 'null',
      message: `properties.region is null, so it defaults to the location "uksouth". ${REQUIRED}.`,
      fixes: [`${SET_UKSOUTH} → "uksouth" (preferred)`],
    },
    {
      name: 'region empty',
      text: template('{ "provider": "Azure", "region": "" }'),
      code: 'region-missing',
      at: '""',
      message: `properties.region is empty, so it defaults to the location "uksouth". ${REQUIRED}.`,
      fixes: [`${SET_UKSOUTH} → "uksouth" (preferred)`],
    },
    {
      name: 'region not set in a CRLF file: the inserted line ends with CRLF too',
      text: template('{\n        "provider": "Azure"\n      }').replace(/\n/g, '\r\n'),
      code: 'region-missing',
      at: '"properties"',
      message: `properties.region is not set, so it defaults to the location "uksouth". ${REQUIRED}.`,
      fixes: [`${SET_UKSOUTH} → "region": "uksouth",\r\n${' '.repeat(8)} (preferred)`],
    },
    {
      name: 'AWS region not set, location no AWS region',
      text: template('{ "provider": "AWS" }', 'westus2'),
      code: 'region-missing',
      at: '"properties"',
      message: `properties.region is not set, so it defaults to the location "westus2", which is not a known AWS region. ${AWS_REJECTS} ${REQUIRED}, such as "us-west-2".`,
    },
    {
      name: 'region not set, location an expression',
      text: template('{ "provider": "AWS" }', "[parameters('l')]"),
      code: 'region-missing',
      at: '"properties"',
      message: `properties.region is not set, so Anyscale uses the resource's location as the compute region. ${AWS_REJECTS} ${REQUIRED}, such as "us-west-2".`,
    },
    {
      name: 'region with spaces: the provider list knows it',
      text: template('{ "provider": "Azure", "region": "West US 2" }'),
      code: 'region-invalid',
      at: '"West US 2"',
      message:
        'region "West US 2" is not made of lowercase letters and digits in groups joined by single hyphens, so the deployment is rejected. Did you mean "westus2"?',
      fixes: ['Change region to "westus2" → "westus2" (preferred)'],
    },
    {
      name: 'region with uppercase letters',
      text: template('{ "provider": "Azure", "region": "WestUS2" }'),
      code: 'region-invalid',
      at: '"WestUS2"',
      message:
        'region "WestUS2" has uppercase letters, but only lowercase is accepted and Anyscale does not convert casing, so the deployment is rejected. Did you mean "westus2"?',
      fixes: ['Change region to "westus2" → "westus2" (preferred)'],
    },
    {
      name: 'region too long',
      text: template(`{ "provider": "Azure", "region": "${'a'.repeat(36)}" }`),
      code: 'region-invalid',
      at: `"${'a'.repeat(36)}"`,
      message: `region "${'a'.repeat(36)}" is 36 characters long, but at most 35 are accepted, so the deployment is rejected.`,
    },
    {
      name: 'region a number',
      text: template('{ "provider": "Azure", "region": 5 }'),
      code: 'region-invalid',
      at: '5',
      message: 'region must be a string region name such as "uksouth"; 5 is rejected when the template is deployed.',
    },
    {
      name: 'region a number, provider unknown',
      text: template('{ "provider": "Unknown", "region": 5 }'),
      code: 'region-invalid',
      at: '5',
      message: 'region must be a string region name; 5 is rejected when the template is deployed.',
    },
    {
      name: 'Generic has no region list: the name made valid',
      text: template('{ "provider": "Generic", "region": "My Region" }'),
      code: 'region-invalid',
      at: '"My Region"',
      message:
        'region "My Region" is not made of lowercase letters and digits in groups joined by single hyphens, so the deployment is rejected. Did you mean "my-region"?',
      fixes: ['Change region to "my-region" → "my-region" (preferred)'],
    },
    {
      name: "another provider's region",
      text: template('{ "provider": "Azure", "region": "us-central1" }'),
      code: 'region-unknown',
      at: '"us-central1"',
      message:
        'region "us-central1" is a GCP region name, not an Azure one; Anyscale validates region against Azure\'s known regions and rejects other names. Azure regions look like "uksouth".',
    },
    {
      name: 'no provider knows the region',
      text: template('{ "provider": "Azure", "region": "marsnorth" }'),
      code: 'region-unknown',
      at: '"marsnorth"',
      message:
        'region "marsnorth" is not in this extension\'s list of Azure\'s public regions; Anyscale validates region against Azure\'s known regions and rejects other names. Azure regions look like "uksouth".',
    },
    {
      name: 'an Azure region Anyscale is not in: no fix that guesses another',
      text: template('{ "provider": "Azure", "region": "uksouth" }', 'westus'),
      code: 'location-unsupported',
      at: '"westus"',
      message: `location "westus" is an Azure region, but not one of the 12 regions where Anyscale on Azure is documented as available (supported regions page, 2026-10-05): ${SUPPORTED}. Use one of them, or contact support to request access to westus.`,
    },
    {
      name: "a cloud resource's location spelled as AWS does",
      text: template('{ "provider": "Azure", "region": "uksouth" }', 'us-west-2'),
      code: 'location-unsupported',
      at: '"us-west-2"',
      message:
        'location "us-west-2" is AWS\'s spelling of a region, not an Azure one: location is the Azure region that keeps the cloud resource\'s record, one of the 12 regions where Anyscale on Azure is documented as available (supported regions page, 2026-10-05), and the compute region belongs in properties.region. Did you mean "westus2"?',
      fixes: ['Change location to "westus2" → "westus2"'],
    },
    {
      name: 'a misspelled location',
      text: template('{ "provider": "Azure", "region": "uksouth" }', 'uk-south'),
      code: 'location-unsupported',
      at: '"uk-south"',
      message:
        'location "uk-south" is not an Azure region name, so it is not one of the 12 regions where Anyscale on Azure is documented as available (supported regions page, 2026-10-05). Did you mean "uksouth"?',
      fixes: ['Change location to "uksouth" → "uksouth" (preferred)'],
    },
    {
      name: "a cloud's unsupported Azure region",
      text: cloudWithResource('westus', 'uksouth'),
      code: 'location-unsupported',
      at: '"westus"',
      message: `location "westus" is an Azure region, but not one of the 12 regions where Anyscale on Azure is documented as available (supported regions page, 2026-10-05): ${SUPPORTED}. Use one of them, or contact support to request access to westus.`,
    },
    {
      name: "a cloud's location spelled as AWS does",
      text: cloudWithResource('us-west-2', 'uksouth'),
      code: 'location-unsupported',
      at: '"us-west-2"',
      message:
        'location "us-west-2" is not an Azure region name, so it is not one of the 12 regions where Anyscale on Azure is documented as available (supported regions page, 2026-10-05). Did you mean "westus2"?',
      fixes: ['Change location to "westus2" → "westus2"'],
    },
    {
      name: 'bucket region differs',
      text: template('{ "provider": "Azure", "region": "uksouth", "cloudStorageBucketRegion": "westus2" }'),
      code: 'bucket-region-differs',
      at: '"westus2"',
      message:
        'cloudStorageBucketRegion "westus2" differs from region "uksouth", which is right only if the bucket really is in westus2. If the bucket is in uksouth, remove cloudStorageBucketRegion (it defaults to region) so Anyscale doesn\'t look for the bucket in the wrong region.',
      related: ['"uksouth": The compute region is "uksouth".'],
    },
    {
      name: "location differs from the cloud's",
      text: cloudWithResource('eastus2', 'uksouth'),
      code: 'location-differs-from-cloud',
      at: '"uksouth"',
      message:
        'location "uksouth" differs from the parent cloud\'s location "eastus2"; a cloud resource must use the same Azure region as its cloud. location only says where ARM keeps the record: compute runs in properties.region.',
      fixes: ['Change location to "eastus2" → "eastus2"'],
      related: ['"eastus2": The cloud\'s location is "eastus2".'],
    },
  ];
  for (const { name, text, code, ...expected } of cases) {
    test(`${code}: ${name}`, () =>
      assert.deepEqual(described(text, code), { fixes: undefined, related: undefined, ...expected }));
  }

  test('location-unsupported never says ARM rejects the location: the sources document the 12 regions, not a rejection (#17)', () => {
    for (const location of ['global', 'uk-south', 'us-west-2', 'westus']) {
      for (const text of [
        template('{ "provider": "Azure", "region": "uksouth" }', location),
        cloudWithResource(location, 'uksouth'),
      ]) {
        const { message } = described(text, 'location-unsupported');
        assert.doesNotMatch(message, /reject/i, message);
        assert.match(message, /documented as available \(supported regions page, \d{4}-\d\d-\d\d\)/, message);
      }
    }
  });

  test('an existing cloud (declared elsewhere) is not compared, even beside a deployed one; a cloud written "East US 2" is in eastus2', () => {
    const codes = (text: string) => analyzeText(text).findings.map((f) => f.code);
    const anotherCloud =
      '{ "type": "Anyscale.Platform/clouds", "apiVersion": "2026-09-01", "name": "other-cloud", "location": "eastus2", "properties": {} },';
    const existing = cloudWithResource('eastus2', 'uksouth', ', "existing": true').replace(
      '"resources": [\n',
      `"resources": [\n    ${anotherCloud}\n`,
    );
    assert.ok(!codes(existing).includes('location-differs-from-cloud'));
    assert.ok(!codes(cloudWithResource('East US 2', 'eastus2')).includes('location-differs-from-cloud'));
  });
});
