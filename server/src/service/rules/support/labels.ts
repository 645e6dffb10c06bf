// How the resource rules show names in messages: quoted, shortened when very long, and for a resource its full
// name when known, else its symbolic name, else its name as written (an expression), else where it is in the
// template: so that two resources named by different expressions are told apart.
import { getNodePath } from 'jsonc-parser';
import type { ArmResource } from '../../arm/template';
import { knownString } from '../../arm/value';

const SHOWN_LENGTH = 64;

/** A name in quotes, cut short with an ellipsis when it is longer than a message can comfortably hold. */
export function quotedName(name: string): string {
  return JSON.stringify(name.length > SHOWN_LENGTH ? `${name.slice(0, SHOWN_LENGTH - 1)}…` : name);
}

/**
 * A name expression in quotes, cut short in the middle when long: its end usually writes the resource's own segment
 * (`[concat(parameters('cloudName'), '/eks')]`), which tells it from its neighbours.
 */
function quotedExpression(expression: string): string {
  if (expression.length <= SHOWN_LENGTH) return JSON.stringify(expression);
  const end = Math.floor((SHOWN_LENGTH - 1) / 2);
  return JSON.stringify(`${expression.slice(0, SHOWN_LENGTH - 1 - end)}…${expression.slice(-end)}`);
}

/** Where a node is in its document, as a JSON path: `resources[2]`, `resources[0].resources[1]`. */
function jsonPath(resource: ArmResource): string {
  return getNodePath(resource.node)
    .map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`))
    .join('');
}

export function resourceLabel(resource: ArmResource): string {
  const name = knownString(resource.name);
  if (name !== undefined) return quotedName(name);
  if (resource.symbolicName !== undefined) return quotedName(resource.symbolicName);
  const nameNode = resource.nameNode;
  if (nameNode?.type === 'string' && nameNode.value) return quotedExpression(String(nameNode.value));
  return `(${nameNode && nameNode.type !== 'string' ? 'name not a string' : 'unnamed'}, at ${jsonPath(resource)})`;
}
