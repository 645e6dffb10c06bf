// The storage catalog's URI helpers (splitting bucket and endpoint URIs, Azure storage hosts, abfss shapes), and the
// text fixes the storage rules attach: each applied to its fixture text must give the URI the message suggests.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  abfssEquivalent,
  abfssProblem,
  bucketShapes,
  endpointSchemes,
  splitUri,
  storageAccountOf,
} from '../../server/src/service/catalog/storage';
import { providerNamed } from '../../server/src/service/catalog/anyscale';
import { analyzeText } from '../../server/src/service/analyze';
import type { Finding } from '../../server/src/service/types';

function split(text: string) {
  const uri = splitUri(text);
  assert.ok(uri, `${text} should split`);
  return uri;
}

describe('storage URI helpers', () => {
  test('splitUri separates scheme, authority, userinfo, host and the rest', () => {
    assert.deepEqual(
      { ...splitUri('abfss://anyscale-data@mystorageacct.dfs.core.windows.net') },
      {
        scheme: 'abfss',
        authority: 'anyscale-data@mystorageacct.dfs.core.windows.net',
        userinfo: 'anyscale-data',
        host: 'mystorageacct.dfs.core.windows.net',
        hostname: 'mystorageacct.dfs.core.windows.net',
        rest: '',
      },
    );
    assert.deepEqual(
      { ...splitUri('https://minio.example.internal:9000/bucket?x=1#f') },
      {
        scheme: 'https',
        authority: 'minio.example.internal:9000',
        userinfo: undefined,
        host: 'minio.example.internal:9000',
        hostname: 'minio.example.internal',
        rest: '/bucket?x=1#f',
      },
    );
    assert.equal(split('s3://bucket?v=1').rest, '?v=1');
    assert.equal(split('s3://bucket#frag').authority, 'bucket');
    assert.equal(split('gs://my-bucket/').rest, '/');
    assert.equal(split('s3://').authority, '');
    assert.equal(split('s3:///prefix').rest, '/prefix');
  });

  test('splitUri takes the last @ as the end of userinfo, and keeps a non-numeric colon in the host', () => {
    const uri = split('https://user:p@ss@host.example.com');
    assert.equal(uri.userinfo, 'user:p@ss');
    assert.equal(uri.host, 'host.example.com');
    assert.equal(split('https://host:abc').hostname, 'host:abc');
  });

  test('splitUri rejects text without :// or with an invalid scheme', () => {
    for (const text of [
      'my-bucket',
      's3:/bucket',
      's3:bucket',
      '://bucket',
      ' s3://bucket',
      '3s://bucket',
      '',
      'abfss//c@a.dfs.core.windows.net',
    ]) {
      assert.equal(splitUri(text), undefined, text);
    }
    assert.equal(split('s3a://bucket').scheme, 's3a');
    assert.equal(split('S3://bucket').scheme, 'S3');
  });

  test('storageAccountOf reads the account from blob and dfs hosts only', () => {
    assert.deepEqual(storageAccountOf('mystorageacct.blob.core.windows.net'), {
      account: 'mystorageacct',
      service: 'blob',
    });
    assert.deepEqual(storageAccountOf('MyStorageAcct.DFS.core.windows.net'), {
      account: 'mystorageacct',
      service: 'dfs',
    });
    assert.equal(storageAccountOf('blob.core.windows.net'), undefined);
    assert.equal(storageAccountOf('.blob.core.windows.net'), undefined);
    assert.equal(storageAccountOf('a.b.blob.core.windows.net'), undefined);
    assert.equal(storageAccountOf('mystorageacct.file.core.windows.net'), undefined);
    assert.equal(storageAccountOf('storage.contoso.com'), undefined);
    assert.equal(storageAccountOf('mystorageacct.blob.core.windows.net.evil.com'), undefined);
  });

  test('abfssProblem accepts only <container>@<account>.dfs.core.windows.net', () => {
    assert.equal(abfssProblem(split('abfss://anyscale-data@mystorageacct.dfs.core.windows.net')), undefined);
    assert.equal(
      abfssProblem(split('abfss://anyscale-data@mystorageacct.dfs.core.windows.net/dir')),
      undefined,
      'a sub-path is bucket-subpath',
    );
    assert.equal(abfssProblem(split('abfss://mystorageacct.dfs.core.windows.net')), 'missing-container');
    assert.equal(abfssProblem(split('abfss://@mystorageacct.dfs.core.windows.net')), 'missing-container');
    assert.equal(abfssProblem(split('abfss://user:pass@mystorageacct.dfs.core.windows.net')), 'credentials');
    assert.equal(abfssProblem(split('abfss://anyscale-data@mystorageacct.blob.core.windows.net')), 'wrong-host');
    assert.equal(abfssProblem(split('abfss://anyscale-data@storage.contoso.com')), 'wrong-host');
  });

  test('abfssEquivalent rewrites other Azure storage URIs, exact only when nothing is dropped or guessed', () => {
    assert.deepEqual(abfssEquivalent(split('wasbs://data@acct.blob.core.windows.net')), {
      uri: 'abfss://data@acct.dfs.core.windows.net',
      exact: true,
    });
    assert.deepEqual(abfssEquivalent(split('abfss://data@acct.blob.core.windows.net/')), {
      uri: 'abfss://data@acct.dfs.core.windows.net',
      exact: true,
    });
    assert.deepEqual(abfssEquivalent(split('abfs://data@acct.dfs.core.windows.net/dir')), {
      uri: 'abfss://data@acct.dfs.core.windows.net',
      exact: false,
    });
    assert.deepEqual(abfssEquivalent(split('https://acct.blob.core.windows.net/data/logs')), {
      uri: 'abfss://data@acct.dfs.core.windows.net',
      exact: false,
    });
    assert.equal(abfssEquivalent(split('https://acct.blob.core.windows.net')), undefined);
    assert.equal(abfssEquivalent(split('https://key:secret@acct.blob.core.windows.net')), undefined);
    assert.equal(abfssEquivalent(split('s3://my-bucket')), undefined);
  });

  test('provider bucket shapes and endpoint schemes', () => {
    assert.equal(
      bucketShapes(providerNamed('Azure')!),
      'abfss://<container>@<account>.dfs.core.windows.net or azure://<container>',
    );
    assert.equal(bucketShapes(providerNamed('AWS')!), 's3://<bucket>');
    assert.equal(bucketShapes(providerNamed('Generic')!), 'any <scheme>://<bucket>');
    assert.deepEqual(endpointSchemes(providerNamed('Azure')), ['https']);
    assert.deepEqual(endpointSchemes(providerNamed('Generic')), ['https', 'http']);
    assert.deepEqual(endpointSchemes(undefined), ['https', 'http']);
  });
});

