// Assembles the files' outlines (./outline) into the workspace's clouds: a cloud by its evaluated name (a cloud declared
// in several templates is one cloud, names compared ignoring case as ARM does; a name not known before deployment stays
// its template's own), its cloud resources with their problems, and under each the files related to it where that is
// knowable (docs/index.md, "Related files"). A cloud counts the problems of its declarations and of the parameter files
// they are read with. What the Cloud Resources tree draws and `anyscale-azure index` prints.
import type {
  IndexLocation,
  IndexRange,
  IndexTooltipRow,
  IndexedCloud,
  IndexedCloudResource,
  IndexedFile,
  IndexedFileKind,
  IndexedProblem,
  IndexedRelation,
  IndexedText,
  SeverityCounts,
} from '../../../../shared/protocol';
import { armStringLiteral } from '../arm/expressions/lexical';
import { baseName } from '../text/baseName';
import { CLOUD_RESOURCE_TYPE, PRIMARY_CLOUD_RESOURCE_NAME } from '../catalog/anyscale';
import { NO_PROBLEMS, Tally } from './tally';
import { cloudResourcesFor, type ValuesMatch } from './valuesMatch';
import type {
  FileOutline,
  OutlinedCloudResource,
  OutlinedProblems,
  OutlinedTemplateResource,
  OutlinedValues,
  WrittenSetting,
} from './workspaceIndex';

