// The ARM REST client of the live Azure view: lists the subscriptions the user's token can see, the
// Anyscale.Platform clouds of each, and each cloud's cloud resources (docs/azure.md). Follows `nextLink` pages on
// the endpoint's own origin only (the token goes nowhere else, never over plain HTTP, never through a redirect); falls
// back from the GA api-version to the preview one when ARM says the version isn't available to the subscription;
// turns ARM's errors into problems that say what to check. No vscode import: unit-tested against test/support's
// ARM emulator. The token is read per request from `token()` and never logged.
import * as https from 'node:https';
import {
  CLOUD_RESOURCE_PROPERTIES,
  type DeployedAzure,
  type DeployedCloud,
  type DeployedCloudResource,
  type DeployedCloudResourceProperties,
  type DeployedProblem,
  type DeployedSubscription,
} from '../../../../shared/protocol';

/**
 * Anyscale.Platform's GA api-version, then the preview one used before it (domain §1.1: add-cloud-resource says
 * InvalidApiVersionParameter means 2026-09-01 isn't available to the subscription yet).
 */
export const ANYSCALE_API_VERSIONS = ['2026-09-01', '2026-02-01-preview'] as const;
/** Microsoft.Resources: the subscriptions list. */
export const SUBSCRIPTIONS_API_VERSION = '2022-12-01';
/** ARM error codes that mean "this api-version, not the request": the next version is tried. */
const API_VERSION_ERRORS = new Set(['InvalidApiVersionParameter', 'NoRegisteredProviderFound']);
const MAX_PAGES = 1000;
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** What a 404 on the cloud resources of a cloud the user can list most likely means (quickstart, add-cloud-resource; networking guide FAQ). */
export const ROLE_HINT =
  'Most likely the Anyscale Platform Contributor role is missing on this cloud: ARM answers 404, not 403, to a caller who cannot read the ' +
  'parent cloud, as though it did not exist. Check the role assignment, the tenant and the cloud itself (a 404 alone does not prove which).';

export interface ArmResponse {
  readonly status: number;
  readonly body: string;
}

/** One GET; resolves with any status, rejects only when no answer came. */
export type ArmTransport = (url: URL, headers: Record<string, string>, signal: AbortSignal) => Promise<ArmResponse>;

/** GET over node:https, no redirects followed. `ca`: extra trusted certificates (tests); by default Node's, NODE_EXTRA_CA_CERTS included. */
export function httpsTransport(ca?: string): ArmTransport {
  return (url, headers, signal) =>
    new Promise((resolve, reject) => {
      const request = https.request(url, { method: 'GET', headers, signal, ...(ca ? { ca } : {}) }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES)
            request.destroy(new Error(`the answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB`));
          else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
}

export class ArmError extends Error {
  constructor(readonly problem: DeployedProblem) {
    super(problem.message);
  }
}

export interface ArmClientOptions {
  /** The `anyscaleAzure.azure.resourceManagerEndpoint` setting. */
  readonly endpoint: string;
  /** A bearer token for the endpoint, asked for per request (the auth provider caches it). */
  readonly token: () => Promise<string>;
  readonly transport?: ArmTransport;
  /** A line per request (method, path, status, time): never a header, so never the token. */
  readonly log?: (line: string) => void;
  readonly timeoutMs?: number;
}

/** The endpoint as a URL, or why it can't be one the token is sent to. */
export function endpointUrl(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`the ARM endpoint ${JSON.stringify(endpoint)} is not a URL`);
  }
  if (url.protocol !== 'https:')
    throw new Error(`the ARM endpoint ${url.origin} is not https: the token is never sent over plain HTTP`);
  if (url.username || url.password) throw new Error('the ARM endpoint must not hold a user name or password');
  return new URL(url.origin);
}

const HINTS: Readonly<Record<number, string>> = {
  401: 'The sign-in was refused (expired, or for another cloud than this endpoint): connect again.',
  403: 'Your account may not read this: ask for a role with Anyscale.Platform read access (Anyscale Platform Contributor on the cloud).',
};

function problemOf(status: number, body: string, what: string): DeployedProblem {
  let code: string | undefined;
  let message: string | undefined;
  try {
    const error = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
    code = typeof error?.code === 'string' ? error.code : undefined;
    message = typeof error?.message === 'string' ? error.message : undefined;
  } catch {
    // not ARM's error JSON: the status says it
  }
  const hint =
    code === 'MissingSubscriptionRegistration'
      ? 'Register the resource provider: az provider register --namespace Anyscale.Platform.'
      : HINTS[status];
  return {
    status,
    ...(code ? { code } : {}),
    message: `${what}: HTTP ${status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`,
    ...(hint ? { hint } : {}),
  };
}