function template(properties: Record<string, string>): string {
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: 'my-cloud/res',
          location: 'uksouth',
          properties: { computeStack: 'K8S', ...properties },
        },
      ],
    },
    null,
    2,
  );
}

function onlyFinding(text: string, code: string): Finding {
  const found = analyzeText(text).findings.filter((f) => f.code === code);
  assert.equal(found.length, 1, `${code}: ${JSON.stringify(found)}`);
  return found[0];
}

/** Applies a finding's fix and returns the property's new value. */
function fixed(text: string, finding: Finding, property: string, fixIndex = 0): { value: unknown; preferred: boolean } {
  const fix = finding.fixes?.[fixIndex];
  assert.ok(fix, `${finding.code} offers no fix: ${finding.message}`);
  let out = text;
  for (const edit of [...fix.edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
  return { value: JSON.parse(out).resources[0].properties[property], preferred: fix.preferred === true };
}

const AZURE = {
  provider: 'Azure',
  region: 'uksouth',
  anyscaleOperatorIamIdentity: '11111111-2222-3333-4444-555555555555',
};
const AZURE_ENDPOINT = 'https://mystorageacct.blob.core.windows.net';

describe('storage rule fixes', () => {
  const bucketCases: Array<[string, string, string, string, boolean]> = [
    ['AWS', 'my-anyscale-eks-bucket', 'bucket-scheme-mismatch', 's3://my-anyscale-eks-bucket', true],
    ['AWS', 's3:my-anyscale-eks-bucket', 'bucket-scheme-mismatch', 's3://my-anyscale-eks-bucket', true],
    ['AWS', 'S3://my-anyscale-eks-bucket', 'bucket-scheme-mismatch', 's3://my-anyscale-eks-bucket', true],
    ['AWS', 's3a://my-anyscale-eks-bucket', 'bucket-scheme-mismatch', 's3://my-anyscale-eks-bucket', false],
    ['GCP', 'gcs://my-anyscale-gke-bucket', 'bucket-scheme-mismatch', 'gs://my-anyscale-gke-bucket', false],
    // Wrong for two reasons (scheme and sub-path): one fix for both, so that fixing the scheme reveals no bucket-subpath.
    ['GCP', 'gcs://my-anyscale-gke-bucket/logs', 'bucket-scheme-mismatch', 'gs://my-anyscale-gke-bucket', false],
    ['AWS', 'S3://my-anyscale-eks-bucket/', 'bucket-scheme-mismatch', 's3://my-anyscale-eks-bucket', true],
    [
      'Azure',
      'abfss://data@mystorageacct.blob.core.windows.net',
      'bucket-scheme-mismatch',
      'abfss://data@mystorageacct.dfs.core.windows.net',
      true,
    ],
    [
      'Azure',
      'wasbs://data@mystorageacct.blob.core.windows.net',
      'bucket-scheme-mismatch',
      'abfss://data@mystorageacct.dfs.core.windows.net',
      true,
    ],
    [
      'Azure',
      'https://mystorageacct.blob.core.windows.net/data',
      'bucket-scheme-mismatch',
      'abfss://data@mystorageacct.dfs.core.windows.net',
      false,
    ],
    ['AWS', 's3://my-anyscale-eks-bucket/', 'bucket-subpath', 's3://my-anyscale-eks-bucket', true],
    ['AWS', 's3://my-anyscale-eks-bucket/prefix', 'bucket-subpath', 's3://my-anyscale-eks-bucket', false],
    // White space makes it no URI (the spec's `format: uri`): dropping it is the fix, whatever else would follow.
    ['AWS', 's3://my-anyscale-eks-bucket ', 'bucket-scheme-mismatch', 's3://my-anyscale-eks-bucket', true],
    [
      'Azure',
      'abfss://data@mystorageacct.dfs.core.windows.net\n',
      'bucket-scheme-mismatch',
      'abfss://data@mystorageacct.dfs.core.windows.net',
      true,
    ],
  ];
  for (const [provider, bucket, code, expected, preferred] of bucketCases) {
    test(`${code}: ${provider} ${bucket} → ${expected}`, () => {
      const text = template({
        ...AZURE,
        provider,
        cloudStorageBucketName: bucket,
        cloudStorageBucketEndpoint: provider === 'Azure' ? AZURE_ENDPOINT : '',
      });
      assert.deepEqual(fixed(text, onlyFinding(text, code), 'cloudStorageBucketName'), { value: expected, preferred });
    });
  }

  test('bucket-scheme-mismatch offers no fix when nothing is obvious', () => {
    for (const [provider, bucket] of [
      ['Azure', 'anyscale-data'],
      ['Azure', 's3://anyscale-data'],
      ['Generic', 'my-bucket'],
      ['AWS', 'gs://bucket'],
      ['AWS', ''],
    ]) {
      const text = template({ ...AZURE, provider, cloudStorageBucketName: bucket });
      assert.equal(onlyFinding(text, 'bucket-scheme-mismatch').fixes, undefined, `${provider} ${bucket}`);
    }
  });

  const endpointCases: Array<[string, string, string, string, boolean]> = [
    ['Azure', 'https://mystorageacct.blob.core.windows.net/', 'bucket-endpoint-trailing-slash', AZURE_ENDPOINT, true],
    ['Azure', 'https://mystorageacct.blob.core.windows.net/data', 'bucket-endpoint-invalid', AZURE_ENDPOINT, false],
    ['Azure', 'http://mystorageacct.blob.core.windows.net/', 'bucket-endpoint-invalid', AZURE_ENDPOINT, false],
    [
      'Azure',
      'https://key:secret@mystorageacct.blob.core.windows.net',
      'bucket-endpoint-invalid',
      AZURE_ENDPOINT,
      false,
    ],
    ['Azure', 'mystorageacct.blob.core.windows.net', 'bucket-endpoint-invalid', AZURE_ENDPOINT, true],
    ['Generic', 'minio.example.internal:9000', 'bucket-endpoint-invalid', 'https://minio.example.internal:9000', false],
    ['Azure', 'https://otheracct.blob.core.windows.net', 'bucket-endpoint-account-mismatch', AZURE_ENDPOINT, false],
    // White space: no URL, and no trailing-slash finding whose fix would leave the line break in.
    ['Azure', 'https://mystorageacct.blob.core.windows.net ', 'bucket-endpoint-invalid', AZURE_ENDPOINT, true],
    ['Azure', 'https://mystorageacct.blob.core.windows.net\t', 'bucket-endpoint-invalid', AZURE_ENDPOINT, true],
    ['Azure', 'https://mystorageacct.blob.core.windows.net\n/', 'bucket-endpoint-invalid', AZURE_ENDPOINT, true],
    ['AWS', 'https://s3.us-west-2.amazonaws.com', 'bucket-endpoint-not-needed', '', false],
  ];
  for (const [provider, endpoint, code, expected, preferred] of endpointCases) {
    test(`${code}: ${provider} ${endpoint} → ${JSON.stringify(expected)}`, () => {
      const bucket =
        provider === 'Azure' ? 'abfss://anyscale-data@mystorageacct.dfs.core.windows.net' : 's3://my-bucket';
      const text = template({
        ...AZURE,
        provider,
        cloudStorageBucketName: bucket,
        cloudStorageBucketEndpoint: endpoint,
      });
      assert.deepEqual(fixed(text, onlyFinding(text, code), 'cloudStorageBucketEndpoint'), {
        value: expected,
        preferred,
      });
    });
  }

  test('bucket-endpoint-invalid: only the scheme of a non-Azure endpoint is wrong → info that says it is inferred (#17)', () => {
    // The docs only say "a bare <scheme>://<host> origin" for providers other than Azure; http(s) for S3-compatible storage is inferred.
    const aws = onlyFinding(
      template({
        ...AZURE,
        provider: 'AWS',
        cloudStorageBucketName: 's3://my-bucket',
        cloudStorageBucketEndpoint: 's3://s3.us-west-2.amazonaws.com',
      }),
      'bucket-endpoint-invalid',
    );
    assert.equal(aws.severity, 'info');
    assert.match(aws.message, /inferred/);
    // A path is documented as wrong for every provider, and Azure's https is documented: errors.
    const path = onlyFinding(
      template({
        ...AZURE,
        provider: 'AWS',
        cloudStorageBucketName: 's3://my-bucket',
        cloudStorageBucketEndpoint: 's3://s3.example.com/bucket',
      }),
      'bucket-endpoint-invalid',
    );
    assert.equal(path.severity, 'error');
    assert.equal(
      onlyFinding(
        template({
          ...AZURE,
          cloudStorageBucketName: 'azure://data',
          cloudStorageBucketEndpoint: 'http://mystorageacct.blob.core.windows.net',
        }),
        'bucket-endpoint-invalid',
      ).severity,
      'error',
    );
  });

  test('bucket-endpoint-invalid never echoes credentials', () => {
    const text = template({
      ...AZURE,
      cloudStorageBucketName: 'azure://data',
      cloudStorageBucketEndpoint: 'https://key:s3cr3t@mystorageacct.blob.core.windows.net',
    });
    assert.ok(!onlyFinding(text, 'bucket-endpoint-invalid').message.includes('s3cr3t'));
  });

  test('bucket-endpoint-account-mismatch points at the bucket as related information', () => {
    const text = template({
      ...AZURE,
      cloudStorageBucketName: 'abfss://anyscale-data@mystorageacct.dfs.core.windows.net',
      cloudStorageBucketEndpoint: 'https://otheracct.blob.core.windows.net',
    });
    const related = onlyFinding(text, 'bucket-endpoint-account-mismatch').related;
    assert.equal(related?.length, 1);
    assert.equal(
      text.slice(related![0].start, related![0].end),
      '"abfss://anyscale-data@mystorageacct.dfs.core.windows.net"',
    );
  });
});

/** A cloud resource with these storage values (an omitted one is left out), as the storage rules see it. */
function storageTemplate(provider: string, bucket: string | undefined, endpoint: string | undefined): string {
  const properties: Record<string, string> = { ...AZURE, provider };
  if (bucket !== undefined) properties.cloudStorageBucketName = bucket;
  if (endpoint !== undefined) properties.cloudStorageBucketEndpoint = endpoint;
  return template(properties);
}

/** The storage rules' findings (codes bucket-*), each with its message and its fix as `title → new value`. */
function storageFindings(text: string) {
  return analyzeText(text)
    .findings.filter((f) => f.code.startsWith('bucket-'))
    .map((f) => ({
      code: f.code,
      message: f.message,
      fixes: f.fixes?.map(
        (fix) => `${fix.title} → ${fix.edits.map((e) => e.newText).join('')}${fix.preferred ? ' (preferred)' : ''}`,
      ),
    }));
}

describe('storage rules: one finding per mistake, from the rule that owns it', () => {
  const cases: Array<[string, string, string, string[]]> = [
    // The account comparison is for abfss buckets of a provider that takes them; the scheme is the other rule's finding.
    [
      'Azure',
      'wasbs://data@acctone.blob.core.windows.net',
      'https://accttwo.blob.core.windows.net',
      ['bucket-scheme-mismatch'],
    ],
    [
      'Generic',
      'abfss://data@acctone.dfs.core.windows.net',
      'https://accttwo.blob.core.windows.net',
      ['bucket-cors-required', 'bucket-endpoint-not-needed'],
    ],
    // A trailing slash on an endpoint with anything else wrong is bucket-endpoint-invalid's, whose fix drops the slash too.
    ['Azure', 'azure://data', 'https://key:secret@mystorageacct.blob.core.windows.net/', ['bucket-endpoint-invalid']],
    ['Azure', 'azure://data', 'http://mystorageacct.blob.core.windows.net/', ['bucket-endpoint-invalid']],
    ['Azure', 'azure://data', 'https:///', ['bucket-endpoint-invalid']],
    [
      'Generic',
      's3://b',
      'https://minio.example.internal/',
      ['bucket-cors-required', 'bucket-endpoint-trailing-slash'],
    ],
    // A bucket URI with no bucket is not a sub-path to trim.
    ['AWS', 's3:///prefix', '', ['bucket-cors-required', 'bucket-scheme-mismatch']],
    ['AWS', 's3://', '', ['bucket-cors-required', 'bucket-scheme-mismatch']],
  ];
  for (const [provider, bucket, endpoint, codes] of cases) {
    test(`${provider} ${bucket} ${endpoint}`, () => {
      assert.deepEqual(
        storageFindings(storageTemplate(provider, bucket, endpoint))
          .map((f) => f.code)
          .sort(),
        codes,
      );
    });
  }
});

describe('storage rules: what the message names and what the fix writes', () => {
  const UNCHANGEABLE =
    'Anyscale requires a bare origin, and the value cannot be changed after the cloud resource is created.';
  const REJECTED = 'Anyscale rejects the cloud resource, and its properties cannot be changed after creation.';
  const TO_ACCOUNT =
    'Change the endpoint to "https://mystorageacct.blob.core.windows.net" → "https://mystorageacct.blob.core.windows.net"';
  const cases: Array<{
    provider: string;
    bucket?: string;
    endpoint?: string;
    code: string;
    message: string;
    fixes?: string[];
  }> = [
    {
      provider: 'Azure',
      bucket: 'azure://data',
      endpoint: 'https://mystorageacct.blob.core.windows.net/data?sv=1#top',
      code: 'bucket-endpoint-invalid',
      message: `cloudStorageBucketEndpoint "https://mystorageacct.blob.core.windows.net/data?sv=1#top" must be a bare https://<host> origin, but it has a path ("/data"), a query and a fragment. ${UNCHANGEABLE} Did you mean "https://mystorageacct.blob.core.windows.net"?`,
      fixes: [TO_ACCOUNT],
    },
    ...['/?sv=1', '?sv=1'].map((query) => ({
      provider: 'Azure',
      bucket: 'azure://data',
      endpoint: `https://mystorageacct.blob.core.windows.net${query}`,
      code: 'bucket-endpoint-invalid',
      message: `cloudStorageBucketEndpoint "https://mystorageacct.blob.core.windows.net${query}" must be a bare https://<host> origin, but it has a query. ${UNCHANGEABLE} Did you mean "https://mystorageacct.blob.core.windows.net"?`,
      fixes: [TO_ACCOUNT],
    })),
    {
      provider: 'Azure',
      bucket: 'azure://data',
      endpoint: 'https://key:s3cr3t@mystorageacct.blob.core.windows.net/x',
      code: 'bucket-endpoint-invalid',
      message: `cloudStorageBucketEndpoint "https://***@mystorageacct.blob.core.windows.net/x" must be a bare https://<host> origin, but it has a path ("/x") and credentials, which do not belong in a template. ${UNCHANGEABLE} Did you mean "https://mystorageacct.blob.core.windows.net"?`,
      fixes: [TO_ACCOUNT],
    },
    {
      provider: 'Generic',
      bucket: 's3://b',
      endpoint: 'ftp://minio.example.internal',
      code: 'bucket-endpoint-invalid',
      message:
        'cloudStorageBucketEndpoint "ftp://minio.example.internal" uses the scheme "ftp"; an S3-compatible endpoint is usually https://<host> or http://<host> (inferred: the docs only ask for a bare <scheme>://<host> origin). Did you mean "https://minio.example.internal"?',
      fixes: ['Change the endpoint to "https://minio.example.internal" → "https://minio.example.internal"'],
    },
    {
      provider: 'Azure',
      bucket: 'azure://data',
      endpoint: 'https:///',
      code: 'bucket-endpoint-invalid',
      message: `cloudStorageBucketEndpoint "https:///" must be a bare https://<host> origin, but it has no host. ${UNCHANGEABLE}`,
    },
    {
      provider: 'Azure',
      bucket: 'azure://data',
      endpoint: 'mystorageacct.blob.core.windows.net',
      code: 'bucket-endpoint-invalid',
      message: `cloudStorageBucketEndpoint "mystorageacct.blob.core.windows.net" is not a URL: write a bare https://<host> origin. ${UNCHANGEABLE} Did you mean "https://mystorageacct.blob.core.windows.net"?`,
      fixes: [`${TO_ACCOUNT} (preferred)`],
    },
    // Only a bare host (and port) becomes an origin by adding the scheme: not a name with a space, nor one with a path.
    ...[
      'my storage.blob.core.windows.net',
      'mystorageacct.blob.core.windows.net/data',
      '-host.example.com',
      'host.example.com-',
    ].map((endpoint) => ({
      provider: 'Azure',
      bucket: 'azure://data',
      endpoint,
      code: 'bucket-endpoint-invalid',
      message: `cloudStorageBucketEndpoint "${endpoint}" is not a URL: write a bare https://<host> origin. ${UNCHANGEABLE}`,
    })),
    {
      provider: 'Azure',
      bucket: 'azure://data',
      endpoint: 'https://mystorageacct.blob.core.windows.net/',
      code: 'bucket-endpoint-trailing-slash',
      message:
        'cloudStorageBucketEndpoint "https://mystorageacct.blob.core.windows.net/" ends with "/": write the bare origin "https://mystorageacct.blob.core.windows.net". The log agent derives the storage account name by trimming ".blob.core.windows.net" from the endpoint, so with the slash logs never reach the bucket.',
      fixes: ['Remove the trailing "/" → "https://mystorageacct.blob.core.windows.net" (preferred)'],
    },
    {
      provider: 'Generic',
      bucket: 's3://b',
      endpoint: 'https://minio.example.internal/',
      code: 'bucket-endpoint-trailing-slash',
      message:
        'cloudStorageBucketEndpoint "https://minio.example.internal/" ends with "/": write the bare origin "https://minio.example.internal". Anyscale expects a bare origin with no path.',
      fixes: ['Remove the trailing "/" → "https://minio.example.internal" (preferred)'],
    },
    {
      provider: 'Azure',
      bucket: 'abfss://anyscale-data@mystorageacct.dfs.core.windows.net',
      endpoint: 'https://otheracct.blob.core.windows.net',
      code: 'bucket-endpoint-account-mismatch',
      message:
        'cloudStorageBucketEndpoint "https://otheracct.blob.core.windows.net" names the storage account "otheracct", but the bucket "abfss://anyscale-data@mystorageacct.dfs.core.windows.net" is in "mystorageacct": both must point to the same account, or logs and files are looked for in the wrong place. Did you mean "https://mystorageacct.blob.core.windows.net"?',
      fixes: [TO_ACCOUNT],
    },
    {
      provider: 'AWS',
      bucket: 's3://my-bucket/',
      endpoint: '',
      code: 'bucket-subpath',
      message:
        'cloudStorageBucketName "s3://my-bucket/" ends with "/": write the bucket alone, "s3://my-bucket". Anyscale rejects bucket URIs that carry a path, and the value cannot be changed after creation.',
      fixes: ['Remove the trailing "/" → "s3://my-bucket" (preferred)'],
    },
    ...[
      ['/logs', 'a sub-path ("/logs")'],
      ['?versionId=1', 'a query ("?versionId=1")'],
      ['#logs', 'a fragment ("#logs")'],
    ].map(([extra, named]) => ({
      provider: 'AWS',
      bucket: `s3://my-bucket${extra}`,
      endpoint: '',
      code: 'bucket-subpath',
      message: `cloudStorageBucketName "s3://my-bucket${extra}" has ${named}, but it must name the bucket only, e.g. "s3://my-bucket". Anyscale rejects the cloud resource; use a separate bucket or container for this resource instead of a prefix.`,
      fixes: ['Keep only the bucket, "s3://my-bucket" → "s3://my-bucket"'],
    })),
    {
      provider: 'Azure',
      bucket: 'azure:anyscale-data',
      endpoint: AZURE_ENDPOINT,
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "azure:anyscale-data" is not a fully qualified URI: write it as abfss://<container>@<account>.dfs.core.windows.net or azure://<container> for provider Azure. ${REJECTED} Did you mean "azure://anyscale-data"?`,
      fixes: ['Change the bucket to "azure://anyscale-data" → "azure://anyscale-data" (preferred)'],
    },
    // A fix only when the bucket is obviously meant: not a name with a space, one that starts badly, or text before the scheme.
    ...['my bucket', '-bucket', 'my s3:bucket'].map((bucket) => ({
      provider: 'AWS',
      bucket,
      endpoint: '',
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "${bucket}" is not a fully qualified URI: write it as s3://<bucket> for provider AWS. ${REJECTED}`,
    })),
    {
      provider: 'Unknown',
      bucket: 'my-bucket',
      endpoint: '',
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "my-bucket" is not a fully qualified URI: write it as <scheme>://<bucket>. ${REJECTED}`,
    },
    {
      // An Azure storage URI is rewritten to abfss only for a provider that takes abfss.
      provider: 'AWS',
      bucket: 'wasbs://data@acct.blob.core.windows.net',
      endpoint: '',
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "wasbs://data@acct.blob.core.windows.net" uses the scheme "wasbs", which provider AWS does not accept: use s3://<bucket>. ${REJECTED}`,
    },
    {
      provider: 'AWS',
      bucket: 's3:///prefix',
      endpoint: '',
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "s3:///prefix" names no bucket after "s3://": use s3://<bucket>. ${REJECTED}`,
    },
    {
      provider: 'Azure',
      bucket: 'abfss://mystorageacct.dfs.core.windows.net',
      endpoint: AZURE_ENDPOINT,
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "abfss://mystorageacct.dfs.core.windows.net" names no container before "@": an abfss bucket is written abfss://<container>@<account>.dfs.core.windows.net. ${REJECTED}`,
    },
    {
      // A user name and password where the container goes, shown masked.
      provider: 'Azure',
      bucket: 'abfss://user:pass@mystorageacct.dfs.core.windows.net',
      endpoint: AZURE_ENDPOINT,
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "abfss://***@mystorageacct.dfs.core.windows.net" holds a user name and password before "@", where the container goes: an abfss bucket is written abfss://<container>@<account>.dfs.core.windows.net. ${REJECTED}`,
    },
    {
      provider: 'Azure',
      bucket: 'abfss://data@storage.contoso.com',
      endpoint: AZURE_ENDPOINT,
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "abfss://data@storage.contoso.com" has the host "storage.contoso.com", which is not a storage account's Data Lake host: an abfss bucket is written abfss://<container>@<account>.dfs.core.windows.net. ${REJECTED}`,
    },
    {
      provider: 'GCP',
      bucket: 'gs://logs',
      endpoint: '',
      code: 'bucket-cors-required',
      message:
        'Anyscale does not configure CORS for GCP buckets: give the bucket "gs://logs" a CORS rule allowing the origin https://console.azure.anyscale.com (methods GET, HEAD, PUT, POST, DELETE), or the console\'s Logs tab stays empty.',
    },
    {
      provider: 'AWS',
      code: 'bucket-cors-required',
      message:
        "Anyscale does not configure CORS for AWS buckets: give the bucket a CORS rule allowing the origin https://console.azure.anyscale.com (methods GET, HEAD, PUT, POST, DELETE), or the console's Logs tab stays empty.",
    },
    // The rule is set on the bucket, not on a path in it (bucket-subpath reports the path).
    {
      provider: 'AWS',
      bucket: 's3://my-bucket/logs/2026?x=1',
      endpoint: '',
      code: 'bucket-cors-required',
      message:
        'Anyscale does not configure CORS for AWS buckets: give the bucket "s3://my-bucket" a CORS rule allowing the origin https://console.azure.anyscale.com (methods GET, HEAD, PUT, POST, DELETE), or the console\'s Logs tab stays empty.',
    },
    // On an Azure storage host, on the storage account's Blob service.
    {
      provider: 'Generic',
      bucket: 'abfss://c@acct.dfs.core.windows.net/some/path',
      endpoint: '',
      code: 'bucket-cors-required',
      message:
        'Anyscale does not configure CORS for Generic buckets: give the storage account "acct" (bucket "abfss://c@acct.dfs.core.windows.net") a CORS rule allowing the origin https://console.azure.anyscale.com (methods GET, HEAD, PUT, POST, DELETE), or the console\'s Logs tab stays empty.',
    },
    // Credentials before the host are masked: the message goes to CI logs and SARIF.
    {
      provider: 'Generic',
      bucket: 's3://minio:s3cr3t@my-bucket:9000/logs',
      endpoint: '',
      code: 'bucket-cors-required',
      message:
        'Anyscale does not configure CORS for Generic buckets: give the bucket "s3://***@my-bucket:9000" a CORS rule allowing the origin https://console.azure.anyscale.com (methods GET, HEAD, PUT, POST, DELETE), or the console\'s Logs tab stays empty.',
    },
    // No URI (white space in it): named only when it holds no `@`.
    {
      provider: 'AWS',
      bucket: 's3://key:s3cr3t@my-bucket /logs',
      endpoint: '',
      code: 'bucket-cors-required',
      message:
        "Anyscale does not configure CORS for AWS buckets: give the bucket a CORS rule allowing the origin https://console.azure.anyscale.com (methods GET, HEAD, PUT, POST, DELETE), or the console's Logs tab stays empty.",
    },
    {
      provider: 'Generic',
      bucket: 'wasbs://acct:key==@acct.blob.core.windows.net',
      endpoint: '',
      code: 'bucket-cors-required',
      message:
        'Anyscale does not configure CORS for Generic buckets: give the storage account "acct" (bucket "wasbs://***@acct.blob.core.windows.net") a CORS rule allowing the origin https://console.azure.anyscale.com (methods GET, HEAD, PUT, POST, DELETE), or the console\'s Logs tab stays empty.',
    },
    // Every storage message masks what stands before the host (shownUri); a fix keeps it as written.
    {
      provider: 'AWS',
      bucket: 's3://key:s3cr3t@my-bucket/logs',
      endpoint: '',
      code: 'bucket-subpath',
      message:
        'cloudStorageBucketName "s3://***@my-bucket/logs" has a sub-path ("/logs"), but it must name the bucket only, e.g. "s3://***@my-bucket". Anyscale rejects the cloud resource; use a separate bucket or container for this resource instead of a prefix.',
      fixes: ['Keep only the bucket, "s3://***@my-bucket" → "s3://key:s3cr3t@my-bucket"'],
    },
    {
      provider: 'AWS',
      bucket: 's3://AKIAS3CR3T@my-bucket/',
      endpoint: '',
      code: 'bucket-subpath',
      message:
        'cloudStorageBucketName "s3://***@my-bucket/" ends with "/": write the bucket alone, "s3://***@my-bucket". Anyscale rejects bucket URIs that carry a path, and the value cannot be changed after creation.',
      fixes: ['Remove the trailing "/" → "s3://AKIAS3CR3T@my-bucket" (preferred)'],
    },
    {
      provider: 'AWS',
      bucket: 'S3://key:s3cr3t@my-bucket',
      endpoint: '',
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "S3://***@my-bucket" uses the scheme "S3", which provider AWS does not accept: use s3://<bucket>. ${REJECTED} Did you mean "s3://***@my-bucket"?`,
      fixes: ['Change the bucket to "s3://***@my-bucket" → "s3://key:s3cr3t@my-bucket" (preferred)'],
    },
    {
      // No URI: not quoted, as what stands before its `@` cannot be told from credentials; the suggestion is masked.
      provider: 'AWS',
      bucket: 's3:key:s3cr3t@my-bucket',
      endpoint: '',
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName is not a fully qualified URI: write it as s3://<bucket> for provider AWS. ${REJECTED} Did you mean "s3://***@my-bucket"?`,
      fixes: ['Change the bucket to "s3://***@my-bucket" → "s3://key:s3cr3t@my-bucket" (preferred)'],
    },
    {
      provider: 'Azure',
      bucket: 'abfss://user:s3cr3t@storage.contoso.com',
      endpoint: AZURE_ENDPOINT,
      code: 'bucket-scheme-mismatch',
      message: `cloudStorageBucketName "abfss://***@storage.contoso.com" has the host "storage.contoso.com", which is not a storage account's Data Lake host: an abfss bucket is written abfss://<container>@<account>.dfs.core.windows.net. ${REJECTED}`,
    },
    {
      provider: 'Azure',
      bucket: 'abfss://user:s3cr3t@otheracct.dfs.core.windows.net',
      endpoint: AZURE_ENDPOINT,
      code: 'bucket-endpoint-account-mismatch',
      message:
        'cloudStorageBucketEndpoint "https://mystorageacct.blob.core.windows.net" names the storage account "mystorageacct", but the bucket "abfss://***@otheracct.dfs.core.windows.net" is in "otheracct": both must point to the same account, or logs and files are looked for in the wrong place. Did you mean "https://otheracct.blob.core.windows.net"?',
      fixes: [
        'Change the endpoint to "https://otheracct.blob.core.windows.net" → "https://otheracct.blob.core.windows.net"',
      ],
    },
  ];
  for (const { provider, bucket, endpoint, code, message, fixes } of cases) {
    test(`${code}: ${provider} ${bucket ?? '(no bucket)'} ${endpoint ?? ''}`, () => {
      const found = storageFindings(storageTemplate(provider, bucket, endpoint)).filter((f) => f.code === code);
      assert.deepEqual(found, [{ code, message, fixes }]);
    });
  }
});

describe('a bucket or endpoint built around a parameter without a value (stringEnds.ts)', () => {
  /** A cloud resource whose bucket and endpoint are the expressions given, with a parameter `account` and no value. */
  function built(bucket: string, endpoint: string): string {
    const text = template({ ...AZURE, cloudStorageBucketName: bucket, cloudStorageBucketEndpoint: endpoint });
    const parsed = JSON.parse(text) as { parameters?: object };
    parsed.parameters = { account: { type: 'string' } };
    return JSON.stringify(parsed, null, 2);
  }
  const bucket = (tail: string) => `[concat('abfss://data@', parameters('account'), '.dfs.core.windows.net${tail}')]`;
  const endpoint = (tail: string) => `[format('https://{0}.blob.core.windows.net${tail}', parameters('account'))]`;

  test('a trailing slash and a sub-path are known, and reported at the expression without a fix', () => {
    const text = built(bucket('/ray-logs'), endpoint('/'));
    const subpath = onlyFinding(text, 'bucket-subpath');
    assert.match(subpath.message, /built with "…\/ray-logs" after its bucket.*parameter 'account'/);
    assert.equal(text.slice(subpath.start, subpath.end), JSON.stringify(bucket('/ray-logs')));
    assert.equal(subpath.fixes, undefined, 'an expression is never rewritten');
    const slash = onlyFinding(text, 'bucket-endpoint-trailing-slash');
    assert.match(slash.message, /end with "\.blob\.core\.windows\.net\/".*logs never reach the bucket/);
    assert.equal(slash.fixes, undefined);
  });

  test('nothing is said when the known ends are right, or do not tell', () => {
    const codes = (text: string) => analyzeText(text).findings.map((f) => f.code);
    const clean = codes(built(bucket(''), endpoint('')));
    assert.ok(!clean.includes('bucket-subpath') && !clean.includes('bucket-endpoint-trailing-slash'), String(clean));
    // A `/` in the end with no `://` in the start may be the scheme's own (the parameter could be `abfss:`).
    const untold = codes(built("[concat(parameters('account'), '//data')]", endpoint('')));
    assert.ok(!untold.includes('bucket-subpath'), String(untold));
  });
});

test('bucket-cors-required sits on the bucket it is for, linking the provider; on the provider when no bucket is known', () => {
  const cors = (text: string) => analyzeText(text).findings.filter((f) => f.code === 'bucket-cors-required');
  const text = storageTemplate('GCP', 'gs://logs', '');
  const [onBucket] = cors(text);
  assert.equal(text.slice(onBucket.start, onBucket.end), '"gs://logs"');
  assert.deepEqual(
    onBucket.related?.map((r) => [text.slice(r.start, r.end), r.uri, r.message]),
    [['"GCP"', undefined, 'The provider is GCP: Anyscale configures CORS only for Azure (AKS-backed) buckets.']],
  );
  const noBucket = storageTemplate('AWS', undefined, '');
  const [onProvider] = cors(noBucket);
  assert.equal(noBucket.slice(onProvider.start, onProvider.end), '"AWS"');
});

test('no storage finding, related message or fix title repeats credentials written before a host', () => {
  /** A template of these cloud resources of one cloud, with a parameter `scheme` and no value. */
  const cloudOf = (...resources: Record<string, string>[]) => {
    const parsed = JSON.parse(template({})) as { parameters?: object; resources: object[] };
    parsed.parameters = { scheme: { type: 'string' } };
    parsed.resources = resources.map((properties, i) => ({
      type: 'Anyscale.Platform/clouds/cloudResources',
      apiVersion: '2026-09-01',
      name: `my-cloud/res${i}`,
      location: 'uksouth',
      properties: { computeStack: 'K8S', ...properties },
    }));
    return JSON.stringify(parsed, null, 2);
  };
  const aws = (bucket: string, endpoint = '') => ({
    provider: 'AWS',
    region: 'us-west-2',
    anyscaleOperatorIamIdentity: 'arn:aws:iam::123456789012:role/r',
    cloudStorageBucketName: bucket,
    cloudStorageBucketEndpoint: endpoint,
  });
  const texts = [
    // The same bucket twice (bucket-shared), a sub-path, an endpoint with a path (URI) or with a space (no URI).
    cloudOf(
      aws('s3://key:s3cr3t@my-bucket/logs', 'https://key:s3cr3t@s3.us-west-2.amazonaws.com/x'),
      aws('s3://key:s3cr3t@my-bucket/logs'),
    ),
    cloudOf(aws('S3://key:s3cr3t@my-bucket', 'https://key:s3cr3t@s3.example.com /x')),
    cloudOf(aws('s3://key:s3cr3t@my bucket')),
    // An endpoint built around a parameter, whose known end holds the credentials.
    cloudOf({
      ...AZURE,
      cloudStorageBucketName: 'abfss://key:s3cr3t@acct.dfs.core.windows.net',
      cloudStorageBucketEndpoint: "[concat(parameters('scheme'), '://key:s3cr3t@other.blob.core.windows.net/')]",
    }),
    cloudOf({
      ...AZURE,
      cloudStorageBucketName: 'abfss://key:s3cr3t@acct.dfs.core.windows.net',
      cloudStorageBucketEndpoint: 'https://other.blob.core.windows.net',
    }),
  ];
  const codes = new Set<string>();
  for (const text of texts)
    for (const finding of analyzeText(text).findings.filter((f) => f.code.startsWith('bucket-'))) {
      codes.add(finding.code);
      const shown = [
        finding.message,
        ...(finding.related ?? []).map((r) => r.message),
        ...(finding.fixes ?? []).map((f) => f.title),
      ];
      for (const line of shown) assert.ok(!line.includes('s3cr3t'), `${finding.code}: ${line}`);
    }
  // Every storage rule that quotes a bucket or an endpoint spoke.
  assert.deepEqual([...codes].sort(), [
    'bucket-cors-required',
    'bucket-endpoint-account-mismatch',
    'bucket-endpoint-invalid',
    'bucket-endpoint-not-needed',
    'bucket-endpoint-trailing-slash',
    'bucket-scheme-mismatch',
    'bucket-shared',
    'bucket-subpath',
  ]);
});

test('bucket-shared and operator-identity-shared call the first user "another" cloud resource when both are named alike', () => {
  const resource = {
    type: 'Anyscale.Platform/clouds/cloudResources',
    apiVersion: '2026-09-01',
    name: 'my-cloud/a',
    location: 'uksouth',
    properties: {
      provider: 'AWS',
      computeStack: 'K8S',
      region: 'us-west-2',
      cloudStorageBucketName: 's3://shared-bucket',
      anyscaleOperatorIamIdentity: 'arn:aws:iam::123456789012:role/r',
    },
  };
  const text = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    resources: [resource, { ...resource, name: 'my-cloud/A' }, { ...resource, name: 'my-cloud/b' }],
  });
  const messages = analyzeText(text)
    .findings.filter((f) => f.code === 'bucket-shared' || f.code === 'operator-identity-shared')
    .map((f) => f.message);
  assert.equal(messages.length, 4, messages.join('\n'));
  assert.equal(
    messages.filter((m) => m.includes('of another cloud resource "my-cloud/a" on the same cloud')).length,
    2,
  );
  assert.equal(messages.filter((m) => m.includes('of cloud resource "my-cloud/a" on the same cloud')).length, 2);
});
