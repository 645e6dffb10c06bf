// What a template already declares that a snippet inserted into its root `resources` should name: the one cloud it
// creates (a cloud resource snippet then proposes its name, and its location when written as a literal, and depends
// on its last cloud resource, else on the cloud; a project snippet depends on the cloud), the one project of that
// cloud (a job, service or workspace snippet then proposes its name and depends on it), and the one AKS cluster it
// creates (the kuberay snippet then proposes its name and depends on it). Only a resource of a literal name counts;
// with none, or several, the snippets keep their placeholders.
import { isResourceType, type ArmResource, type ArmTemplate } from '../../template';
import { isExpression, knownString } from '../../value';
import { CLOUD_RESOURCE_TYPE, CLOUD_TYPE, PROJECT_TYPE } from '../../../catalog/anyscale';
import { equalsIgnoreCase, propertyValue } from '../../../json/nodes';
import { MANAGED_CLUSTER_TYPE } from '../../../catalog/aks';
import { dependsOnReference } from '../../../rules/support/dependsOnReference';

/** A resource a snippet's resource refers to: the name to propose, and its dependsOn entry. */
export interface SnippetTarget {
  readonly name: string;
  readonly dependsOn: string;
  /** For a cloud: true when the template declares none of its cloud resources yet (the next is its first). */
  readonly first?: boolean;
  /** For a cloud: its location as written, a literal or an expression (its cloud resources use the same region). */
  readonly location?: string;
}

export interface SnippetTargets {
  /** The one cloud, depended on through its last cloud resource (else itself): what its new cloud resources wait for. */
  readonly cloud?: SnippetTarget;
  /** The same cloud, depended on itself: what a new project of it waits for. */
  readonly cloudItself?: SnippetTarget;
  /** The one project of that cloud (its own name, without the cloud's): what a new job, service or workspace is of. */
  readonly project?: SnippetTarget;
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
 * The resources of `type` the template deploys as children of the cloud named `cloudName`, in document order: named
 * `<cloud>/…` at its level, or nested in it (their name composed with the cloud's). Read from the names as written,
 * without evaluating the template (a completion between resources must not wait for that): undefined when one of that
 * type has a name written as an expression, as it might be the cloud's.
 */
function childrenOfCloud(template: ArmTemplate, cloud: ArmResource, cloudName: string, type: string) {
  const children = template.resources.filter(
    (resource) => isResourceType(resource, type) && !resource.existing && resource.scope === cloud.scope,
  );
  if (children.some((resource) => !resource.name.known)) return undefined;
  return children.filter((resource) => equalsIgnoreCase(knownString(resource.parentName) ?? '', cloudName));
}

/**
 * The cloud, and what a new cloud resource of it waits for: the last of its cloud resources the template declares,
 * else the cloud; the cloud itself, for a new project; and its one project, for a new workload.
 */
function cloudTargets(template: ArmTemplate): Pick<SnippetTargets, 'cloud' | 'cloudItself' | 'project'> {
  const cloud = onlyDeployed(template, CLOUD_TYPE);
  const name = cloud && knownString(cloud.name);
  if (!cloud || name === undefined) return {};
  const toCloud = dependsOnReference(cloud, cloud, CLOUD_TYPE);
  const cloudItself = toCloud === undefined ? undefined : { name, dependsOn: toCloud };
  const cloudResources = childrenOfCloud(template, cloud, name, CLOUD_RESOURCE_TYPE);
  if (!cloudResources) return { cloudItself };
  // Anyscale creates a cloud's resources one at a time: the new one waits for the last declared.
  const last = cloudResources[cloudResources.length - 1];
  const toLast = last ? dependsOnReference(cloud, last) : toCloud;
  if (toLast === undefined) return { cloudItself };
  // As written, an expression too: the same expression in the same template evaluates to the same location.
  const written = propertyValue(cloud.node, 'location');
  const location = written?.type === 'string' ? String(written.value) : undefined;
  return {
    cloud: { name, dependsOn: toLast, first: !last, location },
    cloudItself,
    project: projectTarget(template, cloud, name),
  };
}

/** The cloud's one project: none when it has several, or a project's name is an expression (childrenOfCloud). */
function projectTarget(template: ArmTemplate, cloud: ArmResource, cloudName: string): SnippetTarget | undefined {
  const projects = childrenOfCloud(template, cloud, cloudName, PROJECT_TYPE);
  const project = projects?.length === 1 ? projects[0] : undefined;
  const name = project && knownString(project.leafName);
  const dependsOn = project && dependsOnReference(cloud, project, PROJECT_TYPE);
  return name === undefined || dependsOn === undefined ? undefined : { name, dependsOn };
}

function aksClusterTarget(template: ArmTemplate): SnippetTarget | undefined {
  const cluster = onlyDeployed(template, MANAGED_CLUSTER_TYPE);
  const name = cluster && knownString(cluster.name);
  const dependsOn = cluster && dependsOnReference(cluster, cluster, MANAGED_CLUSTER_TYPE);
  return name === undefined || dependsOn === undefined ? undefined : { name, dependsOn };
}

export function snippetTargets(template: ArmTemplate): SnippetTargets {
  return { ...cloudTargets(template), aksCluster: aksClusterTarget(template) };
}
