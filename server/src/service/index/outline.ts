// What one file shows in the workspace index (docs/index.md): a template's clouds and cloud resources as each of its
// parameter files evaluates them (copy loops expanded), where each is declared and the problems its analysis found
// on it (a reading with some of the parameter files: those found whatever the file, and those found with its files;
// a copy of a loop: those found whatever the copy, and those that copy led to);
// the problems in each parameter file (its own checks run here, at its own rule levels); the AKS clusters and
// extensions the template declares; a values file's or Gateway manifest's cloud resource IDs. Built once per analysis
// from what the analysis holds. A name or value that cannot be known before deployment keeps its expression as
// written, marked unknown: never a guess.
import type { IndexRange, IndexedProblem, IndexedText, SeverityCounts } from '../../../../shared/protocol';
import { Tally } from './tally';
import { FindingsByCopy } from './copyFindings';
import type { Analysis, DocumentAnalysis, Finding, ParameterFileInput } from '../types';
import type { AnyscaleView, CloudResource } from '../arm/anyscaleView';
import type { Evaluator } from '../arm/expressions/evaluate';
import { evaluatorFor, viewFor } from '../arm/evaluators';
import { resourceNameSegments } from '../arm/resourceNameSegments';
import { isResourceType, type ArmResource } from '../arm/template';
import { knownString, literalValue, unknown, type Value } from '../arm/value';
import { OPERATOR_EXTENSION } from '../catalog/chart';
import { TLS_SECRET } from '../catalog/gateway';
import { equalsIgnoreCase, findProperty, propertyValue, type JsonNode } from '../json/nodes';
import type { LineIndex } from '../text/lineIndex';
import { checkParameterFileShape } from '../arm/checkParameterFile';
import { NO_PARAMETER_FILE } from '../arm/checkTemplate';
import type { RuleLevels } from '../rules/runner';
import { writtenPath } from '../rules/support/valuesShared';
import { applySuppressions } from '../suppression/suppress';
import { classifyYamlDocument } from '../yaml/classifyYaml';
import { gatewayManifest } from '../yaml/gatewayManifest';
import { operatorValuesOf } from '../yaml/valuesFromYaml';
import type {
  FileOutline,
  OutlinedCloud,
  OutlinedCloudResource,
  OutlinedGateway,
  OutlinedParameterFile,
  OutlinedProblems,
  OutlinedValues,
  WrittenSetting,
} from './workspaceIndex';

/** The AKS cluster resource type (Microsoft.ContainerService REST API, managedClusters). */
const AKS_CLUSTER_TYPE = 'Microsoft.ContainerService/managedClusters';

/** A finding as the index names it. */
function problemOf(finding: Pick<Finding, 'code' | 'severity' | 'message'>): IndexedProblem {
  return { code: finding.code, severity: finding.severity, message: finding.message };
}

function tallyOf(problems: Iterable<Pick<Finding, 'code' | 'severity' | 'message'>>): Tally {
  const tally = new Tally();
  for (const problem of problems) tally.add(problemOf(problem));
  return tally;
}

/** A class, like every object an analysis keeps (docs/performance.md, "Objects an analysis keeps"). */
class Shown implements IndexedText {
  constructor(
    readonly text: string,
    readonly known: boolean,
  ) {}
}

/** A value as the index shows it: known as its text, else the expression (or JSON) as written; absent: undefined. */
function shown(value: Value, node: JsonNode | undefined, text: string): IndexedText | undefined {
  if (value.known && value.value !== null && value.value !== undefined) {
    const known = value.value;
    return new Shown(
      typeof known === 'string' ? known : typeof known === 'object' ? JSON.stringify(known) : String(known),
      true,
    );
  }
  if (!node || (value.known && node.type === 'null')) return undefined;
  return new Shown(
    node.type === 'string' ? String(node.value) : text.slice(node.offset, node.offset + node.length),
    false,
  );
}

/**
 * Where nodes are in their file's JSON (`/resources/0`, a JSON pointer), each array's positions found once: jsonc-parser's
 * getNodePath looks each node up in its array, which for the 10,000 resources of one array costs a quadratic time.
 */
class Pointers {
  private readonly positions = new Map<JsonNode, Map<JsonNode, number>>();
  private readonly pointers = new Map<JsonNode, string>();

