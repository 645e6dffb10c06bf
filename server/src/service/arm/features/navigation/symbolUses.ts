// Where a parameter or variable is declared and everywhere it is used: every parameters('…') / variables('…')
// call of its scope (names compare case-insensitively, as in ARM), the parameter files' `parameters.<name>` keys
// for a root parameter, and the `parameters.<name>` a nested deployment passes to an inner-scoped template.
import { findProperty, propertyValue, type JsonNode } from '../../../json/nodes';
import { findVariable } from '../../expressions/scopes';
import { readParameterFile } from '../../parameterFile';
import { expressionUsage } from '../../../rules/support/expressionUsage';
import type { TextRange } from '../../../types';
import {
  argumentNameRange,
  stringContentRange,
  variableNaming,
  type NamedSymbol,
  type NavigationDocument,
  type TemplateDocument,
} from './symbols';

export interface SymbolLocation extends TextRange {
  readonly uri: string;
}

function declarationNode(symbol: NamedSymbol): JsonNode | undefined {
  if (symbol.kind === 'parameter') return symbol.scope.parameters.get(symbol.name.toLowerCase())?.keyNode;
  const variable = findVariable(symbol.scope, symbol.name);
  return variable && variableNaming(variable).nameNode;
}

/** Where the symbol is declared in the template; undefined when nothing declares it. */
export function declarationOf(template: TemplateDocument, symbol: NamedSymbol): SymbolLocation | undefined {
  const node = declarationNode(symbol);
  return node && { uri: template.uri, ...stringContentRange(template.text, node) };
}

/** Every use of the symbol, in document order per document: the template's expressions first, then the parameter files. */
export function usesOf(
  template: TemplateDocument,
  parameterFiles: readonly NavigationDocument[],
  symbol: NamedSymbol,
): SymbolLocation[] {
  const lower = symbol.name.toLowerCase();
  const out: SymbolLocation[] = [];
  for (const { site, reference } of expressionUsage(template.template).references) {
    if (reference.kind !== symbol.kind || site.scope !== symbol.scope || reference.name?.toLowerCase() !== lower)
      continue;
    out.push({ uri: template.uri, ...argumentNameRange(template.text, site.node, reference.argument) });
  }
  if (symbol.kind === 'parameter' && symbol.scope.deployment) {
    const passed = findProperty(propertyValue(symbol.scope.deployment.properties, 'parameters'), symbol.name)
      ?.children?.[0];
    if (passed) out.push({ uri: template.uri, ...stringContentRange(template.text, passed) });
  }
  out.sort((a, b) => a.start - b.start);
  if (symbol.kind === 'parameter' && symbol.scope === template.template.rootScope) {
    for (const file of parameterFiles) {
      const entry = readParameterFile(file.root).parameters.get(lower);
      if (entry) out.push({ uri: file.uri, ...stringContentRange(file.text, entry.keyNode) });
    }
  }
  return out;
}
