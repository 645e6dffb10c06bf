// Decides what a document is, so that each kind gets its own model and rules. Anything we do not serve is
// "other" and is ignored silently: a package.json or a tsconfig must never get a diagnostic from us.
import { entries, items, type JsonNode, propertyValue, stringOf } from '../json/nodes';

export type DocumentKind = 'armTemplate' | 'armParameters' | YamlKind | 'other';

/** Kinds of YAML documents: Helm values of the Anyscale operator (1.x or pre-1.0 layout) and Gateway API manifests. */
export type YamlKind = 'operatorValues' | 'legacyOperatorValues' | 'gatewayManifest';

/** Sections only a template has; a template must have `resources`, so a file with none of them is not one. */
const TEMPLATE_SECTIONS = ['resources', 'variables', 'outputs', 'functions', 'definitions'];

/**
 * A file that holds `parameters` and none of a template's sections. With a template's $schema, a parameter file
 * written like a template (its entries copied from the template's declarations); without a $schema but with a
 * `contentVersion`, a parameter file that leaves the $schema out. Both are checked as the parameter file they are.
 */
function isOnlyParameters(root: JsonNode): boolean {
  return (
    propertyValue(root, 'parameters')?.type === 'object' &&
    TEMPLATE_SECTIONS.every((section) => propertyValue(root, section) === undefined)
  );
}

export function classifyJson(root: JsonNode | undefined): DocumentKind {
  if (!root || root.type !== 'object') return 'other';
  const schema = stringOf(propertyValue(root, '$schema'))?.toLowerCase();
  if (schema !== undefined) {
    if (schema.includes('deploymenttemplate')) return isOnlyParameters(root) ? 'armParameters' : 'armTemplate';
    if (schema.includes('deploymentparameters')) return 'armParameters';
  }
  // Without a $schema (ARM deploys such a file as well): a contentVersion and parameters, and nothing of a template.
  if (stringOf(propertyValue(root, 'contentVersion')) !== undefined && isOnlyParameters(root)) return 'armParameters';
  const resources = propertyValue(root, 'resources');
  const hasTypedItem = (node: JsonNode) => node.type === 'object' && propertyValue(node, 'type') !== undefined;
  if (resources?.type === 'array' && items(resources).some(hasTypedItem)) return 'armTemplate';
  if (
    resources?.type === 'object' &&
    stringOf(propertyValue(root, 'languageVersion')) !== undefined &&
    entries(resources).some(([, node]) => hasTypedItem(node))
  ) {
    return 'armTemplate';
  }
  return 'other';
}
