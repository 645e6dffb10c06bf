// Operator values for one cloud resource of the workspace index: the values.yaml its provider needs (the chart
// catalog's keys, the identity facts), filled in with what the template says. A `<placeholder>` stands only where
// Azure alone knows the value (the cloud resource ID generated at deployment, a managed identity's client ID) or
// where the template computes it at deployment; the values rules flag each one until it is replaced.
import type { GeneratedValues, IndexedCloud, IndexedCloudResource, IndexedText } from '../../../../shared/protocol';
import { parse } from 'yaml';
import { PROVIDERS, type ProviderName } from '../catalog/anyscale';
import { chartKey, CONTROL_PLANES, REFERENCE_AUDIENCE, VALUE_SHAPES } from '../catalog/chart';
import { IDENTITY_SHAPES } from '../catalog/identity';

/** The placeholders a generated file may hold: visibly placeholders (`<…>`), as values-cloud-deployment-id-invalid reads them. */
export const GENERATED_PLACEHOLDERS = {
  cloudDeploymentId: '<cloud-resource-id>',
  azureClientId: '<operator-identity-client-id>',
  cliToken: '<set-at-install-time>',
  awsRegion: '<aws-region>',
} as const;

/** Why values cannot be generated for a cloud resource, in words for the user. */
export class CannotGenerateValues extends Error {}

interface Line {
  readonly indent: number;
  readonly key: string;
  /** Absent for a section. */
  readonly value?: string;
  readonly comment?: string;
}

/** A scalar as YAML writes it: plain when that reads back as the same string, else double-quoted (JSON is YAML). */
function scalar(value: string): string {
  try {
    if (parse(value) === value) return value;
  } catch {
    // not plain YAML: quoted below
  }
  return JSON.stringify(value);
}

/** yamllint's default line-length limit: comments are wrapped to it, so a generated file passes a default yamllint. */
const COMMENT_WIDTH = 80;

/** `text` as comment lines indented by `pad`, wrapped between words at COMMENT_WIDTH; a longer word keeps its line. */
function commentLines(text: string, pad = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && pad.length + 2 + line.length + 1 + word.length > COMMENT_WIDTH) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].map((words) => `${pad}# ${words}`);
}

function render(lines: readonly Line[]): string {
  return lines
    .flatMap((line) => {
      const pad = '  '.repeat(line.indent);
      const comment = line.comment ? commentLines(line.comment, pad) : [];
      return [...comment, `${pad}${line.key}:${line.value === undefined ? '' : ` ${scalar(line.value)}`}`];
    })
    .join('\n');
}

/** The chart's spelling of a provider (`global.cloudProvider`): the API's name in lowercase, one of the chart's allowed values. */
function chartProvider(name: ProviderName): string {
  const value = name.toLowerCase();
  if (!chartKey('global.cloudProvider')?.allowed?.includes(value))
    throw new Error(`the chart has no cloudProvider for ${name}`);
  return value;
}

/** A value the template gives, or the placeholder with where the template computes it. */
function fromTemplate(
  text: IndexedText | undefined,
  placeholder: string,
  what: string,
): { value: string; comment?: string; placeholder: boolean } {
  if (text?.known && text.text.trim() !== '') return { value: text.text, placeholder: false };
  const comment = text
    ? `${what}: the template computes it at deployment (${text.text}).`
    : `${what}: the template does not set it.`;
  return { value: placeholder, comment, placeholder: true };
}

function slug(text: IndexedText): string {
  return text.known ? text.text.replace(/[^\w.-]+/g, '-') : 'unknown';
}

