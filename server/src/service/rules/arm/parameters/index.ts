// Rules over a deployment parameter file, checked against the template it deploys.
import type { ParameterFileRule } from './parameterFileRule';
import { parameterFileUndeclared } from './parameter-file-undeclared';
import { parameterFileMissingRequired } from './parameter-file-missing-required';
import { parameterValueNotAllowed } from './parameter-value-not-allowed';
import { parameterValueWrongType } from './parameter-value-wrong-type';

export const parameterFileRules: readonly ParameterFileRule[] = [parameterFileUndeclared, parameterFileMissingRequired, parameterValueWrongType, parameterValueNotAllowed];
