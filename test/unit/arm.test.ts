// The live Azure view's ARM REST client (client/src/features/azure/arm.ts) against the ARM emulator
// (test/support/armEmulator.ts) over real HTTPS with a certificate made for the test: subscriptions, clouds and cloud
// resources through nextLink pages, the fallback to the preview api-version, a 404 explained as the missing role, a
// refused token; nothing but the endpoint ever gets the token (no foreign nextLink, no plain HTTP), the log never
// holds it, and the result is what the language server accepts.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import {
  ArmClient,
  endpointUrl,
  httpsTransport,
  listDeployed,
  ROLE_HINT,
  type ArmTransport,
} from '../../client/src/features/azure/arm';
import { readDeployed } from '../../server/src/service/azure/deployed';
import { EXAMPLE_SUBSCRIPTIONS, startArmEmulator, type ArmEmulator } from '../support/armEmulator';
import { REPO_ROOT } from '../support/paths';
import { temporaryDirectory } from '../support/temporaryDirectory';

// Loaded at run time, not bundled: the e2e runner requires the same file.
const { selfSignedCertificate } = module.require(path.join(REPO_ROOT, 'test', 'support', 'certificate.js')) as {
  selfSignedCertificate(dir: string): { key: string; cert: string };
};

const TOKEN = 'test-token-Zm9vYmFyYmF6cXV4';
let dir: string;
let tls: { key: string; cert: string };
let emulator: ArmEmulator;

function client(
  options: { token?: string; transport?: ArmTransport; log?: string[]; timeoutMs?: number; endpoint?: string } = {},
): ArmClient {
  return new ArmClient({
    endpoint: options.endpoint ?? emulator.url,
    token: () => Promise.resolve(options.token ?? TOKEN),
    transport: options.transport ?? httpsTransport(tls.cert),
    log: options.log ? (line) => options.log!.push(line) : undefined,
    timeoutMs: options.timeoutMs,
  });
}

before(async () => {
  dir = temporaryDirectory('anyscale-arm-');
  tls = selfSignedCertificate(dir);
  emulator = await startArmEmulator({ token: TOKEN, subscriptions: EXAMPLE_SUBSCRIPTIONS, tls });
});

after(async () => {
  await emulator.close();
});

test('lists every subscription, cloud and cloud resource through the pages, with the api-version each subscription answers', async () => {
  emulator.requests.length = 0;
  const log: string[] = [];
  const deployed = await listDeployed(client({ log }));
  assert.equal(deployed.problem, undefined);
  assert.equal(deployed.endpoint, emulator.url);
  assert.deepEqual(
    deployed.subscriptions.map((s) => [s.displayName, s.apiVersion, s.problem]),
    [
      ['Anyscale Dev', '2026-09-01', undefined],
      ['Anyscale Legacy', '2026-02-01-preview', undefined],
    ],
  );
  const [dev, legacy] = deployed.subscriptions;
  assert.deepEqual(
    dev.clouds.map((c) => [c.name, c.resourceGroup, c.location, c.provisioningState]),
    [
      ['live-cloud', 'rg-anyscale', 'uksouth', 'Succeeded'],
      ['locked-cloud', 'rg-locked', 'eastus', 'Succeeded'],
    ],
  );
  const liveCloud = dev.clouds[0];
  assert.deepEqual(
    liveCloud.cloudResources.map((r) => [
      r.name,
      r.cloudResourceId,
      r.provisioningState,
      r.properties.provider,
      r.properties.region,
    ]),
    [
      ['default', 'cldrsrc_default0001', 'Succeeded', 'Azure', 'uksouth'],
      ['eksuswest2', 'cldrsrc_eks0002', 'Succeeded', 'AWS', 'us-west-2'],
    ],
  );
  assert.equal(
    liveCloud.cloudResources[0].id,
    '/subscriptions/00000000-0000-0000-0000-00000000000a/resourceGroups/rg-anyscale/providers/Anyscale.Platform/clouds/live-cloud/cloudResources/default',
  );
  assert.equal(
    liveCloud.cloudResources[1].properties.cloudStorageBucketEndpoint,
    '',
    'an empty value is kept: it is compared',
  );
  assert.deepEqual(
    legacy.clouds[0].cloudResources.map((r) => [r.name, r.provisioningState, r.properties.region]),
    [['default', 'Failed', 'westus2']],
  );

  // Pages: one item each, so the two cloud resources of live-cloud took two requests.
  const liveCloudPages = emulator.requests.filter((r) => r.path.endsWith('/clouds/live-cloud/cloudResources'));
  assert.equal(liveCloudPages.length, 2);
  // The legacy subscription was asked the GA version first, then the preview one, for its clouds and its cloud resources only in preview.
  const legacyRequests = emulator.requests
    .filter((r) => r.path.includes('00000000000b'))
    .map((r) => `${r.path.replace(/^.*\/providers\//, '')}@${r.apiVersion}`);
  assert.deepEqual(legacyRequests, [
    'Anyscale.Platform/clouds@2026-09-01',
    'Anyscale.Platform/clouds@2026-02-01-preview',
    'Anyscale.Platform/clouds/legacy-cloud/cloudResources@2026-02-01-preview',
  ]);
  assert.ok(
    log.some((line) =>
      /^clouds of subscription Anyscale Legacy: api-version 2026-09-01 is not available \(InvalidApiVersionParameter\); trying 2026-02-01-preview$/.test(
        line,
      ),
    ),
    log.join('\n'),
  );
  assert.ok(
    emulator.requests.every((r) => r.authorized),
    'every request carried the token',
  );
  assert.ok(
    log.includes(log.find((line) => /^GET \/subscriptions\?api-version=2022-12-01 → 200 \(\d+ ms\)$/.test(line))!),
  );
  assert.ok(
    log.every((line) => !line.includes(TOKEN)),
    'the log never holds the token',
  );

  const read = readDeployed(deployed);
  assert.ok('index' in read, `the language server refuses the listing: ${JSON.stringify(read)}`);
  assert.equal(read.index.twinsOf('LIVE-CLOUD', 'Default')[0].cloudResource.cloudResourceId, 'cldrsrc_default0001');
});