/** The operator values for `resource` of `cloud`; throws CannotGenerateValues when its provider is not known. */
export function generateOperatorValues(cloud: IndexedCloud, resource: IndexedCloudResource): GeneratedValues {
  const written = resource.provider;
  const provider = written?.known
    ? PROVIDERS.find((candidate) => candidate.name.toLowerCase() === written.text.trim().toLowerCase())
    : undefined;
  if (!provider) {
    const why = !written
      ? 'it has no provider'
      : written.known
        ? `its provider "${written.text}" is none of ${PROVIDERS.map((p) => p.name).join(', ')}`
        : `its provider is computed at deployment (${written.text})`;
    throw new CannotGenerateValues(`Cannot generate operator values for cloud resource ${resource.label}: ${why}.`);
  }
  const placeholders = ['global.cloudDeploymentId'];
  const global: Line[] = [
    {
      indent: 1,
      key: 'cloudDeploymentId',
      value: GENERATED_PLACEHOLDERS.cloudDeploymentId,
      comment:
        'The cloud resource ID Azure generates at deployment: the deployment output cloudResourceId, or the console.',
    },
    { indent: 1, key: 'cloudProvider', value: chartProvider(provider.name) },
    {
      indent: 1,
      key: 'controlPlaneURL',
      value: CONTROL_PLANES.azure,
      comment: `Anyscale on Azure's control plane (${CONTROL_PLANES.privateLinkExample} with Private Link).`,
    },
    { indent: 1, key: 'auth' },
  ];
  const rest: Line[] = [];
  const identityShape = provider.identity === 'none' ? undefined : IDENTITY_SHAPES[provider.identity];
  if (provider.name === 'Azure') {
    const recorded = resource.operatorIdentity?.known
      ? ` (the cloud resource records its principal ID, ${resource.operatorIdentity.text})`
      : '';
    global.push(
      {
        indent: 2,
        key: 'iamIdentity',
        value: GENERATED_PLACEHOLDERS.azureClientId,
        comment: `The client ID of the operator's managed identity${recorded}: Azure knows it, the template does not.`,
      },
      {
        indent: 2,
        key: 'audience',
        value: REFERENCE_AUDIENCE.value,
        comment: "The Anyscale control plane API (Anyscale's Microsoft Entra application).",
      },
    );
    placeholders.push('global.auth.iamIdentity');
    rest.push(
      { indent: 0, key: 'workloads' },
      { indent: 1, key: 'serviceAccount' },
      {
        indent: 2,
        key: 'name',
        value: VALUE_SHAPES.azureWorkloadServiceAccount,
        comment: "The service account federated to the operator's managed identity.",
      },
    );
  } else if (identityShape) {
    const identity = fromTemplate(resource.operatorIdentity, identityShape.placeholder, 'The operator identity');
    global.push({
      indent: 2,
      key: 'iamIdentity',
      value: identity.value,
      comment:
        identity.comment ?? `The same ${identityShape.description.replace(/^an? /, '')} the cloud resource records.`,
    });
    if (identity.placeholder) placeholders.push('global.auth.iamIdentity');
  } else {
    global.push({
      indent: 2,
      key: 'anyscaleCliToken',
      value: GENERATED_PLACEHOLDERS.cliToken,
      comment:
        'Without workload identity the operator uses a CLI token: pass it at install time (helm upgrade … --set-string global.auth.anyscaleCliToken=$ANYSCALE_CLI_TOKEN).',
    });
    placeholders.push('global.auth.anyscaleCliToken');
  }
  if (provider.name === 'AWS') {
    const region = fromTemplate(resource.region, GENERATED_PLACEHOLDERS.awsRegion, "The cluster's AWS region");
    global.push(
      { indent: 1, key: 'aws' },
      {
        indent: 2,
        key: 'region',
        value: region.value,
        comment: region.comment ?? "The cloud resource's region: the operator registers with the STS signer there.",
      },
    );
    if (region.placeholder) placeholders.push('global.aws.region');
  }
  const header = [
    ...commentLines(
      `Anyscale operator values for cloud resource ${resource.label} of cloud ${cloud.label} (provider ${provider.name}, ${provider.kubernetes}).`,
    ),
    '# Install:',
    '#   helm upgrade anyscale-operator anyscale/anyscale-operator -i \\',
    '#     --namespace anyscale-operator --create-namespace -f <this file>',
    ...(provider.name === 'Azure'
      ? commentLines(
          'On AKS, set the same keys on the Anyscale.AKS.Operator extension instead (az k8s-extension update --configuration-settings).',
        )
      : []),
    '# Replace each <placeholder> before installing.',
  ];
  return {
    content: `${header.join('\n')}\n${render([{ indent: 0, key: 'global' }, ...global, ...rest])}\n`,
    cloudProvider: chartProvider(provider.name),
    fileName: `values.${slug(cloud.name)}.${slug(resource.name)}.yaml`,
    placeholders,
  };
}
