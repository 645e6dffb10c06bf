// Rules about the template expression language itself: what ARM rejects (syntax, undeclared names, argument
// counts, cycles) and what is declared but never used.
import type { TemplateRule } from '../../templateRule';
import { expressionSyntax } from './expression-syntax';
import { multiLineString } from './multi-line-string';
import { parameterUndefined } from './parameter-undefined';
import { variableUndefined } from './variable-undefined';
import { functionArguments } from './function-arguments';
import { variableCycle } from './variable-cycle';
import { parameterUnused } from './parameter-unused';
import { variableUnused } from './variable-unused';

export const expressionRules: readonly TemplateRule[] = [
  expressionSyntax,
  multiLineString,
  parameterUndefined,
  variableUndefined,
  functionArguments,
  variableCycle,
  parameterUnused,
  variableUnused,
];
