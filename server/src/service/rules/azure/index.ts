// Rules that compare the workspace's templates with what Azure holds, as "Connect to Azure" listed it (docs/azure.md).
// Silent until the user connects.
import type { TemplateRule } from '../templateRule';
import { cloudResourceDrift } from './cloud-resource-drift';
import { cloudResourceNotDeployed } from './cloud-resource-not-deployed';

export const azureRules: readonly TemplateRule[] = [cloudResourceDrift, cloudResourceNotDeployed];
