// Completions in ARM templates: what fits at the cursor, from the document's cached analysis (the tree and the
// template model are never rebuilt per request). Snippets only where a resource goes (the root `resources`
// array) or in an empty document; everything else only inside Anyscale resources or expression strings.
import type { Analysis } from '../../analyze';
import type { CompletionEntry } from '../editing';
import { positionContext, type PositionContext } from './context';
import { dependsOnCompletions } from './dependsOn';
import { expressionCompletions } from './expressions';
import { itemCommas } from './insert';
import { propertyNameCompletions } from './properties';
import { isKey } from './resources';
import { TEMPLATE_SNIPPETS, templateAround, type TemplateSnippet } from './snippets';
import { valueCompletions } from './values';

const BLANK = /^\s*$/;

/** Snippets sort after everything else, in the order the data lists them. */
function snippetEntry(snippet: TemplateSnippet, index: number, lines: readonly string[], prefix = '', suffix = ''): CompletionEntry {
  return { label: snippet.label, kind: 'snippet', detail: 'Anyscale on Azure snippet', documentation: snippet.description, insertText: `${prefix}${lines.join('\n')}${suffix}`, snippet: true, sortText: `~${index}` };
}

/** In the root `resources` array, between items (not inside one, not in a string). */
function atResourceItem(context: PositionContext): boolean {
  return context.path.length === 2 && isKey(context.path[0], 'resources') && typeof context.path[1] === 'number' && !context.token && !context.atKey;
}

export function armCompletions(text: string, analysis: Pick<Analysis, 'kind' | 'template' | 'anyscale'>, offset: number): CompletionEntry[] {
  if (BLANK.test(text)) return TEMPLATE_SNIPPETS.map((snippet, index) => snippetEntry(snippet, index, templateAround(snippet.body)));
  const template = analysis.template;
  if (analysis.kind !== 'armTemplate' || !template) return [];
  const context = positionContext(text, offset, template.root, template);
  if (atResourceItem(context)) {
    const commas = itemCommas(text, offset);
    return TEMPLATE_SNIPPETS.map((snippet, index) => snippetEntry(snippet, index, snippet.body, commas.before, commas.after));
  }
  const expression = expressionCompletions(context, template);
  if (expression.length > 0) return expression;
  const resource = context.resource;
  if (!resource) return [];
  if (context.atKey) return propertyNameCompletions(context, resource, analysis.anyscale);
  if (context.inResource.length === 2 && isKey(context.inResource[0], 'dependsOn') && typeof context.inResource[1] === 'number') return dependsOnCompletions(context, resource, analysis.anyscale);
  // An expression's value is its own business: no literal values offered inside one.
  return context.token?.value.startsWith('[') ? [] : valueCompletions(context, template, resource, analysis.anyscale);
}