export class ArmClient {
  private readonly endpoint: URL;
  private readonly transport: ArmTransport;

  constructor(private readonly options: ArmClientOptions) {
    this.endpoint = endpointUrl(options.endpoint);
    this.transport = options.transport ?? httpsTransport();
  }

  get origin(): string {
    return this.endpoint.origin;
  }

  /** Every item of a list (`{ value, nextLink }`) at `path`, pages followed on the endpoint's origin. */
  async list(path: string, apiVersion: string, what: string, signal?: AbortSignal): Promise<unknown[]> {
    const items: unknown[] = [];
    let url: URL | undefined = new URL(path, this.endpoint);
    url.searchParams.set('api-version', apiVersion);
    for (let page = 0; url; page++) {
      if (page >= MAX_PAGES) throw new ArmError({ message: `${what}: more than ${MAX_PAGES} pages; stopped` });
      const body = await this.get(url, what, signal);
      const value = (body as { value?: unknown }).value;
      if (!Array.isArray(value)) throw new ArmError({ message: `${what}: the answer has no "value" list` });
      items.push(...value);
      const nextLink = (body as { nextLink?: unknown }).nextLink;
      url = typeof nextLink === 'string' && nextLink !== '' ? this.sameOrigin(nextLink, what) : undefined;
    }
    return items;
  }

  /** A list, with each api-version in turn while ARM answers that the version (not the request) is the problem. */
  async listWithFallback(
    path: string,
    what: string,
    signal?: AbortSignal,
    versions: readonly string[] = ANYSCALE_API_VERSIONS,
  ): Promise<{ items: unknown[]; apiVersion: string }> {
    for (let i = 0; ; i++) {
      try {
        return { items: await this.list(path, versions[i], what, signal), apiVersion: versions[i] };
      } catch (error) {
        const problem = error instanceof ArmError ? error.problem : undefined;
        const versionProblem =
          (problem?.status === 400 || problem?.status === 404) &&
          problem.code !== undefined &&
          API_VERSION_ERRORS.has(problem.code);
        if (!versionProblem || i + 1 >= versions.length) throw error;
        this.options.log?.(
          `${what}: api-version ${versions[i]} is not available (${problem.code}); trying ${versions[i + 1]}`,
        );
      }
    }
  }

  private sameOrigin(link: string, what: string): URL {
    let url: URL;
    try {
      url = new URL(link, this.endpoint);
    } catch {
      throw new ArmError({ message: `${what}: the nextLink is not a URL` });
    }
    if (url.origin !== this.endpoint.origin)
      throw new ArmError({
        message: `${what}: the nextLink leads to ${url.origin}, not ${this.endpoint.origin}; not followed (the token goes to the endpoint only)`,
      });
    return url;
  }