test('a 404 on the cloud resources of a cloud the listing shows says the Anyscale Platform Contributor role is most likely missing', async () => {
  emulator.requests.length = 0;
  const deployed = await listDeployed(client());
  // A 404 about the resource, not the api-version (ResourceNotFound): asked once, not again with the preview version.
  assert.deepEqual(
    emulator.requests.filter((r) => r.path.endsWith('/clouds/locked-cloud/cloudResources')).map((r) => r.apiVersion),
    ['2026-09-01'],
  );
  const locked = deployed.subscriptions[0].clouds.find((c) => c.name === 'locked-cloud')!;
  assert.deepEqual(locked.cloudResources, []);
  assert.equal(locked.problem?.status, 404);
  assert.equal(locked.problem?.code, 'ResourceNotFound');
  assert.match(
    locked.problem?.message ?? '',
    /^cloud resources of locked-cloud: HTTP 404 ResourceNotFound: The Resource 'Anyscale.Platform\/clouds\/locked-cloud' under resource group 'rg-locked' was not found\.$/,
  );
  assert.equal(locked.problem?.hint, ROLE_HINT);
  assert.match(ROLE_HINT, /Anyscale Platform Contributor role is missing on this cloud: ARM answers 404, not 403/);
});

test('a refused token: the listing says so at the top, with what to do', async () => {
  const deployed = await listDeployed(client({ token: 'expired' }));
  assert.deepEqual(deployed.subscriptions, []);
  assert.equal(deployed.problem?.status, 401);
  assert.match(
    deployed.problem?.message ?? '',
    /^subscriptions: HTTP 401 InvalidAuthenticationToken: The access token is invalid\.$/,
  );
  assert.match(deployed.problem?.hint ?? '', /^The sign-in was refused/);
});

test('the token goes only to the endpoint: no plain HTTP, no credentials in it, no nextLink to another origin', async () => {
  assert.throws(() => endpointUrl('http://127.0.0.1:1'), /is not https: the token is never sent over plain HTTP/);
  assert.throws(() => endpointUrl('https://user:secret@management.azure.com'), /must not hold a user name or password/);
  assert.throws(() => endpointUrl('management.azure.com'), /is not a URL/);
  assert.equal(
    endpointUrl('https://management.usgovcloudapi.net/some/path').href,
    'https://management.usgovcloudapi.net/',
  );

  const asked: string[] = [];
  const real = httpsTransport(tls.cert);
  // The first page of subscriptions points its nextLink elsewhere.
  const redirecting: ArmTransport = async (url, headers, signal) => {
    asked.push(url.origin);
    const response = await real(url, headers, signal);
    return url.pathname === '/subscriptions'
      ? {
          ...response,
          body: response.body.replace(/"nextLink":"https:\/\/127\.0\.0\.1:\d+/, '"nextLink":"https://evil.example'),
        }
      : response;
  };
  const deployed = await listDeployed(client({ transport: redirecting }));
  assert.match(
    deployed.problem?.message ?? '',
    /^subscriptions: the nextLink leads to https:\/\/evil\.example, not https:\/\/127\.0\.0\.1:\d+; not followed/,
  );
  assert.deepEqual([...new Set(asked)], [emulator.url]);
});

test('an endpoint that never answers: the listing stops after the timeout and says so', async () => {
  const silent: ArmTransport = (_url, _headers, signal) =>
    new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  const deployed = await listDeployed(client({ transport: silent, timeoutMs: 100 }));
  assert.equal(deployed.problem?.message, 'subscriptions: no answer within 0.1 s');
});
