// Renaming a parameter or variable: the declaration, every use in the template's expressions and every parameter
// file's `parameters.<name>` key change together. Only the name changes; the rest of the user's text is untouched.
import { findVariable } from '../../expressions/scopes';
import { declarationOf, usesOf, type SymbolLocation } from './symbolUses';
import type { NamedSymbol, NavigationDocument, TemplateDocument } from './symbols';

export interface RenameEdit extends SymbolLocation {
  readonly newText: string;
}

export type RenameResult =
  { readonly ok: true; readonly edits: readonly RenameEdit[] } | { readonly ok: false; readonly message: string };

/** Names ARM and its tools read as one identifier: a letter or `_`, then letters, digits and `_`. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** ARM's limit on parameter and variable name length. */
const MAX_NAME_LENGTH = 255;

/** Why a symbol cannot be renamed at all; undefined when it can. */
export function cannotRename(template: TemplateDocument, symbol: NamedSymbol): string | undefined {
  return declarationOf(template, symbol)
    ? undefined
    : `The ${symbol.kind} '${symbol.name}' is not declared in this template, so there is nothing to rename.`;
}

function invalidName(symbol: NamedSymbol, newName: string): string | undefined {
  if (!IDENTIFIER.test(newName))
    return `'${newName}' is not a valid ${symbol.kind} name: use letters, digits and underscores, starting with a letter or an underscore.`;
  if (newName.length > MAX_NAME_LENGTH)
    return `A ${symbol.kind} name can be at most ${MAX_NAME_LENGTH} characters long.`;
  if (newName.toLowerCase() === symbol.name.toLowerCase()) return undefined;
  const taken =
    symbol.kind === 'parameter'
      ? symbol.scope.parameters.get(newName.toLowerCase())?.name
      : findVariable(symbol.scope, newName) && newName;
  if (taken !== undefined)
    return `A ${symbol.kind} named '${taken}' is already declared here (names are case-insensitive in ARM).`;
  if (symbol.kind === 'variable' && newName.toLowerCase() === 'copy') return "'copy' is reserved for variable loops.";
  return undefined;
}

export function renameSymbol(
  template: TemplateDocument,
  parameterFiles: readonly NavigationDocument[],
  symbol: NamedSymbol,
  newName: string,
): RenameResult {
  const notDeclared = cannotRename(template, symbol);
  if (notDeclared) return { ok: false, message: notDeclared };
  const invalid = invalidName(symbol, newName);
  if (invalid) return { ok: false, message: invalid };
  const locations = [declarationOf(template, symbol)!, ...usesOf(template, parameterFiles, symbol)];
  return { ok: true, edits: locations.map((location) => ({ ...location, newText: newName })) };
}
