// YAML a tool fills in before Helm or kubectl reads it: Go template actions (`{{ .Values.id }}`, a Helm chart's
// templates, a file a CI step renders) and Terraform templatefile's directives and interpolations (`%{ if … }`,
// `${…}`, envsubst's too). A value written so is not known; a file whose YAML fails to parse because of its actions is
// YAML only once rendered, and is checked then, not here.
import { isMap, type Node, type Range, type YAMLMap } from 'yaml';
import type { TextRange } from '../text/range';
import type { DocumentKind } from '../documents/classifyJson';
import { parseYaml, type YamlSyntaxError } from './document';
import { classifyYamlDocument, fileKind } from './classifyYaml';

/** A Go template action, a Terraform directive or an interpolation, each closed. */
const ACTION = /\{\{[\s\S]*?\}\}|%\{[^{}]*\}|\$\{[^{}\n]*\}/g;
/** The same, for a test: without the global flag, which would carry lastIndex from one test to the next. */
const ANY_ACTION = new RegExp(ACTION.source);

/**
 * True for a value a templating tool fills in before Helm or kubectl reads the file (`{{ .Values.id }}`,
 * `%{ if x }a%{ endif }`, `${id}`). Nothing can be known of such a value.
 */
export function isFilledInLater(text: string): boolean {
  return ANY_ACTION.test(text);
}

/**
 * True for a node YAML reads as a map but that is one Go template action written unquoted (`id: {{ .Values.id }}`
 * parses as a flow map holding a flow map): a value filled in later, as its quoted form is.
 */
export function isTemplatedNode(node: Node | null | undefined, text: string): node is YAMLMap & { range: Range } {
  return (
    isMap(node) &&
    node.flow === true &&
    node.range != null &&
    /^\{\{[\s\S]*\}\}$/.test(text.slice(node.range[0], node.range[1]))
  );
}

/** A file whose YAML does not parse because of its template actions: the first of its most telling syntax, and what renders it. */
export interface RenderedLater extends TextRange {
  readonly tool: 'Helm' | 'Terraform' | 'Terraform or envsubst';
  readonly syntax: '{{ … }}' | '%{ … }' | '${ … }';
  /** What the file is once its actions are blanked out (a Gateway manifest, operator values), or `other`. */
  readonly kind: DocumentKind;
}

/** Each syntax, the most telling first: what renders a file with `{{ … }}` is Helm, whatever else it holds. */
const SYNTAXES = [
  { opening: '{{', tool: 'Helm', syntax: '{{ … }}' },
  { opening: '%{', tool: 'Terraform', syntax: '%{ … }' },
  { opening: '${', tool: 'Terraform or envsubst', syntax: '${ … }' },
] as const;

/** The actions outside comments (a `#` at the start of the line or after a space opens one). */
function actionsIn(text: string): TextRange[] {
  const actions: TextRange[] = [];
  for (const match of text.matchAll(ACTION)) {
    const start = match.index;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    if (/(^|\s)#/.test(text.slice(lineStart, start))) continue;
    actions.push({ start, end: start + match[0].length });
  }
  return actions;
}

/**
 * The text with each action blanked out at the same offsets: a line holding only actions becomes blank (`{{- if … }}`,
 * `{{- end }}`), an action among other text a plain scalar (`name: {{ .Values.gw }}` → `name: xxxxxxxxxxxxxxx`).
 */
function blankedOut(text: string, actions: readonly TextRange[]): string {
  const chars = text.split('');
  const inAction = new Uint8Array(text.length);
  for (const { start, end } of actions) inAction.fill(1, start, end);
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    let onlyActions = true;
    for (let i = lineStart; i < lineEnd && onlyActions; i++) onlyActions = inAction[i] === 1 || /\s/.test(text[i]);
    for (let i = lineStart; i < lineEnd; i++) if (inAction[i] === 1) chars[i] = onlyActions ? ' ' : 'x';
    lineStart = lineEnd + 1;
  }
  return chars.join('');
}

const sameErrors = (a: readonly YamlSyntaxError[], b: readonly YamlSyntaxError[]) =>
  a.length === b.length && a.every((error, i) => error.start === b[i].start && error.message === b[i].message);

/**
 * When the text's YAML syntax errors are its template actions' doing — blanked out, the text parses, or fails
 * elsewhere — the first action (outside comments) and what renders it; else undefined. An action in a comment, a
 * quoted string or a block scalar changes nothing once blanked: the errors stay, and are reported as ever.
 */
export function renderedLater(text: string, errors: readonly YamlSyntaxError[]): RenderedLater | undefined {
  if (errors.length === 0) return undefined;
  const actions = actionsIn(text);
  if (actions.length === 0) return undefined;
  const blanked = parseYaml(blankedOut(text, actions));
  if (sameErrors(blanked.syntaxErrors, errors)) return undefined;
  const kind = fileKind(blanked.documents.map((document) => classifyYamlDocument(document.root)));
  // Named after its most telling syntax (a Terraform template may hold `${…}` before its first `%{ if }`).
  for (const { opening, tool, syntax } of SYNTAXES) {
    const first = actions.find((action) => text.startsWith(opening, action.start));
    if (first) return { ...first, tool, syntax, kind };
  }
  return undefined;
}

/** What the file is, as the editor and the CLI name it: `a Gateway manifest Helm renders`, `a template Helm renders`. */
export function renderedLaterText(later: RenderedLater): string {
  const what =
    later.kind === 'gatewayManifest'
      ? 'a Gateway manifest'
      : later.kind === 'other'
        ? 'a template'
        : 'an operator values file';
  return `${what} ${later.tool} renders`;
}
