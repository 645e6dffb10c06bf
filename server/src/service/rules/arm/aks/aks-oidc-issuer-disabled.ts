// aks-oidc-issuer-disabled: an AKS cluster that runs Anyscale needs its OIDC issuer, which workload identity (the
// operator's credentials) federates through. Documented: the quickstart creates the cluster with --enable-oidc-issuer
// and its existing-cluster path requires it; AKS turns the issuer on by default only for new clusters on 1.34+.
import { propertyValue } from '../../../json/nodes';
import { knownString } from '../../../arm/value';
import { OIDC_ISSUER_DEFAULT_FROM, OIDC_ISSUER_IRREVERSIBLE } from '../../../catalog/aks';
import { enabledFlagRule } from '../../support/enabledFlag';

/** `1.34`, `1.34.2` → [1, 34]; undefined for anything else. */
function minorVersion(text: string): [number, number] | undefined {
  const match = /^v?(\d+)\.(\d+)(?:\.\d+)?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

export const aksOidcIssuerDisabled = enabledFlagRule(
  {
    code: 'aks-oidc-issuer-disabled',
    title:
      'An AKS cluster that runs Anyscale needs properties.oidcIssuerProfile.enabled: true (workload identity federates through it)',
  },
  ['oidcIssuerProfile', 'enabled'],
  (state) =>
    `${state.kind === 'false' ? 'properties.oidcIssuerProfile.enabled is false, so the OIDC issuer is off' : 'properties.oidcIssuerProfile.enabled is not set, and AKS enables the OIDC issuer by default only on new clusters running Kubernetes 1.34 or later'}: ` +
    "the Anyscale operator's managed identity is federated to its Kubernetes service account through the cluster's OIDC issuer, so without it the operator gets no Azure credentials. Set properties.oidcIssuerProfile.enabled to true, as the Anyscale quickstart does (az aks create --enable-oidc-issuer). " +
    OIDC_ISSUER_IRREVERSIBLE.sentence,
  // Absent is enabled on a new cluster whose known version is 1.34 or later.
  (context, cluster) => {
    const version = knownString(
      context.value(propertyValue(cluster.resource.properties, 'kubernetesVersion'), cluster.resource),
    );
    const parsed = version === undefined ? undefined : minorVersion(version);
    return (
      parsed !== undefined &&
      (parsed[0] > OIDC_ISSUER_DEFAULT_FROM.major ||
        (parsed[0] === OIDC_ISSUER_DEFAULT_FROM.major && parsed[1] >= OIDC_ISSUER_DEFAULT_FROM.minor))
    );
  },
);