  private async get(url: URL, what: string, signal?: AbortSignal): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
    const started = Date.now();
    const where = `${url.pathname}${url.search}`;
    let response: ArmResponse;
    try {
      const token = await this.options.token();
      response = await this.transport(
        url,
        { authorization: `Bearer ${token}`, accept: 'application/json' },
        AbortSignal.any(signals),
      );
    } catch (error) {
      if (signal?.aborted) throw new ArmError({ message: `${what}: cancelled` });
      const reason =
        (error as Error).name === 'TimeoutError' || signals[0].aborted
          ? `no answer within ${timeoutMs / 1000} s`
          : (error as Error).message;
      this.options.log?.(`GET ${where} failed: ${reason}`);
      throw new ArmError({ message: `${what}: ${reason}` });
    }
    this.options.log?.(`GET ${where} → ${response.status} (${Date.now() - started} ms)`);
    if (response.status < 200 || response.status >= 300)
      throw new ArmError(problemOf(response.status, response.body, what));
    try {
      return JSON.parse(response.body) as unknown;
    } catch {
      throw new ArmError({ status: response.status, message: `${what}: the answer is not JSON` });
    }
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
/** The last segment of an ARM ID or name (`my-cloud/default` → `default`). */
const leaf = (name: string) => name.slice(name.lastIndexOf('/') + 1);
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

function cloudResourceOf(raw: unknown): DeployedCloudResource | undefined {
  const resource = record(raw);
  const id = text(resource.id);
  const name = text(resource.name) ?? (id ? leaf(id) : undefined);
  if (!id || !name) return undefined;
  const properties = record(resource.properties);
  const read: DeployedCloudResourceProperties = {};
  for (const property of CLOUD_RESOURCE_PROPERTIES) {
    const value = text(properties[property]);
    if (value !== undefined) read[property] = value;
  }
  const location = text(resource.location);
  const provisioningState = text(properties.provisioningState);
  const cloudResourceId = text(properties.cloudResourceId);
  return {
    id,
    name: leaf(name),
    ...(location ? { location } : {}),
    ...(provisioningState ? { provisioningState } : {}),
    ...(cloudResourceId ? { cloudResourceId } : {}),
    properties: read,
  };
}

function cloudOf(raw: unknown): Omit<DeployedCloud, 'cloudResources'> | undefined {
  const cloud = record(raw);
  const id = text(cloud.id);
  const name = text(cloud.name);
  const resourceGroup = id && /\/resourceGroups\/([^/]+)\//i.exec(id)?.[1];
  if (!id || !name || !resourceGroup) return undefined;
  const location = text(cloud.location);
  const provisioningState = text(record(cloud.properties).provisioningState);
  return {
    id,
    name,
    resourceGroup,
    ...(location ? { location } : {}),
    ...(provisioningState ? { provisioningState } : {}),
  };
}

const problemFrom = (error: unknown): DeployedProblem =>
  error instanceof ArmError ? error.problem : { message: (error as Error).message };

/** One subscription's clouds, each with its cloud resources; a list that fails is a problem where it failed. */
async function listSubscription(
  client: ArmClient,
  subscriptionId: string,
  displayName: string,
  signal?: AbortSignal,
): Promise<DeployedSubscription> {
  let listed: { items: unknown[]; apiVersion: string };
  try {
    listed = await client.listWithFallback(
      `/subscriptions/${encodeURIComponent(subscriptionId)}/providers/Anyscale.Platform/clouds`,
      `clouds of subscription ${displayName}`,
      signal,
    );
  } catch (error) {
    return { subscriptionId, displayName, clouds: [], problem: problemFrom(error) };
  }
  const { apiVersion } = listed;
  const clouds = await Promise.all(
    listed.items
      .flatMap((raw) => cloudOf(raw) ?? [])
      .map(async (cloud): Promise<DeployedCloud> => {
        try {
          // From the version the subscription's clouds answered to.
          const versions = ANYSCALE_API_VERSIONS.slice(
            Math.max(0, (ANYSCALE_API_VERSIONS as readonly string[]).indexOf(apiVersion)),
          );
          const { items } = await client.listWithFallback(
            `${cloud.id}/cloudResources`,
            `cloud resources of ${cloud.name}`,
            signal,
            versions,
          );
          return { ...cloud, cloudResources: items.flatMap((raw) => cloudResourceOf(raw) ?? []).sort(byName) };
        } catch (error) {
          const problem = problemFrom(error);
          // The cloud is listed, so the caller can see it: a 404 on its cloud resources is the role, most likely.
          return {
            ...cloud,
            cloudResources: [],
            problem: problem.status === 404 ? { ...problem, hint: ROLE_HINT } : problem,
          };
        }
      }),
  );
  return { subscriptionId, displayName, apiVersion, clouds: clouds.sort(byName) };
}

/** Everything the token can see, listed. Never rejects for an ARM answer: a failed list is a problem in the result. */
export async function listDeployed(client: ArmClient, signal?: AbortSignal): Promise<DeployedAzure> {
  const listedAt = () => new Date().toISOString();
  let subscriptions: { subscriptionId: string; displayName: string }[];
  try {
    const items = await client.list('/subscriptions', SUBSCRIPTIONS_API_VERSION, 'subscriptions', signal);
    subscriptions = items.flatMap((raw) => {
      const subscription = record(raw);
      const subscriptionId = text(subscription.subscriptionId);
      return subscriptionId ? [{ subscriptionId, displayName: text(subscription.displayName) ?? subscriptionId }] : [];
    });
  } catch (error) {
    return { endpoint: client.origin, listedAt: listedAt(), subscriptions: [], problem: problemFrom(error) };
  }
  const listed: DeployedSubscription[] = [];
  for (const { subscriptionId, displayName } of subscriptions.sort((a, b) =>
    a.displayName.localeCompare(b.displayName),
  )) {
    listed.push(await listSubscription(client, subscriptionId, displayName, signal));
  }
  return { endpoint: client.origin, listedAt: listedAt(), subscriptions: listed };
}
