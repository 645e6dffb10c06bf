// Rules over the Anyscale operator's values: Helm values files, and the configurationSettings of
// Anyscale.AKS.Operator extensions in ARM templates (each rule runs on both).
import type { ValuesRule } from '../valuesRule';
import { valuesUnknownKey } from './values-unknown-key';
import { valuesWrongType } from './values-wrong-type';
import { valuesCloudDeploymentIdInvalid } from './values-cloud-deployment-id-invalid';
import { valuesValueNotAllowed } from './values-value-not-allowed';
import { valuesControlPlaneUrlTrailingSlash } from './values-control-plane-url-trailing-slash';
import { valuesControlPlaneUrlNotAzure } from './values-control-plane-url-not-azure';
import { valuesIamIdentityFormat } from './values-iam-identity-format';
import { valuesAuthAudience } from './values-auth-audience';
import { valuesCliTokenMissing } from './values-cli-token-missing';
import { valuesCliTokenInPlainText } from './values-cli-token-in-plain-text';
import { valuesDeprecatedKey } from './values-deprecated-key';
import { valuesAwsRegionMissing } from './values-aws-region-missing';
import { valuesGatewayNameMissing } from './values-gateway-name-missing';
import { valuesGatewayIpAndHostname } from './values-gateway-ip-and-hostname';
import { valuesIngressNginxEndOfLife } from './values-ingress-nginx-end-of-life';
import { valuesWorkloadServiceAccount } from './values-workload-service-account';
import { valuesLegacyKey } from './values-legacy-key';
import { valuesIamIdentityIsPrincipalId } from './values-iam-identity-is-principal-id';
import { valuesCloudProviderMismatch } from './values-cloud-provider-mismatch';
import { valuesCloudDeploymentIdNotDeployed } from './values-cloud-deployment-id-not-deployed';

export const valuesRules: readonly ValuesRule[] = [
  valuesUnknownKey,
  valuesWrongType,
  valuesCloudDeploymentIdInvalid,
  valuesValueNotAllowed,
  valuesControlPlaneUrlTrailingSlash,
  valuesControlPlaneUrlNotAzure,
  valuesIamIdentityFormat,
  valuesAuthAudience,
  valuesCliTokenMissing,
  valuesCliTokenInPlainText,
  valuesDeprecatedKey,
  valuesAwsRegionMissing,
  valuesGatewayNameMissing,
  valuesGatewayIpAndHostname,
  valuesIngressNginxEndOfLife,
  valuesWorkloadServiceAccount,
  valuesLegacyKey,
  valuesIamIdentityIsPrincipalId,
  valuesCloudProviderMismatch,
  valuesCloudDeploymentIdNotDeployed,
];
