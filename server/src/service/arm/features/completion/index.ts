// Completions in ARM templates: what fits at the cursor, from the document's cached analysis (the tree and the
// template model are never rebuilt per request). Snippets only where a resource goes (the root `resources`
// array, or a symbolic name in a languageVersion 2.0 `resources` object) or in an empty document; everything else
// only inside Anyscale resources or expression strings.
import type { Analysis, ParameterFileInput, TextRange } from '../../../types';
import { sortKey, type CompletionEntry } from '../../../features/editing';
import { positionContext, type PositionContext } from './context';
import { dependsOnCompletions } from './dependsOn';
import { expressionCompletions } from './expressions';
import { itemCommas } from './insert';
import { propertyNameCompletions } from './properties';
import { isKey, type LazyView } from './resources';
import { snippetFor, symbolicEntries, TEMPLATE_SNIPPETS, templateAround, type TemplateSnippet } from './snippets';
import { snippetTargets } from './snippetTargets';
import { valueCompletions } from './values';

/** A document holding at most one bare word (a snippet's prefix being typed): the word's range, or an empty one. */
const ONLY_A_WORD = /^\s*([A-Za-z][\w-]*)?\s*$/;
const WORD_CHARACTER = /[\w-]/;

/** The bare word (not in a string) the cursor is in or right after, such as a snippet prefix typed between resources. */
function typedWord(text: string, offset: number): TextRange | undefined {
  let start = offset;
  while (start > 0 && WORD_CHARACTER.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && WORD_CHARACTER.test(text[end])) end++;
  return end > start && /[A-Za-z]/.test(text[start]) && text[start - 1] !== '"' ? { start, end } : undefined;
}

/**
 * Snippets sort after everything else, in the order the data lists them, and are found by their prefix. `replace`
 * is the range the editor filters on: a bare word typed (its text against the prefix) or a key being typed (`"` and
 * on, against the quoted prefix).
 */
function snippetEntry(
  snippet: TemplateSnippet,
  index: number,
  lines: readonly string[],
  prefix = '',
  suffix = '',
  replace?: TextRange,
  quoted = false,
): CompletionEntry {
  const entry: CompletionEntry = {
    label: snippet.label,
    kind: 'snippet',
    detail: `${snippet.prefix} · Anyscale on Azure snippet`,
    documentation: snippet.description,
    insertText: `${prefix}${lines.join('\n')}${suffix}`,
    snippet: true,
    sortText: `~${sortKey(index)}`,
    filterText: quoted ? JSON.stringify(snippet.prefix) : snippet.prefix,
  };
  return replace ? { ...entry, replace } : entry;
}

/** In the root `resources` array, between items (not inside one, not in a string). */
function atResourceItem(context: PositionContext): boolean {
  return (
    context.path.length === 2 &&
    isKey(context.path[0], 'resources') &&
    typeof context.path[1] === 'number' &&
    !context.token &&
    !context.atKey
  );
}

/** Where a symbolic name goes in the root `resources` object: between entries, or a new key being typed (no colon after it yet). */
function atResourceEntry(context: PositionContext): boolean {
  if (
    context.path.length !== 2 ||
    !isKey(context.path[0], 'resources') ||
    typeof context.path[1] !== 'string' ||
    !context.atKey
  )
    return false;
  return !context.token || !/^\s*:/.test(context.text.slice(context.token.end));
}

/** Blanks, then something other than the end of the value (`"computeStack": | "K8s"`): a value is already there. */
const VALUE_AFTER_BLANKS = /^[ \t]+[^\s,}\]/]/;

/** `parameterFiles`: the ones the template is checked with, a `provider` expression evaluated with each. */
export function armCompletions(
  text: string,
  analysis: Pick<Analysis, 'kind' | 'template' | 'anyscale' | 'syntaxErrors'>,
  offset: number,
  parameterFiles: readonly ParameterFileInput[] = [],
): CompletionEntry[] {
  if (ONLY_A_WORD.test(text)) {
    const word = typedWord(text, offset);
    return TEMPLATE_SNIPPETS.map((snippet, index) =>
      snippetEntry(snippet, index, templateAround(snippet.body), '', '', word),
    );
  }
  const template = analysis.template;
  if (analysis.kind !== 'armTemplate' || !template) return [];
  // The text the tree was parsed from: a value nested too deep to follow is blanked out there (json/depth.ts).
  const context = positionContext(template.text, offset, template.root, template, analysis.syntaxErrors.length === 0);
  // The cloud and the AKS cluster the template declares, which the snippets name and depend on.
  const snippetsHere = () => {
    const targets = snippetTargets(template);
    return TEMPLATE_SNIPPETS.map((snippet) => snippetFor(snippet, targets));
  };
  if (atResourceItem(context)) {
    const word = typedWord(text, offset);
    const commas = {
      before: itemCommas(text, word?.start ?? offset).before,
      after: itemCommas(text, word?.end ?? offset).after,
    };
    return snippetsHere().map((snippet, index) =>
      snippetEntry(snippet, index, snippet.body, commas.before, commas.after, word),
    );
  }
  if (atResourceEntry(context)) {
    const token = context.token;
    const commas = {
      before: itemCommas(text, token?.start ?? offset).before,
      after: itemCommas(text, token?.end ?? offset).after,
    };
    return snippetsHere().map((snippet, index) =>
      snippetEntry(
        snippet,
        index,
        symbolicEntries(snippet),
        commas.before,
        commas.after,
        token && { start: token.start, end: token.end },
        true,
      ),
    );
  }
  const expression = expressionCompletions(context, template);
  if (expression.length > 0) return expression;
  const resource = context.resource;
  if (!resource) return [];
  // Read only where a completion needs what an expression evaluates to: the view evaluates the whole template.
  const view: LazyView = () => analysis.anyscale;
  const sources = { view, template, parameterFiles, syntaxErrors: analysis.syntaxErrors };
  if (context.atKey) return propertyNameCompletions(context, resource, sources);
  if (
    context.inResource.length === 2 &&
    isKey(context.inResource[0], 'dependsOn') &&
    typeof context.inResource[1] === 'number'
  )
    return dependsOnCompletions(context, resource, view);
  // An expression's value is its own business: no literal values offered inside one. Nor a value inserted in front
  // of one already written (the blanks before it are not its string, so nothing would replace it).
  if (context.token?.value.startsWith('[') || (!context.token && VALUE_AFTER_BLANKS.test(text.slice(offset))))
    return [];
  return valueCompletions(context, template, resource, sources);
}
