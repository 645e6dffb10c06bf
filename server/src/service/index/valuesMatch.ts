// Which of a template's cloud resources the operator values beside it (a values file, another template's operator
// extension) are for (docs/index.md, "Related files"): those whose operator identity they name, else those whose
// provider is their cloudProvider. Only values both sides write as literals decide: a provider or identity not known
// before deployment, a placeholder or one not written never rules a cloud resource out.
import type { IndexedText } from '../../../../shared/protocol';
import { isPlaceholder } from '../rules/support/valuesShared';

/** What operator values say of the cloud resource they are for. */
export interface ValuesSide {
  readonly cloudProvider?: IndexedText;
  readonly operatorIdentity?: IndexedText;
}

/** What a cloud resource's reading says of itself. */
export interface CloudResourceSide {
  readonly provider?: IndexedText;
  readonly operatorIdentity?: IndexedText;
}

/** A value written as a literal, compared ignoring case (`azure` in the chart is `Azure` in ARM); else undefined. */
function literal(text: IndexedText | undefined): string | undefined {
  return text?.known && !isPlaceholder(text.text) ? text.text.toLowerCase() : undefined;
}

/**
 * The cloud resources (readings) the values are for, in their order: those whose `anyscaleOperatorIamIdentity` is the
 * values' identity (on AWS and GCP the same ARN or email is in both places), else those whose provider is not known
 * to differ from the values' cloudProvider. Undefined when the values are for none of them: every provider differs.
 */
export function cloudResourcesFor<Resource extends CloudResourceSide>(
  values: ValuesSide,
  resources: readonly Resource[],
): Resource[] | undefined {
  const identity = literal(values.operatorIdentity);
  const sameIdentity =
    identity === undefined ? [] : resources.filter((resource) => literal(resource.operatorIdentity) === identity);
  if (sameIdentity.length > 0) return sameIdentity;
  const provider = literal(values.cloudProvider);
  if (provider === undefined) return [...resources];
  const possible = resources.filter((resource) => {
    const theirs = literal(resource.provider);
    return theirs === undefined || theirs === provider;
  });
  return possible.length > 0 ? possible : undefined;
}
