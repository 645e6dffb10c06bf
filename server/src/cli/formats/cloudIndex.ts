// `anyscale-azure index` output: `--format json`, the stable shape docs/cli.md documents (lines 1-based, a cloud
// resource named by its own segment), and the default text, a readable tree of clouds, cloud resources and files.
import type { IndexedCloud, IndexedCloudResource, IndexedText, SeverityCounts } from '../../../../shared/protocol';
import type { CliRun } from '../report';

const value = (text: IndexedText | undefined) => text?.text ?? null;

/** The fields (of those given) whose text is an ARM expression, not a value. */
function unknownFields(fields: Record<string, IndexedText | undefined>): string[] {
  return Object.entries(fields).flatMap(([name, text]) => (text && !text.known ? [name] : []));
}

function resourceJson(resource: IndexedCloudResource, run: IndexRun) {
  const where = resource.reveal!;
  return {
    name: resource.name.text,
    provider: value(resource.provider),
    region: value(resource.region),
    location: value(resource.location),
    primary: resource.primary,
    file: run.displayOf(where.uri),
    line: where.range.start.line + 1,
    problems: resource.problems,
    unknown: unknownFields({
      name: resource.name,
      provider: resource.provider,
      region: resource.region,
      location: resource.location,
      bucket: resource.bucket,
      bucketRegion: resource.bucketRegion,
      endpoint: resource.endpoint,
      operatorIdentity: resource.operatorIdentity,
    }),
    bucket: value(resource.bucket),
    bucketRegion: value(resource.bucketRegion),
    endpoint: value(resource.endpoint),
    operatorIdentity: value(resource.operatorIdentity),
    copyIndex: resource.copyIndex ?? null,
    parameterFiles: resource.parameterFiles.map(run.displayOf),
    resourceIdExpression: resource.resourceIdExpression,
    files: resource.files.map((file) => ({
      kind: file.kind,
      relation: file.relation,
      name: file.label,
      file: run.displayOf(file.uri),
      line: (file.reveal?.range.start.line ?? 0) + 1,
      problems: file.problems,
    })),
  };
}

function cloudJson(cloud: IndexedCloud, run: IndexRun) {
  return {
    name: cloud.name.text,
    location: value(cloud.location),
    declaredIn: cloud.declaredIn.map((at) => ({ file: run.displayOf(at.uri), line: at.range.start.line + 1 })),
    cloudResources: cloud.cloudResources.map((resource) => resourceJson(resource, run)),
    unknown: unknownFields({ name: cloud.name, location: cloud.location }),
    problems: cloud.problems,
  };
}

export interface IndexRun {
  readonly clouds: IndexedCloud[];
  readonly problems: CliRun['problems'];
  /** Files read and not indexed, with why: warnings (a chart's Gateway, YAML only once rendered; a folder of none of ours). */
  readonly notChecked: CliRun['notChecked'];
  /** How the output names a file, from its URI: as given or found under a folder given (like `check`). */
  readonly displayOf: (uri: string) => string;
  readonly filesRead: number;
}

export function formatIndexJson(run: IndexRun): string {
  return JSON.stringify({ clouds: run.clouds.map((cloud) => cloudJson(cloud, run)) }, null, 2) + '\n';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 || word === 'info' ? '' : 's'}`;

function problemsText(problems: SeverityCounts): string {
  const parts = [
    ...(problems.error > 0 ? [plural(problems.error, 'error')] : []),
    ...(problems.warning > 0 ? [plural(problems.warning, 'warning')] : []),
    ...(problems.info > 0 ? [plural(problems.info, 'info')] : []),
  ];
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** A name, marked when it is an expression. */
const named = (text: IndexedText) => (text.known ? text.text : `${text.text} (not known before deployment)`);

export function formatIndexText(run: IndexRun): string {
  const lines: string[] = [];
  for (const cloud of run.clouds) {
    const places = cloud.declaredIn.map((at) => `${run.displayOf(at.uri)}:${at.range.start.line + 1}`);
    const declared = places.length > 0 ? `declared in ${places.join(', ')}` : 'declared in no file read';
    lines.push(
      `cloud ${named(cloud.name)}${cloud.location ? ` · ${cloud.location.text}` : ''} · ${declared}${problemsText(cloud.problems)}`,
    );
    cloud.cloudResources.forEach((resource, position) => {
      const last = position === cloud.cloudResources.length - 1;
      const where = resource.reveal!;
      const description = resource.description.map((part) => ` · ${part}`).join('');
      lines.push(
        `${last ? '└─' : '├─'} ${named(resource.name)}${description} — ${run.displayOf(where.uri)}:${where.range.start.line + 1}${problemsText(resource.problems)}`,
      );
      const indent = last ? '     ' : '│    ';
      for (const row of resource.tooltip.filter(
        (candidate) => !['Cloud', 'Provider', 'Region', 'Runs'].includes(candidate.label),
      )) {
        lines.push(`${indent}${row.label.toLowerCase()}: ${row.value === '' ? '(empty)' : row.value}`);
      }
      // Its template is on the line above.
      for (const file of resource.files.filter((candidate) => candidate.relation !== 'declares')) {
        const inTemplate =
          file.kind === 'aksCluster' || file.kind === 'clusterExtension' || file.kind === 'operatorExtension';
        const where = inTemplate
          ? `${file.label} in ${run.displayOf(file.uri)}:${file.reveal.range.start.line + 1}`
          : run.displayOf(file.uri);
        lines.push(`${indent}→ ${where} (${file.description.join(', ')})${problemsText(file.problems)}`);
      }
    });
    lines.push('');
  }
  const resources = run.clouds.reduce((sum, cloud) => sum + cloud.cloudResources.length, 0);
  lines.push(
    `${plural(run.clouds.length, 'cloud')}, ${plural(resources, 'cloud resource')} in ${plural(run.filesRead, 'file')} read.`,
  );
  return lines.join('\n') + '\n';
}
