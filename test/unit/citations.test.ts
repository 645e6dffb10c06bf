// Issue #17, citations: catalog facts cite the section and the kind of source they really come from — the gateway
// hostnames are in the cloud-resources overview's Networking section, and 2026-08-01-preview is known only from a
// comment in Anyscale's Terraform reference deployment, not from the REST spec.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { API_VERSIONS } from '../../server/src/service/catalog/anyscale';
import { ANYSCALE_HOSTNAMES } from '../../server/src/service/catalog/gateway';
import { SOURCES } from '../../server/src/service/catalog/source';
import { REPO_ROOT } from '../support/paths';

test('the gateway hostnames cite the Networking section of the cloud-resources overview', () => {
  assert.equal(ANYSCALE_HOSTNAMES.source.url, `${SOURCES.cloudResourcesOverview.url}#networking`);
  assert.match(ANYSCALE_HOSTNAMES.source.title, /Networking/);
  const page = fs.readFileSync(path.join(REPO_ROOT, 'docs/rules/gateway-hostname-not-azure.md'), 'utf8');
  const sources = page.slice(page.indexOf('## Source'));
  assert.match(sources, /What is a cloud resource\? — Networking[^\n]*cloud-resources-overview#networking/);
  assert.doesNotMatch(sources, /Identity/);
});

test('every known API version carries a grade, and 2026-08-01-preview is graded as the reference deployment it comes from', () => {
  for (const entry of API_VERSIONS)
    assert.ok(['documented', 'spec', 'reference deployment', 'inferred'].includes(entry.grade), entry.version);
  const preview = API_VERSIONS.find((v) => v.version === '2026-08-01-preview')!;
  assert.equal(preview.grade, 'reference deployment');
  assert.notEqual(preview.source.url, SOURCES.restSpec.url);
  assert.match(preview.source.url, /terraform/);
  assert.match(preview.note, /Terraform/);
  assert.equal(API_VERSIONS.find((v) => v.version === '2023-04-01-preview')!.grade, 'spec');
  assert.equal(API_VERSIONS.find((v) => v.version === '2026-09-01')!.grade, 'documented');
});
