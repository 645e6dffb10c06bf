// textDocument/completion: the service's completion entries (ARM templates from the version's analysis or editing
// model, YAML from the text) as LSP completion items — kinds, snippet insert format, a text edit where an entry replaces a range,
// Markdown documentation, and a re-opened suggest list after a property name whose value has completions. When every
// item replaces the same range and the client takes a default one (LSP 3.17 itemDefaults; VS Code does), the range is
// said once for the list: the 256 parameters of a 4 MB template are 82 KB of JSON with it on each item, 48 KB without.
import {
  CompletionItemKind,
  InsertTextFormat,
  TextEdit,
  type CompletionItem,
  type CompletionList,
  type CompletionParams,
  type Position,
  type Range,
} from 'vscode-languageserver/node';
import {
  type Analysis,
  armCompletions,
  type CompletionEntry,
  type CompletionKind,
  type LineIndex,
  type ParameterFileInput,
  yamlCompletions,
  type YamlVersion,
  isYamlLanguage,
} from '../service';

/** Characters that open the list: a string's quote, an expression's quote or call, a key's colon. */
export const COMPLETION_TRIGGER_CHARACTERS = ['"', "'", ':', '('];

const KINDS: Readonly<Record<CompletionKind, CompletionItemKind>> = {
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  snippet: CompletionItemKind.Snippet,
  reference: CompletionItemKind.Reference,
  keyword: CompletionItemKind.Keyword,
};

const TRIGGER_SUGGEST = { title: 'Suggest', command: 'editor.action.triggerSuggest' };

export function toCompletionItem(entry: CompletionEntry, lines: LineIndex, position: Position): CompletionItem {
  const newText = entry.insertText ?? entry.label;
  const item: CompletionItem = {
    label: entry.label,
    kind: KINDS[entry.kind],
    detail: entry.detail,
    documentation: entry.documentation === undefined ? undefined : { kind: 'markdown', value: entry.documentation },
    sortText: entry.sortText,
    filterText: entry.filterText,
    preselect: entry.preselect,
    insertTextFormat: entry.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    command: entry.retrigger ? TRIGGER_SUGGEST : undefined,
  };
  if (entry.replace) {
    const start = lines.positionAt(entry.replace.start);
    let end = lines.positionAt(entry.replace.end);
    // LSP wants a single-line range around the cursor.
    if (end.line !== start.line) end = position;
    item.textEdit = { range: { start, end }, newText };
  } else {
    item.insertText = newText;
  }
  return item;
}

/** A version of a document: its language and text. */
export interface DocumentVersion {
  readonly languageId: string;
  readonly text: string;
}

/**
 * `yaml`: what the version's YAML completions computed so far, kept for the next request on it. `parameterFiles`: a
 * template's, an expression's provider evaluated with each.
 */
export function completionItems(
  params: CompletionParams,
  document: DocumentVersion,
  analysis: Pick<Analysis, 'kind' | 'template' | 'anyscale' | 'syntaxErrors'>,
  lines: LineIndex,
  yaml?: YamlVersion,
  parameterFiles: readonly ParameterFileInput[] = [],
): CompletionItem[] {
  const offset = lines.offsetAt(params.position);
  const text = document.text;
  const entries = isYamlLanguage(document.languageId)
    ? yamlCompletions(text, offset, yaml)
    : armCompletions(text, analysis, offset, parameterFiles);
  return entries.map((entry) => toCompletionItem(entry, lines, params.position));
}

const sameRange = (a: Range, b: Range) =>
  a.start.line === b.start.line &&
  a.start.character === b.start.character &&
  a.end.line === b.end.line &&
  a.end.character === b.end.character;

/**
 * The answer to a completion request: with `defaultEditRange` (the client takes itemDefaults.editRange) and items
 * that all replace one range, a list that says the range once, each item keeping only its text (`textEditText`,
 * left out where it is the label); else the items as they are.
 */
export function completionResult(
  items: CompletionItem[],
  defaultEditRange: boolean,
): CompletionItem[] | CompletionList {
  const first = items[0]?.textEdit;
  if (!defaultEditRange || !first || !TextEdit.is(first)) return items;
  const range = first.range;
  if (!items.every((item) => item.textEdit && TextEdit.is(item.textEdit) && sameRange(item.textEdit.range, range)))
    return items;
  return {
    isIncomplete: false,
    itemDefaults: { editRange: range },
    items: items.map(({ textEdit, ...item }) =>
      (textEdit as TextEdit).newText === item.label ? item : { ...item, textEditText: (textEdit as TextEdit).newText },
    ),
  };
}
