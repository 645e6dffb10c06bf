// Shared by aks-oidc-issuer-disabled and aks-workload-identity-disabled: a cluster flag such as
// `properties.oidcIssuerProfile.enabled` that must be true. Reads it through the evaluator; reports a known `false`
// where it is written (a fix sets the literal to true) and an absent flag on the nearest key above it (a fix adds it,
// with the objects it needs, when every object above it is written as a literal). Unknown values stay silent.
import { findProperty, type JsonNode } from '../../json/nodes';
import type { KnownValue } from '../../arm/value';
import type { Fix } from '../../types';
import type { TemplateRule } from '../templateRule';
import { appendProperty, valueFix } from './valueEdits';
import type { TemplateContext } from '../templateContext';
import { anyscaleClusters, isManagedCluster, readNested, type ManagedCluster, type Missing } from './aksClusters';

export type FlagState =
  | { readonly kind: 'false'; readonly value: KnownValue }
  | { readonly kind: 'absent'; readonly at: JsonNode; readonly missing?: Missing };

/** Where a flag stands on a cluster: false, absent, or undefined when it is true or cannot be known. */
function flagState(context: TemplateContext, cluster: ManagedCluster, keys: readonly string[]): FlagState | undefined {
  const resource = cluster.resource;
  const read = readNested(context, resource, resource.properties, keys);
  const value = read.value;
  if (value.known) return value.value === false ? { kind: 'false', value } : undefined;
  if (value.reason !== 'absent') return undefined;
  return { kind: 'absent', at: absentAnchor(cluster, read.missing), missing: read.missing };
}

/** The key of the object that lacks the flag (`properties`, `securityProfile`…), else the resource itself. */
function absentAnchor(cluster: ManagedCluster, missing: Missing | undefined): JsonNode {
  const holder = missing?.object.parent;
  const key = holder?.type === 'property' ? holder.children?.[0] : undefined;
  return (
    key ??
    findProperty(cluster.resource.node, 'properties')?.children?.[0] ??
    cluster.resource.nameNode ??
    cluster.resource.node
  );
}

/** `{ "b": { "enabled": true } }` for the keys still missing below the first one. */
function nestedTrue(keys: readonly string[]): string {
  let text = 'true';
  for (let i = keys.length - 1; i >= 1; i--) text = `{ ${JSON.stringify(keys[i])}: ${text} }`;
  return text;
}

/** The fix that makes the flag true: set the literal, or add the property (and the objects above it). */
function enableFix(context: TemplateContext, state: FlagState, path: string): Fix | undefined {
  const title = `Set ${path} to true`;
  if (state.kind === 'false') return valueFix(state.value, true, title, true);
  const missing = state.missing;
  if (!missing) return undefined;
  return {
    title,
    edits: [appendProperty(context.text, missing.object, missing.keys[0], nestedTrue(missing.keys))],
    preferred: true,
  };
}

/** A rule checking one flag on every cluster next to Anyscale; `exempt` skips clusters where absent means enabled. */
export function enabledFlagRule(
  info: Pick<TemplateRule, 'code' | 'title'>,
  keys: readonly string[],
  message: (state: FlagState) => string,
  exempt: (context: TemplateContext, cluster: ManagedCluster) => boolean,
): TemplateRule {
  const path = `properties.${keys.join('.')}`;
  return {
    ...info,
    defaultSeverity: 'warning',
    category: 'aks',
    appliesTo: 'armTemplate',
    check(context) {
      for (const cluster of anyscaleClusters(context)) {
        if (!isManagedCluster(cluster)) continue;
        const state = flagState(context, cluster, keys);
        if (!state || (state.kind === 'absent' && exempt(context, cluster))) continue;
        const fix = enableFix(context, state, path);
        context.report({
          at: state.kind === 'false' ? state.value : state.at,
          message: message(state),
          fixes: fix && [fix],
        });
      }
    },
  };
}
