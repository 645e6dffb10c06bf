// How one resource's dependsOn names another of the same deployment: its symbolic name, else a resourceId(...) call
// with literal names. Shared by the cloud-resources-not-chained fix, dependsOn completion and the snippets.
import type { ArmResource } from '../../arm/template';
import { isExpression, knownString } from '../../arm/value';
import { armStringLiteral } from '../../arm/expressions/lexical';
import { CLOUD_RESOURCE_TYPE } from '../../catalog/anyscale';

/**
 * How `resource`'s dependsOn can name `target` (a cloud resource, or a cloud): its symbolic name, else a
 * resourceId(...) call with literal names.
 */
export function dependsOnReference(
  resource: ArmResource,
  target: ArmResource,
  type = CLOUD_RESOURCE_TYPE,
): string | undefined {
  if (resource.scope !== target.scope) return undefined;
  if (target.symbolicName !== undefined) return target.symbolicName;
  // A name written as an expression is known here only for these parameter values: a literal would not follow them.
  if (typeof target.nameNode?.value === 'string' && isExpression(target.nameNode.value)) return undefined;
  const segments = knownString(target.name)?.split('/');
  // One name segment per type segment after the namespace, as resourceId() wants them.
  if (segments === undefined || segments.length !== type.split('/').length - 1) return undefined;
  return `[resourceId(${[type, ...segments].map(armStringLiteral).join(', ')})]`;
}
