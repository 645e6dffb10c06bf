// Which parameter or variable is at an offset: inside the quoted name of a `parameters('…')` / `variables('…')`
// call in any expression string, on a declaration's key (or a `variables.copy` loop's name) in a template, or on a
// `parameters.<name>` key of a parameter file. Ranges are the name itself, quotes excluded, in the raw JSON text
// (JSON escapes and the expression's `''` escapes counted as written).
import { findNodeAtOffset } from 'jsonc-parser';
import type { JsonNode } from '../../../json/nodes';
import type { ArmTemplate, TemplateScope } from '../../template';
import { documentRange } from '../../expressions/parse';
import { referencesIn } from '../../expressions/references';
import { allVariables, findVariable, locateScope, type VariableDeclaration } from '../../expressions/scopes';
import { readParameterFile } from '../../parameterFile';
import type { TextRange } from '../../../types';

export type SymbolKind = 'parameter' | 'variable';

export interface NavigationDocument {
  readonly uri: string;
  readonly text: string;
  readonly root: JsonNode;
}

export interface TemplateDocument extends NavigationDocument {
  readonly template: ArmTemplate;
}

/** A parameter or variable of one template scope. */
export interface NamedSymbol {
  readonly kind: SymbolKind;
  /** As declared, or as written when nothing declares it. */
  readonly name: string;
  readonly scope: TemplateScope;
}

export interface SymbolAt {
  readonly symbol: NamedSymbol;
  /** The name under the cursor, in the document the cursor is in. */
  readonly range: TextRange;
}

/** The range of a JSON string node's content (its whole decoded value), quotes excluded. */
export function stringContentRange(text: string, node: JsonNode): TextRange {
  return documentRange(text, node, 0, String(node.value).length);
}

/** The range of the name inside a parameters() / variables() call's quoted argument. */
export function argumentNameRange(
  text: string,
  node: JsonNode,
  argument: { readonly start: number; readonly end: number },
): TextRange {
  return documentRange(text, node, argument.start + 1, argument.end - argument.start - 2);
}

/** A variable's name as declared and the string node that declares it: its key, or a `variables.copy` loop's `name`. */
export function variableNaming(variable: VariableDeclaration): { readonly name: string; readonly nameNode: JsonNode } {
  return variable.kind === 'value'
    ? { name: variable.declaration.name, nameNode: variable.declaration.keyNode }
    : variable;
}

/** The declared name of a parameter or variable of a scope, when it is declared. */
export function declaredName(kind: SymbolKind, scope: TemplateScope, name: string): string | undefined {
  if (kind === 'parameter') return scope.parameters.get(name.toLowerCase())?.name;
  const variable = findVariable(scope, name);
  return variable && variableNaming(variable).name;
}

const within = (offset: number, range: TextRange) => range.start <= offset && offset <= range.end;

function referenceAt(document: TemplateDocument, node: JsonNode, offset: number): SymbolAt | undefined {
  const located = locateScope(document.template, node);
  // A user-defined function's parameters() names the function's own parameters, not the template's.
  if (!located || located.functionParameters) return undefined;
  for (const reference of referencesIn(node)) {
    if (reference.name === undefined) continue;
    const range = argumentNameRange(document.text, node, reference.argument);
    if (!within(offset, range)) continue;
    const name = declaredName(reference.kind, located.scope, reference.name) ?? reference.name;
    return { symbol: { kind: reference.kind, name, scope: located.scope }, range };
  }
  return undefined;
}

function declarationAt(document: TemplateDocument, node: JsonNode): SymbolAt | undefined {
  for (const scope of document.template.scopes) {
    for (const declaration of scope.parameters.values()) {
      if (declaration.keyNode === node)
        return {
          symbol: { kind: 'parameter', name: declaration.name, scope },
          range: stringContentRange(document.text, node),
        };
    }
    for (const variable of allVariables(scope)) {
      const { name, nameNode } = variableNaming(variable);
      if (nameNode === node)
        return { symbol: { kind: 'variable', name, scope }, range: stringContentRange(document.text, node) };
    }
  }
  return undefined;
}

/** The parameter or variable at an offset of a template. */
export function symbolInTemplate(document: TemplateDocument, offset: number): SymbolAt | undefined {
  const node = findNodeAtOffset(document.root, offset, true);
  if (!node || node.type !== 'string') return undefined;
  return referenceAt(document, node, offset) ?? declarationAt(document, node);
}

/** The template parameter a parameter file's `parameters.<name>` key at an offset gives a value for. */
export function symbolInParameterFile(
  parameterFile: NavigationDocument,
  template: TemplateDocument,
  offset: number,
): SymbolAt | undefined {
  const node = findNodeAtOffset(parameterFile.root, offset, true);
  if (!node || node.type !== 'string') return undefined;
  for (const entry of readParameterFile(parameterFile.root).parameters.values()) {
    if (entry.keyNode !== node) continue;
    const scope = template.template.rootScope;
    return {
      symbol: { kind: 'parameter', name: declaredName('parameter', scope, entry.name) ?? entry.name, scope },
      range: stringContentRange(parameterFile.text, node),
    };
  }
  return undefined;
}
