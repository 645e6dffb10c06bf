// Snippets for new YAML files: Anyscale operator values for AKS (Anyscale on Azure), EKS, GKE and generic
// clusters, and the Gateway with the two HTTPS listeners Anyscale on Azure needs. Placeholders the user must
// fill in are written `<like-this>`, so the values rules flag any that are left (a unit test checks every body).
import { CONTROL_PLANES, REFERENCE_AUDIENCE, VALUE_SHAPES } from '../../catalog/chart';
import { ANYSCALE_HOSTNAMES } from '../../catalog/gateway';
import { sortKey, type CompletionEntry } from '../../features/editing';
import type { TextRange } from '../../types';

export interface YamlSnippet {
  readonly label: string;
  /** What the user types to find it (`anyscale-values-aks`): the entry's filter text. */
  readonly prefix: string;
  readonly description: string;
  /** `values` snippets go in operator values documents too; `gateway` ones only in empty documents. */
  readonly role: 'values' | 'gateway';
  /** LSP snippet syntax: `${1:placeholder}`, `${1|a,b|}`, `$0`; a literal `$` is `\$`. */
  readonly body: string;
}

const CONTROL_PLANE_CHOICE = `\${2|${CONTROL_PLANES.azure},${CONTROL_PLANES.chartDefault}|}`;
const CLOUD_RESOURCE_ID = '  cloudDeploymentId: ${1:<cloud-resource-id>}';

export const YAML_SNIPPETS: readonly YamlSnippet[] = [
  {
    label: 'Anyscale operator values: Azure (AKS)',
    prefix: 'anyscale-values-aks',
    description:
      'Operator values for an AKS cluster of Anyscale on Azure: the Azure control plane, workload identity (client ID and audience), the federated service account, and a Gateway.',
    role: 'values',
    body: [
      'global:',
      CLOUD_RESOURCE_ID,
      '  cloudProvider: azure',
      `  controlPlaneURL: ${CONTROL_PLANES.azure}`,
      '  auth:',
      "    # The operator identity's client ID, not the principal ID recorded on the cloud resource.",
      '    iamIdentity: ${2:<operator-identity-client-id>}',
      `    audience: \${3:${REFERENCE_AUDIENCE.value}}`,
      'workloads:',
      '  serviceAccount:',
      `    name: ${VALUE_SHAPES.azureWorkloadServiceAccount}`,
      'networking:',
      '  gateway:',
      '    enabled: true',
      '    name: ${4:gateway}',
      '    namespace: ${5:anyscale-operator}',
      '    className: ${6:eg}',
      '    apiVersion: gateway.networking.k8s.io/v1',
      "    # hostname: the Gateway's load balancer address (kubectl get gateway gateway -n anyscale-operator)",
      '$0',
    ].join('\n'),
  },
  {
    label: 'Anyscale operator values: EKS',
    prefix: 'anyscale-values-eks',
    description: 'Operator values for an Amazon EKS cluster: the AWS region and the IAM role the operator assumes.',
    role: 'values',
    body: [
      'global:',
      CLOUD_RESOURCE_ID,
      '  cloudProvider: aws',
      `  controlPlaneURL: ${CONTROL_PLANE_CHOICE}`,
      '  aws:',
      '    region: ${3:us-west-2}',
      '  auth:',
      '    iamIdentity: ${4:<operator-role-arn>}',
      '$0',
    ].join('\n'),
  },
  {
    label: 'Anyscale operator values: GKE',
    prefix: 'anyscale-values-gke',
    description: 'Operator values for a Google Kubernetes Engine cluster: the service account the operator uses.',
    role: 'values',
    body: [
      'global:',
      CLOUD_RESOURCE_ID,
      '  cloudProvider: gcp',
      `  controlPlaneURL: ${CONTROL_PLANE_CHOICE}`,
      '  auth:',
      '    iamIdentity: ${3:<operator-service-account-email>}',
      '$0',
    ].join('\n'),
  },
  {
    label: 'Anyscale operator values: Generic',
    prefix: 'anyscale-values-generic',
    description:
      'Operator values for a cluster without cloud workload identity: the operator authenticates with an Anyscale CLI token, passed at install time.',
    role: 'values',
    body: [
      'global:',
      CLOUD_RESOURCE_ID,
      '  cloudProvider: generic',
      `  controlPlaneURL: ${CONTROL_PLANE_CHOICE}`,
      '  auth:',
      '    # Keep the token out of this file: helm upgrade … --set-string global.auth.anyscaleCliToken=\\$ANYSCALE_CLI_TOKEN',
      '    anyscaleCliToken: ${3:<set-at-install-time>}',
      '$0',
    ].join('\n'),
  },
  {
    label: 'Gateway for Anyscale on Azure (two HTTPS listeners)',
    prefix: 'anyscale-gateway',
    description: `A Gateway API Gateway with the HTTP listener and the HTTPS listeners for ${ANYSCALE_HOSTNAMES.azure.session} (head nodes) and ${ANYSCALE_HOSTNAMES.azure.service} (services), terminating TLS with the secrets the operator creates.`,
    role: 'gateway',
    body: [
      'apiVersion: gateway.networking.k8s.io/v1',
      'kind: Gateway',
      'metadata:',
      '  name: ${1:gateway}',
      '  namespace: ${2:anyscale-operator}',
      'spec:',
      '  gatewayClassName: ${3:eg}',
      '  listeners:',
      '  - name: http',
      '    port: 80',
      '    protocol: HTTP',
      ...httpsListener('https', ANYSCALE_HOSTNAMES.azure.session, 'anyscale-${4:cldrsrc-<id>}-certificate'),
      ...httpsListener('https-session', ANYSCALE_HOSTNAMES.azure.service, 'anyscale-svc-${4}-certificate'),
      '$0',
    ].join('\n'),
  },
];

