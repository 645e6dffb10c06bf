// Stands in for Azure Resource Manager in tests: a thin HTTPS server on 127.0.0.1 that answers the few GETs the live
// Azure view makes, shaped as ARM answers them (`{ value, nextLink }` pages, `{ error: { code, message } }` errors).
// It serves subscriptions, Anyscale.Platform clouds and their cloud resources, one item per page by default (so every
// list is paged through nextLink); a subscription that knows only the preview api-version answers the GA one with 400
// InvalidApiVersionParameter; a cloud whose cloud resources are `'notFound'` answers 404, as ARM does to a caller
// without the Anyscale Platform Contributor role. Requests without the expected bearer token get 401. It records every
// request (path, api-version, whether the token was right) for the tests to check.
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface EmulatedCloudResource {
  name: string;
  location: string;
  provisioningState?: string;
  cloudResourceId?: string;
  properties: Record<string, string>;
}

export interface EmulatedCloud {
  name: string;
  resourceGroup: string;
  location: string;
  provisioningState?: string;
  /** `'notFound'`: the list answers 404 ResourceNotFound. */
  cloudResources: EmulatedCloudResource[] | 'notFound';
}

export interface EmulatedSubscription {
  subscriptionId: string;
  displayName: string;
  /** The Anyscale.Platform api-versions it answers; others get 400 InvalidApiVersionParameter. */
  apiVersions: string[];
  clouds: EmulatedCloud[];
}

export interface ArmEmulatorOptions {
  token: string;
  subscriptions: EmulatedSubscription[];
  tls: { key: string; cert: string };
  /** Items per page (default 1). */
  pageSize?: number;
}

export interface RecordedRequest {
  path: string;
  apiVersion: string | null;
  authorized: boolean;
}

