// Which of a template's cloud resources the operator values beside it (a values file, another template's operator
// extension) are for (docs/index.md, "Related files"): those whose operator identity they name, else those whose
// provider is their cloudProvider. Only values both sides write as literals decide: a provider or identity not known
// before deployment, a placeholder or one not written never rules a cloud resource out.
import type { IndexedText } from '../../../../shared/protocol';
import { isPlaceholder } from '../rules/support/valuesShared';
import type { WrittenSetting } from './workspaceIndex';

/** What operator values say of the cloud resource they are for, under the keys they are written in. */
export interface ValuesSide {
  readonly cloudProvider?: WrittenSetting;
  readonly operatorIdentity?: WrittenSetting;
}

/** What a cloud resource's reading says of itself. */
export interface CloudResourceSide {
  readonly provider?: IndexedText;
  readonly operatorIdentity?: IndexedText;
}

/**
 * The answer, with its reason: the cloud resources the values are for, in their order; or none, when the values'
 * cloudProvider, a literal, differs from every cloud resource's provider (each a literal too).
 */
export type ValuesMatch<Resource> =
  | { readonly matches: 'some'; readonly resources: ReadonlySet<Resource> }
  | { readonly matches: 'none'; readonly cloudProvider: WrittenSetting };

/** A value written as a literal, compared ignoring case (`azure` in the chart is `Azure` in ARM); else undefined. */
function literal(text: IndexedText | undefined): string | undefined {
  return text?.known && !isPlaceholder(text.text) ? text.text.toLowerCase() : undefined;
}

/**
 * The cloud resources (readings) the values are for: those whose `anyscaleOperatorIamIdentity` is the values' identity
 * (on AWS and GCP the same ARN or email is in both places), else those whose provider is not known to differ from the
 * values' cloudProvider; none when every provider differs from it.
 */
export function cloudResourcesFor<Resource extends CloudResourceSide>(
  values: ValuesSide,
  resources: readonly Resource[],
): ValuesMatch<Resource> {
  const identity = literal(values.operatorIdentity?.value);
  const sameIdentity =
    identity === undefined ? [] : resources.filter((resource) => literal(resource.operatorIdentity) === identity);
  if (sameIdentity.length > 0) return { matches: 'some', resources: new Set(sameIdentity) };
  const { cloudProvider } = values;
  const provider = literal(cloudProvider?.value);
  if (!cloudProvider || provider === undefined) return { matches: 'some', resources: new Set(resources) };
  const possible = resources.filter((resource) => {
    const theirs = literal(resource.provider);
    return theirs === undefined || theirs === provider;
  });
  return possible.length > 0 ? { matches: 'some', resources: new Set(possible) } : { matches: 'none', cloudProvider };
}
