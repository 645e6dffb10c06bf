// The region catalog: every list parses, has no duplicates, holds only names `region` accepts, and suggests the
// right region for another provider's spelling.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { NAMING, PROVIDERS, SUPPORTED_LOCATIONS } from '../../server/src/service/catalog/anyscale';
import {
  OLDER_UNSUPPORTED_LOCATION,
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
import type { Finding } from '../../server/src/service/rules/rule';

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
        assert.ok(isKnownRegion(regions!, provider.regionExample), `${provider.name}'s example region is not in its list`);
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
        assert.ok(!seen.has(region.name), `${region.name} is listed by ${seen.get(region.name)} and ${regions.provider}`);
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
    const display = (name: 'azure' | 'aws' | 'gcp', region: string) => list(name).regions.find((r) => r.name === region)?.displayName;
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
    for (const spelling of ['uksouth', 'UK South', 'UKSouth', 'uk south']) assert.ok(isSupportedLocation(spelling), spelling);
  });
  test('westus is an Azure region but not supported', () => {
    assert.ok(isAzureRegion('westus'));
    assert.ok(!isSupportedLocation('westus'));
    assert.ok(!isSupportedLocation('West US'));
    assert.ok(isAzureRegion(OLDER_UNSUPPORTED_LOCATION) && !isSupportedLocation(OLDER_UNSUPPORTED_LOCATION));
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
  for (const edit of [...fix.edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
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
    assert.ok(applyFix(oneLine, only(oneLine, 'region-missing')).includes('{ "region": "uksouth", "provider": "Azure" }'));
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
    const text = template(`{ "provider": "Azure", "region": "[parameters('region')]", "cloudStorageBucketRegion": "[parameters('b')]" }`, "[parameters('location')]");
    const codes = analyzeText(text).findings.map((f) => f.code);
    for (const code of ['region-missing', 'region-invalid', 'region-unknown', 'location-unsupported', 'bucket-region-differs']) assert.ok(!codes.includes(code), code);
  });
});
