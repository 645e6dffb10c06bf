// What one ARM template tells us about egress: the storage accounts of its cloud resources (from the abfss bucket
// and the Blob endpoint), the cloud's container registry (properties.acrResourceId) and whether the template gives it
// dedicated data endpoints, and the Azure regions in use (for `{region}` patterns). Shared by the workspace derivation
// and the firewall rule; reads the model only.
import type { EgressTargetInfo } from '../../../../shared/protocol';
import type { AnyscaleView } from '../arm/anyscaleView';
import { isResourceType, type ArmResource, type ArmTemplate } from '../arm/template';
import { knownString, type Value } from '../arm/value';
import { findProperty, type JsonNode, propertyValue } from '../json/nodes';
import { splitUri, storageAccountOf } from '../catalog/storage';
import { DERIVED } from './catalog';
import { HTTPS_PORT } from './target';

export interface TemplateEgressFacts {
  readonly storageAccounts: readonly { account: string; owner: string }[];
  readonly registries: readonly Registry[];
  readonly regions: readonly string[];
}

type Evaluate = (node: JsonNode | undefined, resource: ArmResource) => Value;

interface Registry {
  readonly name: string;
  /** The registry's declared location, else the cloud's: only a guess of where a data endpoint would be. */
  readonly region?: string;
  readonly owner: string;
  /** The template declares the registry Premium with `dataEndpointEnabled: true` (and so `<name>.<region>.data.azurecr.io`). */
  readonly dedicatedDataEndpoint: boolean;
}

const REGISTRY_TYPE = 'Microsoft.ContainerRegistry/registries';
/** `/subscriptions/…/providers/Microsoft.ContainerRegistry/registries/<name>` */
const REGISTRY_ID = /\/providers\/Microsoft\.ContainerRegistry\/registries\/([a-z0-9]+)\s*$/i;
/** `[resourceId('Microsoft.ContainerRegistry/registries', '<name>')]`, optionally with subscription and group first. */
const REGISTRY_RESOURCE_ID_CALL =
  /^\[\s*resourceId\s*\((?:\s*'[^']*'\s*,)*?\s*'Microsoft\.ContainerRegistry\/registries'\s*,\s*'([a-z0-9]+)'\s*\)\s*\]$/i;

function propertyText(resource: ArmResource, name: string, evaluate: Evaluate, top = false): string | undefined {
  const property = findProperty(top ? resource.node : resource.properties, name);
  return knownString(evaluate(property?.children?.[1], resource));
}

/** The name ARM gives a resource (`my-cloud/default` for a cloud resource, which tells two clouds' `default` apart). */
function nameOf(resource: ArmResource): string {
  return knownString(resource.name) ?? knownString(resource.leafName) ?? '(unnamed)';
}

function registryName(cloud: ArmResource, evaluate: Evaluate): string | undefined {
  const node = findProperty(cloud.properties, 'acrResourceId')?.children?.[1];
  const text = knownString(evaluate(node, cloud));
  if (text !== undefined) return REGISTRY_ID.exec(text)?.[1]?.toLowerCase();
  // An expression we cannot evaluate may still be a plain resourceId() call with literal arguments.
  const raw = node?.type === 'string' ? (node.value as string) : undefined;
  return raw ? REGISTRY_RESOURCE_ID_CALL.exec(raw)?.[1]?.toLowerCase() : undefined;
}

export function egressFactsOf(template: ArmTemplate, anyscale: AnyscaleView, evaluate: Evaluate): TemplateEgressFacts {
  const storageAccounts = new Map<string, { account: string; owner: string }>();
  const regions = new Set<string>();
  for (const cloudResource of anyscale.cloudResources) {
    const owner = nameOf(cloudResource.resource);
    for (const property of ['cloudStorageBucketName', 'cloudStorageBucketEndpoint']) {
      const uri = splitUri(knownString(cloudResource.prop(property).value) ?? '');
      const storage = uri && storageAccountOf(uri.hostname);
      if (storage && !storageAccounts.has(storage.account))
        storageAccounts.set(storage.account, { account: storage.account, owner });
    }
    if (cloudResource.provider?.name === 'Azure') {
      const region =
        knownString(cloudResource.prop('region').value) ?? knownString(cloudResource.top('location').value);
      if (region && /^[a-z0-9]+$/.test(region)) regions.add(region);
    }
  }
  const declaredRegistries = new Map<string, { location?: string; dedicatedDataEndpoint: boolean }>();
  for (const resource of template.resources) {
    if (!isResourceType(resource, REGISTRY_TYPE)) continue;
    const name = knownString(resource.name);
    if (!name) continue;
    const location = propertyText(resource, 'location', evaluate, true)?.toLowerCase();
    const sku = knownString(evaluate(propertyValue(propertyValue(resource.node, 'sku'), 'name'), resource));
    const enabled = evaluate(propertyValue(resource.properties, 'dataEndpointEnabled'), resource);
    // Dedicated data endpoints exist only on Premium and only when enabled (ACR dedicated data endpoints, documented).
    const dedicatedDataEndpoint =
      sku?.toLowerCase() === 'premium' && enabled.known && enabled.value === true && location !== undefined;
    declaredRegistries.set(name.toLowerCase(), { location, dedicatedDataEndpoint });
  }
  const registries: Registry[] = [];
  for (const cloud of anyscale.clouds) {
    const name = registryName(cloud, evaluate);
    if (!name || registries.some((r) => r.name === name)) continue;
    const declared = declaredRegistries.get(name);
    const region = declared?.location ?? propertyText(cloud, 'location', evaluate, true)?.toLowerCase();
    const valid = region && /^[a-z0-9]+$/.test(region) ? region : undefined;
    registries.push({
      name,
      region: valid,
      owner: nameOf(cloud),
      dedicatedDataEndpoint: (declared?.dedicatedDataEndpoint ?? false) && valid !== undefined,
    });
  }
  return { storageAccounts: [...storageAccounts.values()], registries, regions: [...regions] };
}

function derived(host: string, kind: keyof typeof DERIVED, owner: string, file: string | undefined): EgressTargetInfo {
  const fact = DERIVED[kind];
  return {
    host,
    port: HTTPS_PORT,
    flow: fact.flow,
    purpose: fact.purpose.replace('{name}', owner),
    source: fact.source,
    required: fact.required,
    origin: 'workspace',
    ...(file ? { file } : {}),
  };
}

/** Concrete targets for the storage accounts and registries a template names. */
export function targetsOfFacts(facts: TemplateEgressFacts, file?: string): EgressTargetInfo[] {
  const out: EgressTargetInfo[] = [];
  for (const { account, owner } of facts.storageAccounts) {
    out.push(
      derived(`${account}.blob.core.windows.net`, 'blob', owner, file),
      derived(`${account}.dfs.core.windows.net`, 'dfs', owner, file),
    );
  }
  for (const { name, region, owner, dedicatedDataEndpoint } of facts.registries) {
    out.push(derived(`${name}.azurecr.io`, 'acr', owner, file));
    if (region)
      out.push(
        derived(`${name}.${region}.data.azurecr.io`, dedicatedDataEndpoint ? 'acrData' : 'acrDataMaybe', owner, file),
      );
  }
  return out;
}
