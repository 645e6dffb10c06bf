// What a template already declares that a snippet inserted into its root `resources` should name: the one cloud it
// creates (a cloud resource snippet then proposes its name and depends on its last cloud resource, else on the cloud),
// and the one AKS cluster it creates (the kuberay snippet then proposes its name and depends on it). Only a resource
// of a literal name at the template's top level counts; with none, or several, the snippets keep their placeholders.
import { isResourceType, type ArmTemplate } from '../../template';
import { isExpression, knownString } from '../../value';
import { CLOUD_RESOURCE_TYPE, CLOUD_TYPE } from '../../../catalog/anyscale';
import { equalsIgnoreCase } from '../../../json/nodes';
import { MANAGED_CLUSTER_TYPE } from '../../../catalog/aks';
import { dependsOnReference } from '../../../rules/support/dependsOnReference';

/** A resource a snippet's resource refers to: the name to propose, and its dependsOn entry. */
export interface SnippetTarget {
  readonly name: string;
  readonly dependsOn: string;
  /** For a cloud: true when the template declares none of its cloud resources yet (the next is its first). */
  readonly first?: boolean;
}

export interface SnippetTargets {
  readonly cloud?: SnippetTarget;
  readonly aksCluster?: SnippetTarget;
}

/** The one resource of `type` the template's top level deploys with a literal name. */
function onlyDeployed(template: ArmTemplate, type: string) {
  const deployed = template.resources.filter(
    (resource) =>
      isResourceType(resource, type) &&
      !resource.existing &&
      resource.scope === template.rootScope &&
      typeof resource.nameNode?.value === 'string' &&
      !isExpression(resource.nameNode.value),
  );
  return deployed.length === 1 ? deployed[0] : undefined;
}

/**
 * The cloud, and what a new cloud resource of it waits for: the last of its cloud resources the template declares,
 * else the cloud. Read from the names as written, without evaluating the template (a completion between resources
 * must not wait for that): a cloud resource whose name is an expression might be the cloud's, so then none.
 */
function cloudTarget(template: ArmTemplate): SnippetTarget | undefined {
  const cloud = onlyDeployed(template, CLOUD_TYPE);
  const name = cloud && knownString(cloud.name);
  if (!cloud || name === undefined) return undefined;
  const cloudResources = template.resources.filter(
    (resource) => isResourceType(resource, CLOUD_RESOURCE_TYPE) && !resource.existing && resource.scope === cloud.scope,
  );
  if (cloudResources.some((resource) => !resource.name.known)) return undefined;
  const ofCloud = cloudResources.filter(
    (resource) => resource.parent === cloud || equalsIgnoreCase(knownString(resource.parentName) ?? '', name),
  );
  // Anyscale creates a cloud's resources one at a time: the new one waits for the last declared.
  const last = ofCloud[ofCloud.length - 1];
  const dependsOn = last ? dependsOnReference(cloud, last) : dependsOnReference(cloud, cloud, CLOUD_TYPE);
  return dependsOn === undefined ? undefined : { name, dependsOn, first: !last };
}

function aksClusterTarget(template: ArmTemplate): SnippetTarget | undefined {
  const cluster = onlyDeployed(template, MANAGED_CLUSTER_TYPE);
  const name = cluster && knownString(cluster.name);
  const dependsOn = cluster && dependsOnReference(cluster, cluster, MANAGED_CLUSTER_TYPE);
  return name === undefined || dependsOn === undefined ? undefined : { name, dependsOn };
}

export function snippetTargets(template: ArmTemplate): SnippetTargets {
  return { cloud: cloudTarget(template), aksCluster: aksClusterTarget(template) };
}
