// What Azure holds, as the user's "Connect to Azure" listed it (shared/protocol.ts DeployedAzure), read for the checks
// that compare it with the workspace: the deployed twins of an authored cloud resource (same cloud name and resource
// name, compared ignoring case as ARM does), the clouds of a name, the generated cloud resource IDs. What the client
// sends is validated first: a listing of the wrong shape is refused with a message, never half-read.
import { z } from 'zod';
import type {
  DeployedAzure,
  DeployedCloud,
  DeployedCloudResource,
  DeployedSubscription,
} from '../../../../shared/protocol';

const Problem = z.object({
  status: z.number().optional(),
  code: z.string().optional(),
  message: z.string(),
  hint: z.string().optional(),
});
const CloudResource = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string().optional(),
  provisioningState: z.string().optional(),
  cloudResourceId: z.string().optional(),
  properties: z.object({
    provider: z.string().optional(),
    computeStack: z.string().optional(),
    region: z.string().optional(),
    cloudStorageBucketName: z.string().optional(),
    cloudStorageBucketEndpoint: z.string().optional(),
    cloudStorageBucketRegion: z.string().optional(),
    anyscaleOperatorIamIdentity: z.string().optional(),
  }),
});
const Cloud = z.object({
  id: z.string(),
  name: z.string(),
  resourceGroup: z.string(),
  location: z.string().optional(),
  provisioningState: z.string().optional(),
  cloudResources: z.array(CloudResource),
  problem: Problem.optional(),
});
const Subscription = z.object({
  subscriptionId: z.string(),
  displayName: z.string(),
  apiVersion: z.string().optional(),
  clouds: z.array(Cloud),
  problem: Problem.optional(),
});
const Deployed = z.object({
  endpoint: z.string(),
  listedAt: z.string(),
  subscriptions: z.array(Subscription),
  problem: Problem.optional(),
});

/** A deployed cloud resource with the cloud and subscription it is in. */
export interface DeployedTwin {
  readonly cloudResource: DeployedCloudResource;
  readonly cloud: DeployedCloud;
  readonly subscription: DeployedSubscription;
}

const key = (cloud: string, name: string) => `${cloud.toLowerCase()}/${name.toLowerCase()}`;

export class DeployedIndex {
  private readonly twins = new Map<string, DeployedTwin[]>();
  private readonly clouds = new Map<string, { cloud: DeployedCloud; subscription: DeployedSubscription }[]>();
  private readonly ids = new Map<string, DeployedTwin>();
  /** Every subscription's list of clouds was read: a cloud not listed is in none of them. */
  readonly cloudsComplete: boolean;
  /** And every cloud's list of cloud resources: a cloud resource not listed is in none of them. */
  readonly complete: boolean;

  constructor(readonly deployed: DeployedAzure) {
    let cloudsComplete = !deployed.problem;
    let cloudResourcesComplete = true;
    for (const subscription of deployed.subscriptions) {
      if (subscription.problem) cloudsComplete = false;
      for (const cloud of subscription.clouds) {
        if (cloud.problem) cloudResourcesComplete = false;
        const named = this.clouds.get(cloud.name.toLowerCase()) ?? [];
        named.push({ cloud, subscription });
        this.clouds.set(cloud.name.toLowerCase(), named);
        for (const cloudResource of cloud.cloudResources) {
          const twin = { cloudResource, cloud, subscription };
          const twins = this.twins.get(key(cloud.name, cloudResource.name)) ?? [];
          twins.push(twin);
          this.twins.set(key(cloud.name, cloudResource.name), twins);
          if (cloudResource.cloudResourceId) this.ids.set(cloudResource.cloudResourceId.toLowerCase(), twin);
        }
      }
    }
    this.cloudsComplete = cloudsComplete;
    this.complete = cloudsComplete && cloudResourcesComplete;
  }

  get subscriptionCount(): number {
    return this.deployed.subscriptions.length;
  }

  /** The deployed cloud resources named `<cloud>/<name>` (several when clouds of one name are in several resource groups). */
  twinsOf(cloud: string, name: string): readonly DeployedTwin[] {
    return this.twins.get(key(cloud, name)) ?? [];
  }

  /** The deployed clouds of that name, with their subscriptions. */
  cloudsNamed(name: string): readonly { cloud: DeployedCloud; subscription: DeployedSubscription }[] {
    return this.clouds.get(name.toLowerCase()) ?? [];
  }

  /** The deployed cloud resource whose generated ID (`cldrsrc_…`) this is, ignoring case. */
  withCloudResourceId(id: string): DeployedTwin | undefined {
    return this.ids.get(id.toLowerCase());
  }
}

/** The listing the client sent, checked; a problem in words when it does not have the expected shape. */
export function readDeployed(raw: unknown): { index: DeployedIndex } | { problem: string } {
  const parsed = Deployed.safeParse(raw);
  if (parsed.success) return { index: new DeployedIndex(parsed.data) };
  const issue = parsed.error.issues[0];
  return {
    problem: `the Azure listing is not of the expected shape: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
  };
}

/** Where a deployed resource is, for messages: `resource group rg-prod, subscription Dev`. */
export function placeOf(twin: { cloud: DeployedCloud; subscription: DeployedSubscription }): string {
  return `resource group ${twin.cloud.resourceGroup}, subscription ${twin.subscription.displayName}`;
}
