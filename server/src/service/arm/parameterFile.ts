// The model of an ARM deployment parameter file: each parameter's `value` (or Key Vault `reference`) node, looked
// up case-insensitively as ARM does.
import { entries, type JsonNode, propertyValue } from '../json/nodes';

export interface ParameterEntry {
  readonly name: string;
  /** The `"name": { … }` property node under `parameters`. */
  readonly property: JsonNode;
  readonly keyNode: JsonNode;
  /** The `value` node; absent when the parameter is given by a Key Vault `reference` (its value is unknowable). */
  readonly valueNode?: JsonNode;
  readonly referenceNode?: JsonNode;
}

export interface ParameterFile {
  readonly root: JsonNode;
  /** Keyed by lower-cased parameter name. */
  readonly parameters: ReadonlyMap<string, ParameterEntry>;
}

export function readParameterFile(root: JsonNode): ParameterFile {
  const parameters = new Map<string, ParameterEntry>();
  for (const [name, body, property] of entries(propertyValue(root, 'parameters'))) {
    parameters.set(name.toLowerCase(), {
      name,
      property,
      keyNode: property.children![0],
      valueNode: propertyValue(body, 'value'),
      referenceNode: propertyValue(body, 'reference'),
    });
  }
  return { root, parameters };
}

/** The values a parameter file gives, keyed by lower-cased name, as the expression evaluator takes them. */
export function parameterValuesOf(
  root: JsonNode | undefined,
  uri: string,
): Map<string, { valueNode: JsonNode; uri: string }> {
  const values = new Map<string, { valueNode: JsonNode; uri: string }>();
  if (!root) return values;
  for (const [name, entry] of readParameterFile(root).parameters)
    if (entry.valueNode) values.set(name, { valueNode: entry.valueNode, uri });
  return values;
}
