// workload-property-missing: the properties the API specification requires of a cloud's workloads and compute
// configs. At the top of `properties`, those the catalog marks required for every provider (a job's `config`, a
// service's `deploymentConfig`, a workspace's `computeConfig` and `imageUri`, a compute config's `spec`); inside, each
// spec option's `headNode` and its `name`, and a service's applications: at least one, each with an `importPath`.
// [SPEC] @16306f9, [DOC] create-workloads-arm (domain §1.5). Reads what is written in place, except that an empty
// applications list is also found through an expression; no value is invented, so there is no quick fix.
import { findProperty, items, type JsonNode } from '../../../json/nodes';
import { type ProxiedKind, type ProxiedResource } from '../../../arm/anyscaleView';
import { SERVICE_APPLICATIONS, SPEC_OPTION_REQUIRES } from '../../../catalog/anyscale';
import { isRequired, propertiesOfType } from '../../../catalog/propertyDocs';
import type { Report, TextRange } from '../../../types';
import type { TemplateContext } from '../../templateContext';
import type { TemplateRule } from '../../templateRule';
import { resourceLabel } from '../../support/labels';
import { proxied, specOptions } from '../../support/workloadReads';

const KIND_LABELS: Partial<Record<ProxiedKind, string>> = {
  computeConfig: 'Compute config',
  job: 'Job',
  service: 'Service',
  workspace: 'Workspace',
};

const REQUIRED_BY_SPEC = 'which the API specification requires; the deployment fails without it';

/** The opening brace of an object: where a key it lacks is reported, as JSON schema validation does. */
function openingBrace(object: JsonNode): TextRange {
  return { start: object.offset, end: object.offset + 1 };
}

/**
 * The value of `object`'s property `name` when it is written and not null. Otherwise reports it: `absent` when there
 * is no such property, and at the null when it is null (`shownAs` names it there, e.g. `properties.config`).
 */
function requiredValue(
  context: TemplateContext,
  object: JsonNode,
  name: string,
  shownAs: string,
  absent: Report,
): JsonNode | undefined {
  const property = findProperty(object, name);
  const value = property?.children?.[1];
  if (!property) context.report(absent);
  else if (value?.type === 'null')
    context.report({
      at: value,
      message: `${shownAs} is null, but the API specification requires it; the deployment fails without it.`,
    });
  else return value;
  return undefined;
}

function checkTopLevel(context: TemplateContext, resource: ProxiedResource, label: string): void {
  const names = (propertiesOfType(resource.resource.type) ?? [])
    .filter((doc) => isRequired(doc, undefined))
    .map((doc) => doc.name);
  if (names.length === 0) return;
  const { properties, node } = resource.resource;
  const shown = `${label} ${resourceLabel(resource.resource)}`;
  if (!properties) {
    context.report({
      at: resource.anchor,
      message: `${shown} has no properties: ${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'} required by the API specification, so the deployment fails.`,
    });
    return;
  }
  if (properties.type !== 'object') return;
  const propertiesKey = findProperty(node, 'properties')?.children?.[0] ?? resource.anchor;
  for (const name of names)
    requiredValue(context, properties, name, `properties.${name}`, {
      at: propertiesKey,
      message: `${shown} has no properties.${name}, ${REQUIRED_BY_SPEC}.`,
    });
}

/** Each literal option of the compute config's spec has a head node, and the head node a name. */
function checkSpecOptions(context: TemplateContext, resource: ProxiedResource): void {
  const { option: headNodeKey, headNode: nameKey } = SPEC_OPTION_REQUIRES;
  for (const option of specOptions(resource.computeConfig)) {
    const headNode = requiredValue(context, option, headNodeKey, headNodeKey, {
      at: openingBrace(option),
      message: `This compute config option has no ${headNodeKey} (the head node: its name, instance type and resources), ${REQUIRED_BY_SPEC}.`,
    });
    if (headNode?.type !== 'object') continue;
    requiredValue(context, headNode, nameKey, `${headNodeKey}.${nameKey}`, {
      at: findProperty(option, headNodeKey)!.children![0],
      message: `This ${headNodeKey} has no ${nameKey}, ${REQUIRED_BY_SPEC}.`,
    });
  }
}

/** A service's deployment config names at least one application, each with its import path. */
function checkApplications(context: TemplateContext, service: ProxiedResource): void {
  const [section, key] = SERVICE_APPLICATIONS.path;
  const importPath = SERVICE_APPLICATIONS.requires;
  const deploymentConfig = findProperty(service.resource.properties, section);
  const config = deploymentConfig?.children?.[1];
  if (config?.type !== 'object') return;
  const atLeastOne = `the API specification requires at least one Ray Serve application, each with an ${importPath} such as "main:app"; the deployment fails without it`;
  const applications = requiredValue(context, config, key, `${section}.${key}`, {
    at: deploymentConfig!.children![0],
    message: `This service's ${section} has no ${key}: ${atLeastOne}.`,
  });
  if (!applications) return;
  // Empty as written, or through a parameter or a variable: reported where the empty list is written.
  const value = context.value(applications, service.declared);
  if (value.known && Array.isArray(value.value) && value.value.length === 0) {
    context.report({ at: value, message: `${section}.${key} is empty: ${atLeastOne}.` });
    return;
  }
  if (applications.type !== 'array') return;
  for (const application of items(applications)) {
    if (application.type !== 'object') continue;
    requiredValue(context, application, importPath, importPath, {
      at: openingBrace(application),
      message: `This application has no ${importPath} (the Ray Serve application to run, written module:application), ${REQUIRED_BY_SPEC}.`,
    });
  }
}

export const workloadPropertyMissing: TemplateRule = {
  code: 'workload-property-missing',
  title: 'A compute config, job, service or workspace sets the properties the API specification requires',
  defaultSeverity: 'error',
  category: 'workload',
  appliesTo: 'armTemplate',
  check(context) {
    for (const resource of proxied(context)) {
      const label = KIND_LABELS[resource.kind];
      if (!label) continue;
      checkTopLevel(context, resource, label);
      checkSpecOptions(context, resource);
      if (resource.kind === 'service') checkApplications(context, resource);
    }
  },
};
