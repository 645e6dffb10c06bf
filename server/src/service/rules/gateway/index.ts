// Rules over Gateway API manifests for Anyscale cloud resources.
import type { GatewayRule } from '../gatewayRule';
import { gatewayHostnameNotAzure } from './gateway-hostname-not-azure';
import { gatewayServiceListenerMissing } from './gateway-service-listener-missing';
import { gatewayTlsSecretInvalid } from './gateway-tls-secret-invalid';
import { gatewayCertificateMissing } from './gateway-certificate-missing';
import { gatewayValuesMismatch } from './gateway-values-mismatch';
import { gatewayDisabledInValues } from './gateway-disabled-in-values';
import { gatewayTlsSecretCloudMismatch } from './gateway-tls-secret-cloud-mismatch';

export const gatewayRules: readonly GatewayRule[] = [
  gatewayHostnameNotAzure,
  gatewayServiceListenerMissing,
  gatewayTlsSecretInvalid,
  gatewayTlsSecretCloudMismatch,
  gatewayCertificateMissing,
  gatewayValuesMismatch,
  gatewayDisabledInValues,
];