export interface ArmEmulator {
  /** `https://127.0.0.1:<port>`: the endpoint to configure. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const SUBSCRIPTIONS_API_VERSION = '2022-12-01';

export async function startArmEmulator(options: ArmEmulatorOptions): Promise<ArmEmulator> {
  const requests: RecordedRequest[] = [];
  const pageSize = options.pageSize ?? 1;
  let origin = '';

  const error = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } });
  const page = (url: URL, items: unknown[]) => {
    const skip = Number(url.searchParams.get('$skiptoken') ?? 0);
    const next = new URL(url.pathname, origin);
    next.searchParams.set('api-version', url.searchParams.get('api-version') ?? '');
    next.searchParams.set('$skiptoken', String(skip + pageSize));
    return {
      status: 200,
      body: {
        value: items.slice(skip, skip + pageSize),
        ...(skip + pageSize < items.length ? { nextLink: next.href } : {}),
      },
    };
  };
  const versionError = (subscription: EmulatedSubscription, version: string | null) =>
    version !== null && subscription.apiVersions.includes(version)
      ? undefined
      : error(
          400,
          'InvalidApiVersionParameter',
          `The api-version '${version}' is invalid. The supported versions are '${subscription.apiVersions.join("','")}'.`,
        );
  const cloudId = (subscription: EmulatedSubscription, cloud: EmulatedCloud) =>
    `/subscriptions/${subscription.subscriptionId}/resourceGroups/${cloud.resourceGroup}/providers/Anyscale.Platform/clouds/${cloud.name}`;

  function answer(url: URL): { status: number; body: unknown } {
    const version = url.searchParams.get('api-version');
    const path = url.pathname;
    if (path === '/subscriptions') {
      if (version !== SUBSCRIPTIONS_API_VERSION)
        return error(400, 'InvalidApiVersionParameter', `The api-version '${version}' is invalid.`);
      return page(
        url,
        options.subscriptions.map((s) => ({
          id: `/subscriptions/${s.subscriptionId}`,
          subscriptionId: s.subscriptionId,
          displayName: s.displayName,
          state: 'Enabled',
        })),
      );
    }
    const clouds = /^\/subscriptions\/([^/]+)\/providers\/Anyscale\.Platform\/clouds$/i.exec(path);
    const resources =
      /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Anyscale\.Platform\/clouds\/([^/]+)\/cloudResources$/i.exec(
        path,
      );
    const subscription = options.subscriptions.find((s) => s.subscriptionId === (clouds ?? resources)?.[1]);
    if (!subscription)
      return error(
        404,
        'SubscriptionNotFound',
        `The subscription '${(clouds ?? resources)?.[1] ?? path}' could not be found.`,
      );
    const wrongVersion = versionError(subscription, version);
    if (wrongVersion) return wrongVersion;
    if (clouds) {
      return page(
        url,
        subscription.clouds.map((cloud) => ({
          id: cloudId(subscription, cloud),
          name: cloud.name,
          type: 'Anyscale.Platform/clouds',
          location: cloud.location,
          properties: { provisioningState: cloud.provisioningState ?? 'Succeeded' },
        })),
      );
    }
    const [, , resourceGroup, name] = resources!;
    const cloud = subscription.clouds.find(
      (c) =>
        c.resourceGroup.toLowerCase() === resourceGroup.toLowerCase() && c.name.toLowerCase() === name.toLowerCase(),
    );
    if (!cloud || cloud.cloudResources === 'notFound') {
      return error(
        404,
        'ResourceNotFound',
        `The Resource 'Anyscale.Platform/clouds/${name}' under resource group '${resourceGroup}' was not found.`,
      );
    }
    return page(
      url,
      cloud.cloudResources.map((resource) => ({
        id: `${cloudId(subscription, cloud)}/cloudResources/${resource.name}`,
        name: resource.name,
        type: 'Anyscale.Platform/clouds/cloudResources',
        location: resource.location,
        properties: {
          ...resource.properties,
          provisioningState: resource.provisioningState ?? 'Succeeded',
          ...(resource.cloudResourceId ? { cloudResourceId: resource.cloudResourceId } : {}),
        },
      })),
    );
  }

  const server = https.createServer({ key: options.tls.key, cert: options.tls.cert }, (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const authorized = request.headers.authorization === `Bearer ${options.token}`;
    requests.push({ path: url.pathname, apiVersion: url.searchParams.get('api-version'), authorized });
    const { status, body } =
      request.method !== 'GET'
        ? error(405, 'MethodNotAllowed', `${request.method} is not served here.`)
        : !authorized
          ? error(401, 'InvalidAuthenticationToken', 'The access token is invalid.')
          : answer(url);
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Properties of a deployed Azure cloud resource, as in the drift fixtures (test/fixtures/rules/cloud-resource-drift). */
const AZURE_PROPERTIES = {
  provider: 'Azure',
  computeStack: 'K8S',
  region: 'uksouth',
  cloudStorageBucketName: 'abfss://anyscale-data@mystorageacct.dfs.core.windows.net',
  cloudStorageBucketEndpoint: 'https://mystorageacct.blob.core.windows.net',
  cloudStorageBucketRegion: 'uksouth',
  anyscaleOperatorIamIdentity: '11111111-2222-3333-4444-555555555555',
};

/**
 * What the tests list: "Anyscale Dev" answers 2026-09-01 and holds live-cloud (two cloud resources, so two pages) and
 * locked-cloud (its cloud resources answer 404); "Anyscale Legacy" knows only 2026-02-01-preview.
 */
export const EXAMPLE_SUBSCRIPTIONS: EmulatedSubscription[] = [
  {
    subscriptionId: '00000000-0000-0000-0000-00000000000a',
    displayName: 'Anyscale Dev',
    apiVersions: ['2026-09-01', '2026-02-01-preview'],
    clouds: [
      {
        name: 'live-cloud',
        resourceGroup: 'rg-anyscale',
        location: 'uksouth',
        cloudResources: [
          {
            name: 'default',
            location: 'uksouth',
            cloudResourceId: 'cldrsrc_default0001',
            properties: AZURE_PROPERTIES,
          },
          {
            name: 'eksuswest2',
            location: 'westus2',
            cloudResourceId: 'cldrsrc_eks0002',
            properties: {
              provider: 'AWS',
              computeStack: 'K8S',
              region: 'us-west-2',
              cloudStorageBucketName: 's3://my-anyscale-eks-bucket',
              cloudStorageBucketEndpoint: '',
              anyscaleOperatorIamIdentity: 'arn:aws:iam::123456789012:role/anyscale-operator-role',
            },
          },
        ],
      },
      { name: 'locked-cloud', resourceGroup: 'rg-locked', location: 'eastus', cloudResources: 'notFound' },
    ],
  },
  {
    subscriptionId: '00000000-0000-0000-0000-00000000000b',
    displayName: 'Anyscale Legacy',
    apiVersions: ['2026-02-01-preview'],
    clouds: [
      {
        name: 'legacy-cloud',
        resourceGroup: 'rg-legacy',
        location: 'westus2',
        provisioningState: 'Failed',
        cloudResources: [
          {
            name: 'default',
            location: 'westus2',
            provisioningState: 'Failed',
            properties: { ...AZURE_PROPERTIES, region: 'westus2' },
          },
        ],
      },
    ],
  },
];
