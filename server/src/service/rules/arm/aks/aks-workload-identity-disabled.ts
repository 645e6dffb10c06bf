// aks-workload-identity-disabled: an AKS cluster that runs Anyscale needs workload identity, the way the Anyscale
// operator gets its Azure credentials (documented: the quickstart creates the cluster with --enable-workload-identity;
// an existing cluster must have it). AKS has no default that turns it on.
import { enabledFlagRule } from '../../support/enabledFlag';

export const aksWorkloadIdentityDisabled = enabledFlagRule(
  {
    code: 'aks-workload-identity-disabled',
    title: 'An AKS cluster that runs Anyscale needs properties.securityProfile.workloadIdentity.enabled: true',
  },
  ['securityProfile', 'workloadIdentity', 'enabled'],
  (state) =>
    `${state.kind === 'false' ? 'properties.securityProfile.workloadIdentity.enabled is false, so workload identity is off' : 'properties.securityProfile.workloadIdentity.enabled is not set, so workload identity is off'}: ` +
    "the Anyscale operator's managed identity is federated to its Kubernetes service account through workload identity, so without it the operator gets no Azure credentials. Set properties.securityProfile.workloadIdentity.enabled to true, as the Anyscale quickstart does (az aks create --enable-workload-identity).",
  () => false,
);
