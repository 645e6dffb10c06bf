// template-limit-exceeded: ARM rejects a template with more than 256 parameters, 512 variables, 800 resources (copy
// counts included) or 64 outputs, or larger than 4 MB (documented: "Template limits", ARM template best practices; the
// 24,576-character expression limit is expression-syntax's). Each template counts its own: the root and each inline
// nested deployment, which is also the documented way past the limits. Only what can be known is counted: a copy loop
// whose count is unknown counts nothing, so a finding is never early; the size is the template's minified JSON (what
// ARM receives at least), before copy loops and parameter values expand it, counted in UTF-16 units.
import { items, propertyValue, findProperty, type JsonNode } from '../../../json/nodes';
import { knownCopyCount } from '../../../arm/expressions/copyLoops';
import type { TemplateScope } from '../../../arm/template';
import {
  MAX_OUTPUTS,
  MAX_PARAMETERS,
  MAX_RESOURCES,
  MAX_TEMPLATE_BYTES,
  MAX_VARIABLES,
  type ArmLimit,
} from '../../../catalog/armLimits';
import type { TemplateContext } from '../../templateContext';
import type { TemplateRule } from '../../templateRule';

const FIX =
  'Move part of the deployment into a nested deployment (each nested template has limits of its own), or combine related values into objects (objects as parameters).';

const formatted = (n: number) => n.toLocaleString('en-US');

/** Variables as ARM counts them: each `copy` entry makes one variable (an array), every other key one. */
function variableCount(scope: TemplateScope): number {
  const copy = propertyValue(propertyValue(scope.node, 'variables'), 'copy');
  return scope.variables.size - (copy ? 1 : 0) + (copy?.type === 'array' ? items(copy).length : 0);
}

/** Resources deployed, each copy loop counted with its count when known (and as none when not). */
function resourceCount(context: TemplateContext, scope: TemplateScope): number {
  let count = 0;
  for (const resource of scope.resources) {
    if (resource.existing) continue;
    const copy = propertyValue(resource.node, 'copy');
    if (!copy) count++;
    else count += knownCopyCount(context.value(propertyValue(copy, 'count'), resource)) ?? 0;
  }
  return count;
}

/**
 * The length of the JSON without whitespace and comments, from the parse tree: each literal as written (escapes
 * included), plus braces, brackets, colons and commas. Counted in UTF-16 units, never more than UTF-8 bytes: the least
 * ARM receives. Walks nodes, not characters, so a template of long strings costs little.
 */
function minifiedLength(root: JsonNode): number {
  let length = 0;
  const pending: JsonNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const children = node.children;
    if (node.type === 'object' || node.type === 'array') {
      const count = children?.length ?? 0;
      length += 2 + Math.max(0, count - 1);
    } else if (node.type === 'property') length += 1;
    else length += node.length;
    if (children) for (let i = 0; i < children.length; i++) pending.push(children[i]);
  }
  return length;
}

/** The key of a section (`"parameters"`) to report on, else the template object's opening brace. */
function sectionKey(scope: TemplateScope, section: string): JsonNode | { start: number; end: number } {
  return findProperty(scope.node, section)?.children?.[0] ?? { start: scope.node.offset, end: scope.node.offset + 1 };
}

function checkCount(
  context: TemplateContext,
  scope: TemplateScope,
  section: string,
  what: string,
  count: number,
  limit: ArmLimit,
): void {
  if (count <= limit.value) return;
  const which = scope.deployment ? 'This nested template' : 'The template';
  context.report({
    at: sectionKey(scope, section),
    message: `${which} has ${formatted(count)} ${what}, over ARM's limit of ${formatted(limit.value)} per template, so ARM rejects it. ${FIX}`,
  });
}

export const templateLimitExceeded: TemplateRule = {
  code: 'template-limit-exceeded',
  title: "A template stays within ARM's limits: 256 parameters, 512 variables, 800 resources, 64 outputs, 4 MB",
  defaultSeverity: 'error',
  category: 'limits',
  appliesTo: 'armTemplate',
  check(context) {
    for (const scope of context.template.scopes) {
      checkCount(context, scope, 'parameters', 'parameters', scope.parameters.size, MAX_PARAMETERS);
      checkCount(context, scope, 'variables', 'variables', variableCount(scope), MAX_VARIABLES);
      checkCount(
        context,
        scope,
        'resources',
        'resources (copies included)',
        resourceCount(context, scope),
        MAX_RESOURCES,
      );
      checkCount(context, scope, 'outputs', 'outputs', scope.outputs.size, MAX_OUTPUTS);
    }
    const root = context.template.root;
    // Minifying only shortens the text: a text within the limit needs no walk.
    if (context.text.length <= MAX_TEMPLATE_BYTES.value) return;
    const length = minifiedLength(root);
    if (length <= MAX_TEMPLATE_BYTES.value) return;
    context.report({
      at: { start: root.offset, end: root.offset + 1 },
      message: `The template is at least ${(length / (1024 * 1024)).toFixed(1)} MB without whitespace and comments, over ARM's limit of 4 MB, so ARM rejects it. ${FIX}`,
    });
  },
};
