// Rules over a deployment parameter file: checked against the template it deploys, or on its own (`against: 'file'`).
import type { ParameterFileRule, ParameterFileShapeRule } from '../../parameterFileRule';
import { parameterFileUndeclared } from './parameter-file-undeclared';
import { parameterFileMissingRequired } from './parameter-file-missing-required';
import { parameterValueNotAllowed } from './parameter-value-not-allowed';
import { parameterValueWrongType } from './parameter-value-wrong-type';
import { parameterValueOutOfRange } from './parameter-value-out-of-range';
import { parameterFileValueMissing } from './parameter-file-value-missing';
import { parameterFileSchema } from './parameter-file-schema';

export const parameterFileRules: ReadonlyArray<ParameterFileRule | ParameterFileShapeRule> = [
  parameterFileUndeclared,
  parameterFileMissingRequired,
  parameterValueWrongType,
  parameterValueNotAllowed,
  parameterValueOutOfRange,
  parameterFileValueMissing,
  parameterFileSchema,
];