  of(node: JsonNode): string {
    let pointer = this.pointers.get(node);
    if (pointer !== undefined) return pointer;
    const parent = node.parent;
    if (!parent) pointer = '';
    else if (parent.type === 'array') pointer = `${this.of(parent)}/${this.positionIn(parent, node)}`;
    else if (parent.type === 'property') {
      const key = String(parent.children?.[0]?.value ?? '');
      pointer = `${this.of(parent.parent!)}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    } else pointer = this.of(parent);
    this.pointers.set(node, pointer);
    return pointer;
  }

  private positionIn(array: JsonNode, node: JsonNode): number {
    let positions = this.positions.get(array);
    if (!positions) {
      positions = new Map((array.children ?? []).map((child, position) => [child, position]));
      this.positions.set(array, positions);
    }
    return positions.get(node) ?? -1;
  }
}

/**
 * The findings (and syntax errors) on each owner: the innermost owner whose node holds the finding, or for a finding
 * on a value written elsewhere in the template (a parameter's default, a variable), the owner holding where it is used.
 * A syntax error outside every owner is on all of them: ARM deploys none of a template it cannot read.
 */
function findingsByOwner(
  owners: readonly JsonNode[],
  findings: readonly Finding[],
  syntaxErrors: readonly Finding[],
): Map<JsonNode, Finding[]> {
  const sorted = owners.slice().sort((a, b) => a.offset - b.offset || b.length - a.length);
  // Each owner's innermost enclosing owner (its position in `sorted`, or -1), found with a stack of the open ones.
  const enclosing = new Int32Array(sorted.length);
  const open: number[] = [];
  for (let position = 0; position < sorted.length; position++) {
    const end = sorted[position].offset + sorted[position].length;
    while (open.length > 0 && sorted[open[open.length - 1]].offset + sorted[open[open.length - 1]].length < end)
      open.pop();
    enclosing[position] = open.length > 0 ? open[open.length - 1] : -1;
    open.push(position);
  }
  const ownerAt = (start: number, end: number): number => {
    let low = 0;
    let high = sorted.length - 1;
    let candidate = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (sorted[middle].offset <= start) {
        candidate = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    while (candidate >= 0 && sorted[candidate].offset + sorted[candidate].length < end)
      candidate = enclosing[candidate];
    return candidate;
  };
  const owned = new Map<JsonNode, Finding[]>();
  const add = (owner: JsonNode, finding: Finding) => {
    const onOwner = owned.get(owner);
    if (onOwner) onOwner.push(finding);
    else owned.set(owner, [finding]);
  };
  for (const finding of findings) {
    if (finding.uri !== undefined) continue;
    let owner = ownerAt(finding.start, finding.end);
    for (const related of finding.related ?? []) {
      if (owner >= 0) break;
      if (related.uri === undefined) owner = ownerAt(related.start, related.end);
    }
    if (owner >= 0) add(sorted[owner], finding);
  }
  for (const error of syntaxErrors) {
    const owner = ownerAt(error.start, error.end);
    if (owner >= 0) add(sorted[owner], error);
    else for (const each of sorted) add(each, error);
  }
  return owned;
}

/** One reading of a cloud resource (one copy, with one run's values): its names and shown properties. */
class CloudResourceReading implements OutlinedCloudResource {
  readonly copyIndex: number | undefined;
  readonly cloud: IndexedText;
  readonly name: IndexedText;
  readonly provider: IndexedText | undefined;
  readonly region: IndexedText | undefined;
  readonly location: IndexedText | undefined;
  readonly bucket: IndexedText | undefined;
  readonly bucketRegion: IndexedText | undefined;
  readonly endpoint: IndexedText | undefined;
  readonly operatorIdentity: IndexedText | undefined;
  readonly parameterFiles: string[];
  problems: SeverityCounts;
  worst: IndexedProblem | undefined;
  readonly declaration: OutlinedProblems;

  constructor(
    readonly pointer: string,
    cloudResource: CloudResource,
    evaluator: Evaluator,
    text: string,
    readonly range: IndexRange,
    declaration: Tally,
    parameterFile: string | undefined,
  ) {
    this.problems = declaration.counts;
    this.worst = declaration.worst;
    this.declaration = { problems: declaration.counts, worst: declaration.worst };
    const { resource, declared, copyIndex } = cloudResource;
    const prop = (name: string) => {
      const read = cloudResource.prop(name);
      return shown(read.value, read.valueNode, text);
    };
    const location = cloudResource.top('location');
    const names = cloudResourceNames(resource, declared, copyIndex, evaluator, text);
    this.copyIndex = copyIndex;
    this.cloud = names.cloud;
    this.name = names.name;
    this.provider = prop('provider');
    this.region = prop('region');
    this.location = shown(location.value, location.valueNode, text);
    this.bucket = prop('cloudStorageBucketName');
    this.bucketRegion = prop('cloudStorageBucketRegion');
    this.endpoint = prop('cloudStorageBucketEndpoint');
    this.operatorIdentity = prop('anyscaleOperatorIamIdentity');
    this.parameterFiles = parameterFile === undefined ? [] : [parameterFile];
  }

  /** Shows these of its declaration's problems: those of the runs with its parameter files, and of its copy. */
  show(tally: Tally): void {
    this.problems = tally.counts;
    this.worst = tally.worst;
  }

  /** What two runs must agree on to share this reading. */
  key(): string {
    const texts = [
      this.cloud,
      this.name,
      this.provider,
      this.region,
      this.location,
      this.bucket,
      this.bucketRegion,
      this.endpoint,
      this.operatorIdentity,
    ];
    return `${this.pointer}\u0000${this.copyIndex ?? ''}\u0000${texts.map((text) => (text ? `${text.known ? '=' : '?'}${text.text}` : '')).join('\u0000')}`;
  }
}

const UNNAMED: IndexedText = new Shown('(no name)', false);

function cloudResourceNames(
  resource: ArmResource,
  declared: ArmResource,
  copyIndex: number | undefined,
  evaluator: Evaluator,
  text: string,
): { cloud: IndexedText; name: IndexedText } {
  const leaf = knownString(resource.leafName);
  const parent = knownString(resource.parentName);
  if (leaf !== undefined && parent !== undefined)
    return { cloud: new Shown(parent, true), name: new Shown(leaf, true) };
  const nameNode = declared.nameNode;
  if (declared.parent && !(knownString(literalValue(declared.typeNode)) ?? '').includes('/')) {
    // A nested child names only itself; its cloud is the resource it is declared in.
    const own = evaluator.value(nameNode, declared, copyIndex);
    const cloud =
      parent !== undefined
        ? new Shown(parent, true)
        : shown(evaluator.value(declared.parent.nameNode, declared.parent), declared.parent.nameNode, text);
    return { cloud: cloud ?? UNNAMED, name: shown(own, nameNode, text) ?? UNNAMED };
  }
  const segments = resourceNameSegments(nameNode, declared, evaluator, copyIndex);
  if (segments?.length === 2) return { cloud: segments[0], name: segments[1] };
  return {
    cloud: parent !== undefined ? new Shown(parent, true) : UNNAMED,
    name: shown(resource.name, nameNode, text) ?? UNNAMED,
  };
}

/** The template's Anyscale resources as one run (one parameter file, or none) reads them. */
interface Run {
  readonly view: AnyscaleView;
  readonly evaluator: Evaluator;
  readonly parameterFile?: string;
}

function runsOf(analysis: Analysis, parameterFiles: readonly ParameterFileInput[]): Run[] {
  const template = analysis.template!;
  const inputs: (ParameterFileInput | undefined)[] = parameterFiles.length > 0 ? [...parameterFiles] : [undefined];
  // The views the rules read (evaluators.ts); evaluated here for a version whose syntax error stopped the rules.
  return inputs.map((input) => ({
    view: viewFor(template, input),
    evaluator: evaluatorFor(template, input),
    parameterFile: input?.uri,
  }));
}

function isExtension(resource: ArmResource): boolean {
  return isResourceType(resource, OPERATOR_EXTENSION.resourceType);
}

/**
 * A value of a resource evaluated with every run (each parameter file), as the index shows it: known only when every
 * run reads it alike, else as written (one file's value is not what the others deploy). Undefined when the first run
 * finds none.
 */
function readByEveryRun(
  node: JsonNode,
  resource: ArmResource,
  runs: readonly Run[],
  text: string,
): IndexedText | undefined {
  const [value, ...others] = runs.map((run) => shown(run.evaluator.value(node, resource), node, text));
  if (!value) return undefined;
  const alike = others.every((other) => other?.known === value.known && other.text === value.text);
  return alike ? value : shown(unknown('read differently by its parameter files'), node, text);
}

/**
 * An extension's configurationSettings value at a flat key (or the pre-1.0 key), read by every run, with the key
 * written.
 */
function setting(
  resource: ArmResource,
  keys: readonly string[],
  runs: readonly Run[],
  text: string,
): WrittenSetting | undefined {
  const settings = propertyValue(resource.properties, 'configurationSettings');
  for (const key of keys) {
    const node = findProperty(settings, key)?.children?.[1];
    const value = node && readByEveryRun(node, resource, runs, text);
    if (value) return { key, value };
  }
  return undefined;
}

function outlinedProblems(problems: Iterable<Pick<Finding, 'code' | 'severity' | 'message'>>): OutlinedProblems {
  const { counts, worst } = tallyOf(problems);
  return { problems: counts, worst };
}

/**
 * A parameter file's problems, as `check` and the editor report them: its own, at `levels` (those configured where it
 * is), and those the template's run places in it (at those levels too: atParameterFileLevels), silenced by its
 * suppression comments. A value's problem the template also reports where it uses the value is one of the latter
 * here, as check and the editor list it in both files.
 */
function parameterFileOutline(
  file: ParameterFileInput,
  templateFindings: readonly Finding[],
  levels: RuleLevels | undefined,
): OutlinedParameterFile {
  const text = file.text ?? '';
  const own = new Set(checkParameterFileShape(file.root, text, levels));
  const placed = templateFindings
    .filter((finding) => finding.uri === file.uri)
    .map((finding) => ({ ...finding, uri: undefined }));
  const kept = applySuppressions(text, [...own, ...placed], { syntax: 'json', reportProblems: false });
  return {
    uri: file.uri,
    ...outlinedProblems(kept),
    own: outlinedProblems(kept.filter((finding) => own.has(finding))),
    fromTemplate: outlinedProblems(kept.filter((finding) => !own.has(finding))),
  };
}

/**
 * The outline of an ARM template's analysis; undefined when it declares nothing the index shows. `parameterFileLevels`:
 * the rule levels a parameter file's own checks run at (configured where it is), by its URI.
 */
export function templateOutline(
  analysis: Analysis,
  text: string,
  parameterFiles: readonly ParameterFileInput[],
  lines: LineIndex,
  parameterFileLevels?: (uri: string) => RuleLevels | undefined,
): FileOutline | undefined {
  const template = analysis.template;
  if (analysis.kind !== 'armTemplate' || !template) return undefined;
  const anyscaleCount = analysis.anyscale
    ? analysis.anyscale.clouds.length + analysis.anyscale.cloudResources.length
    : 0;
  const others = template.resources.filter(
    (resource) => isResourceType(resource, AKS_CLUSTER_TYPE) || isExtension(resource),
  );
  if (anyscaleCount === 0 && others.length === 0) return undefined;
  const runs = runsOf(analysis, parameterFiles);
  const [first] = runs;
  // Names and extension types as every parameter file reads them: one the files read differently is unknown, so an
  // extension whose type they disagree on is neither the operator nor KubeRay.
  const templateResources = others.map((resource) => {
    const name = (resource.nameNode && readByEveryRun(resource.nameNode, resource, runs, text)) ?? UNNAMED;
    if (!isExtension(resource)) return { kind: 'aksCluster' as const, resource, name };
    const typeNode = propertyValue(resource.properties, 'extensionType');
    const extensionType = typeNode && readByEveryRun(typeNode, resource, runs, text);
    const operator =
      extensionType?.known === true && equalsIgnoreCase(extensionType.text, OPERATOR_EXTENSION.extensionType);
    if (!operator) return { kind: 'clusterExtension' as const, resource, name, extensionType };
    return {
      kind: 'operatorExtension' as const,
      resource,
      name,
      extensionType,
      cloudDeploymentId: setting(resource, ['global.cloudDeploymentId', 'cloudDeploymentId'], runs, text),
      cloudProvider: setting(resource, ['global.cloudProvider', 'cloudProvider'], runs, text),
      operatorIdentity: setting(resource, ['global.auth.iamIdentity', 'operatorIamIdentity'], runs, text),
    };
  });
  // Every run's resources are the template's declarations (copies share theirs).
  const anchors = (resource: ArmResource) => resource.nameNode ?? resource.typeNode ?? resource.node;
  const owners = [
    ...first.view.clouds.map((cloud) => cloud.node),
    ...first.view.cloudResources.map((cloudResource) => cloudResource.declared.node),
    ...others.map((resource) => resource.node),
  ];
  const syntax: Finding[] = analysis.syntaxErrors.map((problem) => ({
    code: 'invalid-json',
    severity: 'error',
    message: problem.message,
    start: problem.start,
    end: problem.end,
  }));
  const owned = findingsByOwner(owners, analysis.findings, syntax);
  const foundOnlyWith = analysis.foundOnlyWith ?? new Map<Finding, readonly string[]>();
  const foundOnlyInCopies = analysis.foundOnlyInCopies ?? new Map<Finding, ReadonlyMap<string, readonly number[]>>();
  // The declarations some of whose problems only some of their copies led to, with the findings each copy may show.
  const heldByCopies = new Map<JsonNode, FindingsByCopy>();
  const runsFinding = (finding: Finding) => foundOnlyWith.get(finding)?.length ?? Math.max(parameterFiles.length, 1);
  if (foundOnlyInCopies.size > 0)
    for (const [node, findings] of owned)
      if (findings.some((finding) => foundOnlyInCopies.has(finding)))
        heldByCopies.set(node, new FindingsByCopy(findings, foundOnlyInCopies, runsFinding));
  // By declaration, then by the parameter files read and the copy ('' for all: each problem once whatever the files).
  const tallies = new Map<JsonNode, Map<string, Tally>>();
  /**
   * A declaration's problems as read with these parameter files (the template's run without any: none given) and, for
   * a copy of its loop, its copy: those found whatever the file (a syntax error, a literal's), and those the runs with
   * one of these files found (a value one of them gives), less those only other copies led to in those runs. All of
   * them when neither files nor copy is given, or when none depends on them.
   */
  const problemsWith = (node: JsonNode, files?: readonly string[], copyIndex?: number) => {
    const byFile = files !== undefined && foundOnlyWith.size > 0;
    const byCopy = files !== undefined && copyIndex !== undefined && heldByCopies.has(node);
    const key = `${byFile ? files.join('\u0000') : ''}${byCopy ? `\u0001${copyIndex}` : ''}`;
    let byFiles = tallies.get(node);
    if (!byFiles) tallies.set(node, (byFiles = new Map()));
    let tally = byFiles.get(key);
    if (!tally) {
      const findings = byCopy ? heldByCopies.get(node)!.of(copyIndex) : (owned.get(node) ?? []);
      const runs = files === undefined || files.length === 0 ? [NO_PARAMETER_FILE] : files;
      const foundIn = (finding: Finding, run: string) =>
        (!byFile || (foundOnlyWith.get(finding)?.includes(run) ?? true)) &&
        (!byCopy || (foundOnlyInCopies.get(finding)?.get(run)?.includes(copyIndex) ?? true));
      const read = (finding: Finding) => runs.some((run) => foundIn(finding, run));
      byFiles.set(key, (tally = tallyOf(key === '' ? findings : findings.filter(read))));
    }
    return tally;
  };
  /** A declaration's problems, each once whatever the parameter files and the copy. */
  const problemsOf = (node: JsonNode) => problemsWith(node);
  const rangeOf = (node: JsonNode): IndexRange => ({
    start: lines.positionAt(node.offset),
    end: lines.positionAt(node.offset + node.length),
  });
  const pointers = new Pointers();

  // One entry per distinct reading: parameter files that read a resource alike share it (compared only when there are several).
  const clouds = new Map<string, OutlinedCloud & { parameterFiles: string[] }>();
  const cloudResources: CloudResourceReading[] = [];
  const readingsByKey = new Map<string, CloudResourceReading>();
  for (const run of runs) {
    for (const cloud of run.view.clouds) {
      const locationNode = propertyValue(cloud.node, 'location');
      const reading = {
        pointer: pointers.of(cloud.node),
        name: shown(cloud.name, cloud.nameNode, text) ?? UNNAMED,
        location: locationNode && shown(run.evaluator.value(locationNode, cloud), locationNode, text),
      };
      const key = JSON.stringify(reading);
      const seen = clouds.get(key);
      if (seen) {
        if (run.parameterFile) seen.parameterFiles.push(run.parameterFile);
      } else {
        const { counts, worst } = problemsOf(cloud.node);
        clouds.set(key, {
          ...reading,
          range: rangeOf(anchors(cloud)),
          problems: counts,
          worst,
          parameterFiles: run.parameterFile ? [run.parameterFile] : [],
        });
      }
    }
    for (const cloudResource of run.view.cloudResources) {
      const declared = cloudResource.declared;
      const pointer = pointers.of(declared.node);
      const reading = new CloudResourceReading(
        pointer,
        cloudResource,
        run.evaluator,
        text,
        rangeOf(anchors(declared)),
        problemsOf(declared.node),
        run.parameterFile,
      );
      if (runs.length === 1) {
        cloudResources.push(reading);
        reading.show(problemsWith(declared.node, reading.parameterFiles, reading.copyIndex));
        continue;
      }
      const key = reading.key();
      const seen = readingsByKey.get(key);
      if (seen) seen.parameterFiles.push(run.parameterFile!);
      else {
        readingsByKey.set(key, reading);
        cloudResources.push(reading);
      }
      const shown = seen ?? reading;
      shown.show(problemsWith(declared.node, shown.parameterFiles, shown.copyIndex));
    }
  }
  const own = tallyOf([...analysis.findings.filter((finding) => finding.uri === undefined), ...syntax]);
  return {
    clouds: [...clouds.values()],
    cloudResources,
    templateResources: templateResources.map(({ resource, ...rest }) => {
      const { counts, worst } = problemsOf(resource.node);
      return {
        ...rest,
        pointer: pointers.of(resource.node),
        range: rangeOf(anchors(resource)),
        problems: counts,
        worst,
      };
    }),
    values: [],
    gateways: [],
    parameterFiles: parameterFiles.map((file) =>
      parameterFileOutline(file, analysis.findings, parameterFileLevels?.(file.uri)),
    ),
    problems: own.counts,
    worst: own.worst,
  };
}

/** The cloud resource ID a TLS secret name carries (`anyscale-svc-cldrsrc-abc-certificate` → `cldrsrc-abc`). */
function idOfSecret(name: string): string | undefined {
  return TLS_SECRET.pattern.exec(name)?.[2];
}

/** The outline of a YAML file's analysis (operator values, Gateway manifests); undefined when it holds neither. */
export function yamlOutline(analysis: DocumentAnalysis, text: string, lines: LineIndex): FileOutline | undefined {
  if (analysis.kind === 'other' || !analysis.yaml) return undefined;
  const rangeOf = (range: { start: number; end: number }): IndexRange => ({
    start: lines.positionAt(range.start),
    end: lines.positionAt(range.end),
  });
  const values: OutlinedValues[] = [];
  const gateways: OutlinedGateway[] = [];
  for (const document of analysis.yaml.documents) {
    const kind = classifyYamlDocument(document.root);
    if (kind === 'operatorValues' || kind === 'legacyOperatorValues') {
      const read = operatorValuesOf(text, document, kind === 'operatorValues' ? '1.x' : 'legacy');
      // Where its chart reads them: a pre-1.0 document's flat keys, a 1.x one's under global.
      const written = (path: string): WrittenSetting | undefined => {
        const key = writtenPath(read, path);
        const value = read.text(key);
        return value === undefined ? undefined : { key, value: { text: value, known: true } };
      };
      values.push({
        cloudDeploymentId: written('global.cloudDeploymentId'),
        cloudProvider: written('global.cloudProvider'),
        operatorIdentity: written('global.auth.iamIdentity'),
        range: rangeOf(read.get(writtenPath(read, 'global.cloudDeploymentId'))?.keyRange ?? read.anchor),
      });
    } else if (kind === 'gatewayManifest') {
      const manifest = gatewayManifest(text, document);
      if (!manifest) continue;
      const ids = manifest.listeners.flatMap((listener) =>
        (listener.certificateRefs ?? []).flatMap((ref) => (ref && idOfSecret(ref.value)) || []),
      );
      gateways.push({
        kind: manifest.kind,
        name: manifest.name?.value,
        namespace: manifest.namespace?.value,
        cloudResourceIds: [...new Set(ids)],
        range: rangeOf(manifest.anchor),
      });
    }
  }
  if (values.length === 0 && gateways.length === 0) return undefined;
  const syntax = analysis.syntaxErrors.map((problem) => ({
    code: 'invalid-yaml',
    severity: 'error' as const,
    message: problem.message,
  }));
  const { counts, worst } = tallyOf([...analysis.findings, ...syntax]);
  return {
    clouds: [],
    cloudResources: [],
    templateResources: [],
    values,
    gateways,
    parameterFiles: [],
    problems: counts,
    worst,
  };
}
