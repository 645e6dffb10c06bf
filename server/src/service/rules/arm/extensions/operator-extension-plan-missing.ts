// operator-extension-plan-missing: an Anyscale.AKS.Operator extension without its Marketplace plan (name, publisher,
// product). A Marketplace extension cannot be created without it [SPEC] (extensions REST spec `plan`); the docs
// create the operator with --plan-name anyscale-operator --plan-publisher anyscale1750870039553 --plan-product
// anyscale-operator-aks [DOC] (add-cloud-resource step 5; domain §5.1), which the fix writes.
import { findProperty, propertyValue, type JsonNode } from '../../../json/nodes';
import { ANYSCALE_OPERATOR_EXTENSION } from '../../../catalog/clusterExtensions';
import type { Fix } from '../../../types';
import type { TemplateRule } from '../../templateRule';
import { appendProperty } from '../../support/valueEdits';
import { clusterExtensions } from '../../support/extensionResources';

const PLAN = ANYSCALE_OPERATOR_EXTENSION.plan;
const FIELDS = Object.keys(PLAN) as Array<keyof typeof PLAN>;

function planText(): string {
  return `{ ${FIELDS.map((field) => `${JSON.stringify(field)}: ${JSON.stringify(PLAN[field])}`).join(', ')} }`;
}

/** Adds the missing fields to a plan written as an object (fields with an empty value are the user's to fill). */
function completePlan(text: string, plan: JsonNode, missing: readonly (keyof typeof PLAN)[]): Fix | undefined {
  if (plan.type !== 'object' || missing.some((field) => findProperty(plan, field))) return undefined;
  const title = `Add the Anyscale operator plan's ${missing.join(', ')}`;
  if (!plan.children?.length)
    return {
      title,
      edits: [{ start: plan.offset, end: plan.offset + plan.length, newText: planText() }],
      preferred: true,
    };
  // Every field goes after the same last property: one edit with all of them, in order.
  const edits = missing.map((field) => appendProperty(text, plan, field, JSON.stringify(PLAN[field])));
  return { title, edits: [{ ...edits[0], newText: edits.map((edit) => edit.newText).join('') }], preferred: true };
}

export const operatorExtensionPlanMissing: TemplateRule = {
  code: 'operator-extension-plan-missing',
  title:
    'The Anyscale operator extension (Anyscale.AKS.Operator) needs its Marketplace plan: name, publisher and product',
  defaultSeverity: 'error',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    for (const extension of clusterExtensions(context)) {
      if (!extension.is(ANYSCALE_OPERATOR_EXTENSION.extensionType)) continue;
      const resource = extension.resource;
      const planProperty = findProperty(resource.node, 'plan');
      const expected = `"plan": ${planText()}`;
      if (!planProperty) {
        context.report({
          at: extension.anchor,
          message: `The Anyscale operator extension has no plan: a Marketplace extension cannot be created without one. Add ${expected}.`,
          fixes: [
            {
              title: 'Add the Anyscale operator plan',
              edits: [appendProperty(context.text, resource.node, 'plan', planText())],
              preferred: true,
            },
          ],
        });
        continue;
      }
      const planNode = planProperty.children![1];
      const plan = context.value(planNode, resource);
      if (!plan.known || plan.value === null || typeof plan.value !== 'object' || Array.isArray(plan.value)) continue;
      const missing = FIELDS.filter((field) => {
        const fieldValue = context.value(propertyValue(planNode, field), resource);
        return planNode.type === 'object'
          ? !findProperty(planNode, field) ||
              (fieldValue.known && (fieldValue.value === '' || fieldValue.value === null))
          : !(field in (plan.value as object));
      });
      if (missing.length === 0) continue;
      const fix = planNode.type === 'object' ? completePlan(context.text, planNode, missing) : undefined;
      context.report({
        at: planProperty.children![0],
        message: `The Anyscale operator extension's plan lacks ${missing.join(', ')}: a Marketplace extension cannot be created without name, publisher and product. The docs use ${expected}.`,
        fixes: fix && [fix],
      });
    }
  },
};
