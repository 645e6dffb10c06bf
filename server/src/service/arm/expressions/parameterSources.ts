// Where a template parameter's value is written, as ARM takes it: for the root template, the parameter file's
// `value`; for a nested deployment's template with inner scope, the `parameters` the deployment passes (a Key Vault
// reference has no value before deployment); otherwise, and when neither gives one, the parameter's `defaultValue`.
import type { JsonNode } from '../../json/nodes';
import { propertyValue } from '../../json/nodes';
import type { ArmTemplate } from '../template';
import { unknown, type UnknownValue } from '../value';
import type { NamedDeclaration } from './references';

/** A node where a value is written: in the template, or in the parameter file `uri`. */
export interface WrittenAt {
  readonly node: JsonNode;
  readonly uri?: string;
}

/** Where the parameter `declaration`'s value is written; `fromFile` holds the root parameters' values, by lower-cased name. */
export function parameterWrittenAt(
  template: ArmTemplate,
  declaration: NamedDeclaration,
  fromFile: ReadonlyMap<string, { readonly valueNode: JsonNode; readonly uri: string }>,
): WrittenAt | UnknownValue {
  const { scope, name } = declaration;
  if (scope === template.rootScope) {
    const written = fromFile.get(name.toLowerCase());
    if (written) return { node: written.valueNode, uri: written.uri };
  } else if (scope.deployment) {
    const passed = propertyValue(propertyValue(scope.deployment.properties, 'parameters'), name);
    if (passed) {
      const value = propertyValue(passed, 'value');
      return value ? { node: value } : unknown(`parameter '${name}' comes from a Key Vault reference`);
    }
  }
  const defaultValue = propertyValue(declaration.node, 'defaultValue');
  return defaultValue ? { node: defaultValue } : unknown(`parameter '${name}' has no value here`);
}