const FILE_START: IndexRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * What runs on a cloud resource (cloud-resources-overview, "Workload support"; image builds: "Managed container image
 * builds run on the cloud's primary cloud resource").
 */
const WORKLOADS = {
  jobs: 'jobs (on any cloud resource, with fallback across several)',
  workspaces: 'workspaces (on one cloud resource, no fallback)',
  services: 'services and managed image builds (the primary cloud resource only)',
  servicesIfPrimary: 'services and managed image builds, if its name is default (the primary)',
};

function workloadsOf(name: IndexedText, primary: boolean): string[] {
  if (primary) return [WORKLOADS.services, WORKLOADS.workspaces, WORKLOADS.jobs];
  return name.known
    ? [WORKLOADS.workspaces, WORKLOADS.jobs]
    : [WORKLOADS.workspaces, WORKLOADS.jobs, WORKLOADS.servicesIfPrimary];
}

/** A URI (or part of one) decoded for display; a malformed escape (`%zz`) is shown as written instead of throwing. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function basename(uri: string): string {
  return decoded(baseName(uri));
}

/** The folder of a URI or a path (separated by slashes or, in a Windows path the CLI reads, backslashes), separator included. */
export function folderOf(uri: string): string {
  return uri.slice(0, Math.max(uri.lastIndexOf('/'), uri.lastIndexOf('\\')) + 1);
}

/** A cloud resource ID as both spellings compare: `cldrsrc_abc` (values) and `cldrsrc-abc` (TLS secret names). */
export function normalizedId(id: string): string {
  return id.toLowerCase().replace(/_/g, '-');
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function row(label: string, value: IndexedText | undefined): IndexTooltipRow[] {
  return value ? [{ label, value: value.text, known: value.known }] : [];
}

/** An operator value's row, labelled with the key it is written in. */
function settingRow(setting: WrittenSetting | undefined): IndexTooltipRow[] {
  return setting ? row(setting.key, setting.value) : [];
}

/** An expression argument: a known segment quoted, an unknown one as its expression without the brackets. */
function argument(text: IndexedText): string {
  return !text.known && text.text.startsWith('[') && text.text.endsWith(']')
    ? text.text.slice(1, -1)
    : armStringLiteral(text.text);
}

/** A file, or a resource of a template, that can be listed under a cloud resource. */
interface Relatable {
  readonly kind: IndexedFileKind;
  readonly uri: string;
  /** What identifies it within its file (a resource's JSON pointer, a document's position). */
  readonly key: string;
  readonly label: string;
  readonly details: string[];
  readonly problems: SeverityCounts;
  readonly worst?: IndexedProblem;
  readonly reveal: IndexLocation;
  readonly cloudDeploymentId?: WrittenSetting;
  readonly cloudProvider?: WrittenSetting;
  /** A cluster extension's type (the operator's is known by its kind). */
  readonly extensionType?: IndexedText;
  /**
   * The operator values it carries, one set per YAML document (an extension's settings are one): which cloud resources
   * it is for. Absent for what carries none (a template, a Gateway manifest): listed under every cloud resource, unless
   * it is placed with values (below).
   */
  readonly values?: readonly OutlinedValues[];
  /**
   * What carries the operator values it is listed with: a Gateway manifest's file's values, when the file holds some
   * (inferred: a manifest names no provider, and is taken to serve the cloud resources its file's values are for).
   */
  readonly placedWith?: Relatable;
  /** The cloud resource IDs it names, normalized. */
  readonly ids: readonly string[];
  readonly tooltip: IndexTooltipRow[];
}

const KIND_WORDS: Record<IndexedFileKind, string> = {
  template: 'template',
  parameterFile: 'parameter file',
  aksCluster: 'AKS cluster',
  clusterExtension: 'cluster extension',
  operatorExtension: 'operator extension',
  valuesFile: 'operator values',
  gatewayManifest: 'Gateway manifest',
};

const RELATION_WORDS: Record<IndexedRelation, string> = {
  declares: 'declares it',
  parameters: 'parameters',
  sameTemplate: 'same template',
  sameFolder: 'same folder',
  sameCloudResourceId: 'same cloud resource ID',
};

function templateResourceRelatable(uri: string, resource: OutlinedTemplateResource): Relatable {
  const id = resource.cloudDeploymentId;
  return {
    kind: resource.kind,
    uri,
    key: resource.pointer,
    label: resource.name.text,
    details: [
      KIND_WORDS[resource.kind],
      ...(resource.extensionType && resource.kind === 'clusterExtension' ? [resource.extensionType.text] : []),
    ],
    problems: resource.problems,
    worst: resource.worst,
    reveal: { uri, range: resource.range },
    cloudDeploymentId: id,
    cloudProvider: resource.cloudProvider,
    ...(resource.kind === 'clusterExtension' && resource.extensionType && { extensionType: resource.extensionType }),
    ...(resource.kind === 'operatorExtension' && { values: [resource] }),
    ids: id?.value.known ? [normalizedId(id.value.text)] : [],
    tooltip: [
      ...row('Extension type', resource.extensionType),
      ...settingRow(id),
      ...settingRow(resource.cloudProvider),
      // What, with the provider, decides which cloud resources it is listed under (valuesMatch.ts).
      ...settingRow(resource.operatorIdentity),
    ],
  };
}

/** The cloud resource IDs documents of operator values name, normalized. */
function idsOf(documents: readonly OutlinedValues[]): string[] {
  return documents.flatMap((values) =>
    values.cloudDeploymentId?.value.known ? [normalizedId(values.cloudDeploymentId.value.text)] : [],
  );
}

/** The values files and Gateway manifests of one file, and its operator extensions, as they can be related. */
function relatablesOf(uri: string, outline: FileOutline): Relatable[] {
  const out: Relatable[] = [];
  let values: Relatable | undefined;
  if (outline.values.length > 0) {
    const ids = idsOf(outline.values);
    const first = outline.values[0];
    const several = outline.values.length > 1;
    values = {
      kind: 'valuesFile',
      uri,
      key: '',
      label: basename(uri),
      details: [KIND_WORDS.valuesFile],
      problems: outline.problems,
      worst: outline.worst,
      reveal: { uri, range: first.range },
      cloudDeploymentId: first.cloudDeploymentId,
      cloudProvider: first.cloudProvider,
      values: outline.values,
      ids,
      // Each document's, numbered when there are several: each is a set of values of its own.
      tooltip: outline.values.flatMap((values, at) =>
        [
          ...settingRow(values.cloudDeploymentId),
          ...settingRow(values.cloudProvider),
          ...settingRow(values.operatorIdentity),
        ].map((setting) => (several ? { ...setting, label: `${setting.label} (document ${at + 1})` } : setting)),
      ),
    };
    out.push(values);
  }
  if (outline.gateways.length > 0) {
    const gateway = outline.gateways.find((manifest) => manifest.kind === 'Gateway') ?? outline.gateways[0];
    // A file of values and manifests counts its problems once, on its values.
    out.push({
      kind: 'gatewayManifest',
      uri,
      key: '',
      label: basename(uri),
      details: [KIND_WORDS.gatewayManifest],
      problems: outline.values.length > 0 ? NO_PROBLEMS : outline.problems,
      worst: outline.values.length > 0 ? undefined : outline.worst,
      reveal: { uri, range: gateway.range },
      ids: [...new Set(outline.gateways.flatMap((manifest) => manifest.cloudResourceIds.map(normalizedId)))],
      tooltip: outline.gateways.map((manifest) => {
        const value = `${manifest.name ?? '(no name)'}${manifest.namespace ? ` in ${manifest.namespace}` : ''}`;
        return { label: manifest.kind, value, known: true };
      }),
      ...(values && { placedWith: values }),
    });
  }
  for (const resource of outline.templateResources)
    if (resource.kind === 'operatorExtension') out.push(templateResourceRelatable(uri, resource));
  return out;
}

/**
 * What a row adds under one cloud resource: why operator values are listed though they match none of the template's
 * cloud resources, or which documents of a values file are for this one.
 */
interface Remark {
  readonly description?: string;
  readonly row: IndexTooltipRow;
}

function fileNode(parentId: string, relatable: Relatable, relation: IndexedRelation, remark?: Remark): IndexedFile {
  return {
    id: `${parentId}|${relatable.kind}:${relatable.uri}${relatable.key ? `#${relatable.key}` : ''}`,
    kind: relatable.kind,
    relation,
    uri: relatable.uri,
    label: relatable.label,
    description: [...relatable.details, RELATION_WORDS[relation], ...(remark?.description ? [remark.description] : [])],
    problems: relatable.problems,
    ...(relatable.worst ? { worst: relatable.worst } : {}),
    reveal: relatable.reveal,
    tooltip: [
      { label: 'File', value: decoded(relatable.uri), known: true },
      ...relatable.tooltip,
      ...(remark ? [remark.row] : []),
    ],
    ...(relatable.cloudDeploymentId ? { cloudDeploymentId: relatable.cloudDeploymentId.value } : {}),
    ...(relatable.cloudProvider ? { cloudProvider: relatable.cloudProvider.value } : {}),
    ...(relatable.extensionType ? { extensionType: relatable.extensionType } : {}),
  };
}

/**
 * What a row of values that match none of the template's cloud resources says: the provider they name and theirs.
 * Listed under each of them all the same, so that a mismatch (values-cloud-provider-mismatch) stays in view.
 */
function unmatchedNote(
  documents: readonly NoMatch[],
  templateUri: string,
  resources: readonly OutlinedCloudResource[],
): Remark {
  const template = basename(templateUri);
  const providers = [...new Set(resources.flatMap((resource) => (resource.provider ? [resource.provider.text] : [])))];
  const theirs = documents.map(
    ({ cloudProvider }, at) =>
      `${documents.length > 1 ? `document ${at + 1}'s ` : ''}${cloudProvider.key} is ${cloudProvider.value.text}`,
  );
  return {
    description: `matches none of ${template}'s cloud resources`,
    row: {
      label: 'Matches',
      value: `none of ${template}'s cloud resources: ${theirs.join(', ')}, their providers ${providers.join(', ')}`,
      known: true,
    },
  };
}

type DocumentMatch = ValuesMatch<OutlinedCloudResource>;
type NoMatch = Extract<DocumentMatch, { matches: 'none' }>;

/**
 * Where operator values (a values file, an operator extension) are listed among a template's cloud resources: the
 * cloud resources each document is for (valuesMatch.ts); when no document is for any of them, under each, with a note.
 */
interface Placement {
  readonly values: readonly OutlinedValues[];
  readonly byDocument: readonly DocumentMatch[];
  readonly note?: Remark;
}

function placementOf(
  values: readonly OutlinedValues[],
  templateUri: string,
  resources: readonly OutlinedCloudResource[],
): Placement {
  const byDocument = values.map((document) => cloudResourcesFor(document, resources));
  if (byDocument.every((match): match is NoMatch => match.matches === 'none'))
    return { values, byDocument, note: unmatchedNote(byDocument, templateUri, resources) };
  return { values, byDocument };
}

/** The row of a Gateway manifest in a file of operator values, listed where they are: an inference, said so. */
const WITH_ITS_FILES_VALUES: Remark = {
  description: 'with its values (inferred)',
  row: {
    label: 'Matches',
    value:
      "listed with its file's operator values (inferred: a Gateway manifest names no provider or operator identity, " +
      'so it is taken to serve the cloud resources its values are for)',
    known: true,
  },
};

/**
 * The row of a Gateway manifest in a file of its own, in another folder than the template's, listed where the one values
 * file of its folder is: an inference, said so.
 */
function withTheValuesBeside(values: Relatable): Remark {
  return {
    description: `with ${values.label} (inferred)`,
    row: {
      label: 'Matches',
      value:
        `listed with ${values.label}, the operator values in its folder (inferred: a Gateway manifest names no provider ` +
        'or operator identity, so it is taken to serve the cloud resource of the one values file beside it)',
      known: true,
    },
  };
}

/**
 * The operator values a Gateway manifest in another folder than the template's goes with, where they are related by
 * their cloud resource ID: its file's; in a file of its own, the one values file of its folder when each of its
 * documents names the same cloud resource ID (the pairing gateway-tls-secret-cloud-mismatch reads, valuesBeside in
 * rules/support/secretCloudResource.ts); else none.
 */
function valuesItGoesWith(gateway: Relatable, folder: readonly Relatable[]): [Relatable, Remark] | undefined {
  if (gateway.placedWith) return [gateway.placedWith, WITH_ITS_FILES_VALUES];
  const valuesFiles = folder.filter((relatable) => relatable.kind === 'valuesFile');
  if (valuesFiles.length !== 1) return undefined;
  const [values] = valuesFiles;
  const documents = values.values ?? [];
  const ids = new Set(
    documents.map(({ cloudDeploymentId: id }) => (id?.value.known ? normalizedId(id.value.text) : undefined)),
  );
  return ids.size === 1 && !ids.has(undefined) ? [values, withTheValuesBeside(values)] : undefined;
}

/**
 * A values file of several documents as listed under a cloud resource some of them are for: revealing the first of
 * them, with its cloudDeploymentId and cloudProvider, relating the files that name their IDs, and a row naming them.
 */
function forDocuments(
  relatable: Relatable,
  values: readonly OutlinedValues[],
  documents: readonly number[],
): { relatable: Relatable; remark: Remark } {
  const first = values[documents[0]];
  const named = documents.map((at) => at + 1);
  return {
    relatable: {
      ...relatable,
      reveal: { uri: relatable.uri, range: first.range },
      cloudDeploymentId: first.cloudDeploymentId,
      cloudProvider: first.cloudProvider,
      ids: idsOf(documents.map((at) => values[at])),
    },
    remark: {
      row: {
        label: 'For this cloud resource',
        value: `document${named.length > 1 ? 's' : ''} ${named.join(', ')} of ${values.length}`,
        known: true,
      },
    },
  };
}

interface CloudBuild {
  readonly cloud: IndexedCloud;
  readonly problems: Tally;
  /**
   * What was counted into the cloud's problems, each once: a declaration (a resource read with several parameter
   * files) and a parameter file's problems.
   */
  readonly counted: Set<string>;
}

/** Adds problems to the cloud's, unless those under this key are counted already. */
function countOnce(build: CloudBuild, key: string, problems: OutlinedProblems): void {
  if (build.counted.has(key)) return;
  build.counted.add(key);
  build.problems.merge(problems.problems, problems.worst);
}

/** A cloud's id: by its name when known (ignoring case), else by its template and expression. */
function cloudId(name: IndexedText, uri: string): string {
  return name.known ? `cloud:${name.text.toLowerCase()}` : `cloud:${uri}#${name.text}`;
}

function newCloud(id: string, name: IndexedText, reveal: IndexLocation): CloudBuild {
  const problems = new Tally();
  const cloud: IndexedCloud = {
    id,
    kind: 'cloud',
    label: name.text,
    description: [],
    problems: problems.counts,
    reveal,
    tooltip: [],
    name,
    declaredIn: [],
    cloudResources: [],
  };
  return { cloud, problems, counted: new Set() };
}

function cloudResourceNode(
  cloud: IndexedCloud,
  uri: string,
  outlined: OutlinedCloudResource,
  files: IndexedFile[],
): IndexedCloudResource {
  const {
    name,
    provider,
    region,
    location,
    bucket,
    bucketRegion,
    endpoint,
    operatorIdentity,
    copyIndex,
    parameterFiles,
  } = outlined;
  const primary = name.known && name.text.toLowerCase() === PRIMARY_CLOUD_RESOURCE_NAME;
  const copy = copyIndex === undefined ? '' : `[${copyIndex}]`;
  const id = `cloudResource:${uri}#${outlined.pointer}${copy}${parameterFiles.length > 0 ? `@${parameterFiles.map(basename).join(',')}` : ''}`;
  const workloads = workloadsOf(name, primary);
  const description = [
    ...(provider ? [provider.text] : []),
    ...(region ? [region.text] : []),
    ...(primary ? ['primary'] : []),
    ...(copyIndex === undefined ? [] : [`copyIndex ${copyIndex}`]),
    ...(parameterFiles.length > 0 ? [`with ${parameterFiles.map(basename).join(', ')}`] : []),
  ];
  return {
    id,
    kind: 'cloudResource',
    cloudId: cloud.id,
    label: name.text,
    description,
    problems: outlined.problems,
    ...(outlined.worst ? { worst: outlined.worst } : {}),
    reveal: { uri, range: outlined.range },
    tooltip: [
      ...row('Cloud', cloud.name),
      ...row('Provider', provider),
      ...row('Region', region),
      ...row('Location', location),
      ...row('Bucket', bucket),
      ...row('Bucket region', bucketRegion),
      ...row('Endpoint', endpoint),
      ...row('Operator identity', operatorIdentity),
      { label: 'Runs', value: workloads.join('; '), known: true },
    ],
    name,
    primary,
    ...(provider && { provider }),
    ...(region && { region }),
    ...(location && { location }),
    ...(bucket && { bucket }),
    ...(bucketRegion && { bucketRegion }),
    ...(endpoint && { endpoint }),
    ...(operatorIdentity && { operatorIdentity }),
    ...(copyIndex === undefined ? {} : { copyIndex }),
    parameterFiles: [...parameterFiles],
    resourceIdExpression: `[resourceId('${CLOUD_RESOURCE_TYPE}', ${argument(cloud.name)}, ${argument(name)})]`,
    workloads,
    files,
  };
}

/** Known names first, each group by label ignoring case, then by id. */
function byLabel(a: IndexedCloud, b: IndexedCloud): number {
  return (
    Number(b.name.known) - Number(a.name.known) ||
    a.label.toLowerCase().localeCompare(b.label.toLowerCase()) ||
    a.id.localeCompare(b.id)
  );
}

/** The workspace's clouds from its files' outlines (URI → outline), in a stable order. */
export function cloudTree(files: ReadonlyArray<readonly [string, FileOutline]>): IndexedCloud[] {
  const sorted = [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const relatables = sorted.flatMap(([uri, outline]) => relatablesOf(uri, outline));
  const byFolder = new Map<string, Relatable[]>();
  const byId = new Map<string, Relatable[]>();
  for (const relatable of relatables) {
    const folder = folderOf(relatable.uri);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), relatable]);
    for (const id of relatable.ids) byId.set(id, [...(byId.get(id) ?? []), relatable]);
  }
  /** The Gateway manifests listed with operator values where those are related by ID, each with its remark. */
  const gatewaysWith = new Map<Relatable, [Relatable, Remark][]>();
  for (const gateway of relatables) {
    if (gateway.kind !== 'gatewayManifest') continue;
    const goesWith = valuesItGoesWith(gateway, byFolder.get(folderOf(gateway.uri)) ?? []);
    if (goesWith) gatewaysWith.set(goesWith[0], [...(gatewaysWith.get(goesWith[0]) ?? []), [gateway, goesWith[1]]]);
  }
  const clouds = new Map<string, CloudBuild>();
  /** The cloud of that name, created at the first place that names it. */
  const cloudNamed = (name: IndexedText, uri: string, range: IndexRange) => {
    const id = cloudId(name, uri);
    let build = clouds.get(id);
    if (!build) clouds.set(id, (build = newCloud(id, name, { uri, range })));
    return build;
  };

  for (const [uri, outline] of sorted) {
    const parameterProblems = new Map(outline.parameterFiles.map((file) => [file.uri, file]));
    /** Counts in the cloud the problems of the parameter files that give it this reading, each once. */
    const countParameterFiles = (build: CloudBuild, files: readonly string[]) => {
      for (const file of files) {
        const outlined = parameterProblems.get(file);
        if (!outlined) continue;
        // Its own problems once whichever templates read it; what a template's run found in it, once per template.
        countOnce(build, `parameters:${file}`, outlined.own);
        countOnce(build, `${uri}#parameters:${file}`, outlined.fromTemplate);
      }
    };
    for (const declared of outline.clouds) {
      const build = cloudNamed(declared.name, uri, declared.range);
      build.cloud.declaredIn.push({ uri, range: declared.range });
      if (!build.cloud.location && declared.location) build.cloud.location = declared.location;
      countOnce(build, `${uri}#${declared.pointer}`, declared);
      countParameterFiles(build, declared.parameterFiles);
    }
    if (outline.cloudResources.length === 0) continue;
    // What every cloud resource of this template is related to, whichever it is.
    const template: Relatable = {
      kind: 'template',
      uri,
      key: '',
      label: basename(uri),
      details: [KIND_WORDS.template],
      problems: outline.problems,
      worst: outline.worst,
      reveal: { uri, range: FILE_START },
      ids: [],
      tooltip: [],
    };
    const sameTemplate = outline.templateResources.map((resource) => templateResourceRelatable(uri, resource));
    const sameFolder = (byFolder.get(folderOf(uri)) ?? []).filter((relatable) => relatable.uri !== uri);
    // Of what carries operator values (an operator extension, here or beside; a values file), where it is listed.
    const placements = new Map(
      [...sameTemplate, ...sameFolder].flatMap((relatable) =>
        relatable.values ? [[relatable, placementOf(relatable.values, uri, outline.cloudResources)] as const] : [],
      ),
    );

    for (const outlined of outline.cloudResources) {
      const build = cloudNamed(outlined.cloud, uri, outlined.range);
      countOnce(build, `${uri}#${outlined.pointer}`, outlined.declaration);
      countParameterFiles(build, outlined.parameterFiles);
      const parameterFiles: Relatable[] = outlined.parameterFiles.map((file) => ({
        kind: 'parameterFile',
        uri: file,
        key: '',
        label: basename(file),
        details: [KIND_WORDS.parameterFile],
        problems: parameterProblems.get(file)?.problems ?? NO_PROBLEMS,
        worst: parameterProblems.get(file)?.worst,
        reveal: { uri: file, range: FILE_START },
        ids: [],
        tooltip: [],
      }));
      const node = cloudResourceNode(build.cloud, uri, outlined, []);
      /** Its row under this cloud resource, or none when its values are for others of the template's. */
      const documentsHere = ({ byDocument }: Placement) =>
        byDocument.flatMap((match, at) => (match.matches === 'some' && match.resources.has(outlined) ? [at] : []));
      const listed = (relatable: Relatable, relation: IndexedRelation): [Relatable, IndexedFile][] => {
        const withValues = relatable.placedWith && placements.get(relatable.placedWith);
        if (withValues)
          return withValues.note || documentsHere(withValues).length > 0
            ? [[relatable, fileNode(node.id, relatable, relation, WITH_ITS_FILES_VALUES)]]
            : [];
        const placement = placements.get(relatable);
        if (!placement || placement.note) return [[relatable, fileNode(node.id, relatable, relation, placement?.note)]];
        const documents = documentsHere(placement);
        if (documents.length === 0) return [];
        if (placement.byDocument.length === 1) return [[relatable, fileNode(node.id, relatable, relation)]];
        const shown = forDocuments(relatable, placement.values, documents);
        return [[shown.relatable, fileNode(node.id, shown.relatable, relation, shown.remark)]];
      };
      const templateFiles = sameTemplate.flatMap((relatable) => listed(relatable, 'sameTemplate'));
      const folderFiles = sameFolder.flatMap((relatable) => listed(relatable, 'sameFolder'));
      const ids = new Set([...templateFiles, ...folderFiles].flatMap(([relatable]) => relatable.ids));
      const sameId: Relatable[] = [];
      for (const relatable of [...ids].flatMap((id) => byId.get(id) ?? [])) {
        if (relatable.uri !== uri && !sameFolder.includes(relatable) && !sameId.includes(relatable))
          sameId.push(relatable);
      }
      /** A values file of several documents reveals, and offers, those that name an ID of this cloud resource's. */
      const relatedById = (relatable: Relatable): IndexedFile => {
        const values = relatable.kind === 'valuesFile' ? (relatable.values ?? []) : [];
        if (values.length < 2) return fileNode(node.id, relatable, 'sameCloudResourceId');
        const documents = values.flatMap((document, at) => (idsOf([document]).some((id) => ids.has(id)) ? [at] : []));
        const shown = forDocuments(relatable, values, documents);
        return fileNode(node.id, shown.relatable, 'sameCloudResourceId', shown.remark);
      };
      // Each Gateway manifest that goes with values listed here, right after them, unless its own ID lists it already.
      const sameIdFiles = sameId.flatMap((relatable) => [
        relatedById(relatable),
        ...(gatewaysWith.get(relatable) ?? [])
          .filter(([gateway]) => !sameId.includes(gateway))
          .map(([gateway, remark]) => fileNode(node.id, gateway, 'sameCloudResourceId', remark)),
      ]);
      const files = [
        fileNode(node.id, { ...template, reveal: { uri, range: outlined.range } }, 'declares'),
        ...parameterFiles.map((file) => fileNode(node.id, file, 'parameters')),
        ...templateFiles.map(([, file]) => file),
        ...folderFiles.map(([, file]) => file),
        ...sameIdFiles,
      ];
      build.cloud.cloudResources.push({ ...node, files });
    }
  }

  for (const { cloud, problems } of clouds.values()) {
    if (problems.worst) cloud.worst = problems.worst;
    cloud.reveal = cloud.declaredIn[0] ?? cloud.reveal; // a declaration, else the first cloud resource that names it
    cloud.description = [
      ...(cloud.location ? [cloud.location.text] : []),
      plural(cloud.cloudResources.length, 'cloud resource'),
    ];
    cloud.tooltip = [
      ...row('Cloud', cloud.name),
      ...row('Location', cloud.location),
      {
        label: 'Declared in',
        value:
          cloud.declaredIn.length > 0
            ? [...new Set(cloud.declaredIn.map((at) => basename(at.uri)))].join(', ')
            : 'no template in the workspace (its cloud resources name it)',
        known: true,
      },
    ];
  }
  return [...clouds.values()].map(({ cloud }) => cloud).sort(byLabel);
}
