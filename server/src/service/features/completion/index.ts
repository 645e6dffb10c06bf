// Completions in ARM templates: what fits at the cursor, from the document's cached analysis (the tree and the
// template model are never rebuilt per request). Snippets only where a resource goes (the root `resources`
// array, or a symbolic name in a languageVersion 2.0 `resources` object) or in an empty document; everything else
// only inside Anyscale resources or expression strings.
import type { Analysis } from '../../analyze';
import type { TextRange } from '../../rules/rule';
import type { CompletionEntry } from '../editing';
import { positionContext, type PositionContext } from './context';
import { dependsOnCompletions } from './dependsOn';
import { expressionCompletions } from './expressions';
import { itemCommas } from './insert';
import { propertyNameCompletions } from './properties';
import { isKey, type LazyView } from './resources';
import { symbolicEntries, TEMPLATE_SNIPPETS, templateAround, type TemplateSnippet } from './snippets';
import { valueCompletions } from './values';

const BLANK = /^\s*$/;

/** Snippets sort after everything else, in the order the data lists them. */
function snippetEntry(snippet: TemplateSnippet, index: number, lines: readonly string[], prefix = '', suffix = '', replace?: TextRange): CompletionEntry {
  const entry: CompletionEntry = { label: snippet.label, kind: 'snippet', detail: 'Anyscale on Azure snippet', documentation: snippet.description, insertText: `${prefix}${lines.join('\n')}${suffix}`, snippet: true, sortText: `~${index}` };
  // In place of a key being typed: the editor filters what was typed there (`"` and on) against the quoted label.
  return replace ? { ...entry, replace, filterText: JSON.stringify(snippet.label) } : entry;
}

/** In the root `resources` array, between items (not inside one, not in a string). */
function atResourceItem(context: PositionContext): boolean {
  return context.path.length === 2 && isKey(context.path[0], 'resources') && typeof context.path[1] === 'number' && !context.token && !context.atKey;
}

/** Where a symbolic name goes in the root `resources` object: between entries, or a new key being typed (no colon after it yet). */
function atResourceEntry(context: PositionContext): boolean {
  if (context.path.length !== 2 || !isKey(context.path[0], 'resources') || typeof context.path[1] !== 'string' || !context.atKey) return false;
  return !context.token || !/^\s*:/.test(context.text.slice(context.token.end));
}

export function armCompletions(text: string, analysis: Pick<Analysis, 'kind' | 'template' | 'anyscale'>, offset: number): CompletionEntry[] {
  if (BLANK.test(text)) return TEMPLATE_SNIPPETS.map((snippet, index) => snippetEntry(snippet, index, templateAround(snippet.body)));
  const template = analysis.template;
  if (analysis.kind !== 'armTemplate' || !template) return [];
  // The text the tree was parsed from: a value nested too deep to follow is blanked out there (json/depth.ts).
  const context = positionContext(template.text, offset, template.root, template);
  if (atResourceItem(context)) {
    const commas = itemCommas(text, offset);
    return TEMPLATE_SNIPPETS.map((snippet, index) => snippetEntry(snippet, index, snippet.body, commas.before, commas.after));
  }
  if (atResourceEntry(context)) {
    const token = context.token;
    const commas = { before: itemCommas(text, token?.start ?? offset).before, after: itemCommas(text, token?.end ?? offset).after };
    return TEMPLATE_SNIPPETS.map((snippet, index) => snippetEntry(snippet, index, symbolicEntries(snippet), commas.before, commas.after, token && { start: token.start, end: token.end }));
  }
  const expression = expressionCompletions(context, template);
  if (expression.length > 0) return expression;
  const resource = context.resource;
  if (!resource) return [];
  // Read only where a completion needs what an expression evaluates to: the view evaluates the whole template.
  const view: LazyView = () => analysis.anyscale;
  if (context.atKey) return propertyNameCompletions(context, resource, view);
  if (context.inResource.length === 2 && isKey(context.inResource[0], 'dependsOn') && typeof context.inResource[1] === 'number') return dependsOnCompletions(context, resource, view);
  // An expression's value is its own business: no literal values offered inside one.
  return context.token?.value.startsWith('[') ? [] : valueCompletions(context, template, resource, view);
}