function httpsListener(name: string, hostname: string, secret: string): string[] {
  return [
    `  - name: ${name}`,
    '    port: 443',
    '    protocol: HTTPS',
    `    hostname: '${hostname}'`,
    '    allowedRoutes:',
    '      namespaces:',
    '        from: All',
    '    tls:',
    '      mode: Terminate',
    '      certificateRefs:',
    '      - kind: Secret',
    '        # The cloud resource ID with hyphens (cldrsrc_abc → cldrsrc-abc).',
    `        name: ${secret}`,
  ];
}

/** A snippet body as inserted when every placeholder keeps its default (a choice its first option). */
export function expandSnippet(body: string): string {
  const values = new Map<string, string>();
  return body.replace(
    /\\([$}\\])|\$\{(\d+):([^}]*)\}|\$\{(\d+)\|([^,|]*)[^|]*\|\}|\$\{(\d+)\}|\$(\d+)/g,
    (_, escaped, n1, text, n2, choice, n3, n4) => {
      if (escaped !== undefined) return escaped;
      if (n1 !== undefined || n2 !== undefined) {
        const value = n1 !== undefined ? text : choice;
        values.set(n1 ?? n2, value);
        return value;
      }
      return values.get(n3 ?? n4) ?? '';
    },
  );
}

/** The snippets for the top level of a document: every one in an empty document, the values ones in values. */
export function snippetEntries(role: 'values' | 'empty', replace: TextRange): CompletionEntry[] {
  return YAML_SNIPPETS.filter((snippet) => role === 'empty' || snippet.role === 'values').map((snippet, index) => ({
    label: snippet.label,
    kind: 'snippet',
    detail: `${snippet.prefix} · Anyscale on Azure Tools snippet`,
    documentation: `${snippet.description}\n\n\`\`\`yaml\n${expandSnippet(snippet.body)}\n\`\`\``,
    insertText: snippet.body,
    snippet: true,
    replace,
    filterText: snippet.prefix,
    sortText: `zz${sortKey(index)}`,
  }));
}
