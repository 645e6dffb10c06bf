// Property-name completions inside Anyscale resources: the resource's own keys (type, apiVersion, name, …) and the
// names of `properties` — for a cloud resource the ones its provider requires or should set first, saying which —
// each with its documentation, leaving out the ones already written (after the cursor, as the text has them rather
// than the parse: see writtenKeys). The provider is read where it is written, also below a key being typed; when it
// is not known, the requirements are per provider and say why.
import { createScanner, SyntaxKind } from 'jsonc-parser';
import type { ArmResource, ArmTemplate } from '../../template';
import type { ParameterFileInput, TextRange } from '../../../types';
import { evaluatorFor } from '../../evaluators';
import { baseName } from '../../../text/baseName';
import { namesList } from '../../../text/namesList';
import { propertyValue, type JsonNode } from '../../../json/nodes';
import {
  isNeeded,
  nestedPropertiesOf,
  propertiesOfType,
  propertyMarkdown,
  requirementDetail,
  RESOURCE_KEYS,
  type PropertyDoc,
} from '../../../catalog/propertyDocs';
import { providerNamed, type Provider } from '../../../catalog/anyscale';
import { isExpression } from '../../value';
import { nodeAtPath } from '../../anyscaleView';
import type { CompletionEntry } from '../../../features/editing';
import type { PositionContext } from './context';
import { propertyName, type ValueShape } from './insert';
import { isAnyscaleResource, isCloudResource, isKey, resourceProvider, type LazyView } from './resources';

/** Properties whose values have completions: inserting the name opens them. */
const HAS_VALUE_COMPLETIONS = new Set([
  'type',
  'apiVersion',
  'location',
  'provider',
  'computeStack',
  'region',
  'cloudStorageBucketRegion',
  'cloudStorageBucketName',
  'cloudStorageBucketEndpoint',
  'anyscaleOperatorIamIdentity',
]);
const SHAPES: Readonly<Record<string, ValueShape>> = {
  properties: 'object',
  tags: 'object',
  dependsOn: 'array',
  // The workloads' objects and arrays (domain §1.5).
  config: 'object',
  deploymentConfig: 'object',
  computeConfig: 'object',
  spec: 'object',
  envVars: 'object',
  pyModules: 'array',
  pipRequirements: 'array',
  maxRetries: 'number',
  timeout: 'number',
  idleTerminationMinutes: 'number',
};

/**
 * The resource keys VS Code's JSON language features offer from the `$schema` of a template whose `resources` is an
 * array: the ARMResourceBase and resourceBase definitions of
 * https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json (also condition, copy, comments).
 * Offered by both lists they would show twice: there the JSON list keeps them, and ours the Anyscale properties.
 */
const SCHEMA_RESOURCE_KEYS = new Set(['name', 'type', 'apiVersion', 'location', 'tags', 'dependsOn']);
const DEPLOYMENT_TEMPLATE_SCHEMA =
  /^https:\/\/schema\.management\.azure\.com\/schemas\/[^/]+\/deploymentTemplate\.json#?$/i;

/** True for a resource of the root `resources` array in a template whose `$schema` is the deploymentTemplate schema. */
function schemaOffersResourceKeys(context: PositionContext, root: JsonNode): boolean {
  const schema = propertyValue(root, '$schema')?.value;
  return (
    isKey(context.path[0], 'resources') &&
    typeof context.path[1] === 'number' &&
    typeof schema === 'string' &&
    DEPLOYMENT_TEMPLATE_SCHEMA.test(schema)
  );
}

/**
 * The keys of the object around the cursor written after `from` (lowercase, as ARM compares them), each with its value
 * when that is a string, read with jsonc-parser's scanner up to the object's closing brace rather than from the tree.
 * A key being typed without its colon yet (`"` or `""` on a new line) makes the parser's recovery skip everything up
 * to the next comma or brace: the tree lacks the key written on the next line, and may take a key of an object after
 * it for one of this object.
 */
export function keysWrittenAfter(text: string, from: number): Map<string, string | undefined> {
  const keys = new Map<string, string | undefined>();
  const scanner = createScanner(text, true);
  scanner.setPosition(from);
  let depth = 0;
  let string: string | undefined;
  let valueOf: string | undefined;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (valueOf !== undefined && kind === SyntaxKind.StringLiteral) keys.set(valueOf, scanner.getTokenValue());
    valueOf = undefined;
    if (kind === SyntaxKind.ColonToken && string !== undefined) {
      valueOf = string.toLowerCase();
      keys.set(valueOf, undefined);
    }
    string = kind === SyntaxKind.StringLiteral && depth === 0 ? scanner.getTokenValue() : undefined;
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) depth++;
    else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
      if (depth === 0) break;
      depth--;
    }
  }
  return keys;
}

/**
 * The keys already written in `object`, the one the cursor is in (lowercase): before the cursor as the tree has them,
 * after it as the text has them. The key being typed is neither.
 */
function writtenKeys(
  context: PositionContext,
  object: JsonNode | undefined,
  after: Map<string, string | undefined>,
): Set<string> {
  const keys = new Set(after.keys());
  const cursor = context.token?.start ?? context.offset;
  for (const property of object?.type === 'object' ? (object.children ?? []) : []) {
    if (property.offset >= cursor) break;
    const key = property.children?.[0]?.value;
    if (typeof key === 'string') keys.add(key.toLowerCase());
  }
  return keys;
}

/**
 * The cloud resource's provider, or why it is not known: what the requirements of its property names are for, in
 * completion and hover.
 */
export type ProviderHere =
  | { readonly provider: Provider; readonly byParameterFile?: undefined }
  | {
      readonly provider?: undefined;
      readonly unknown?: string;
      /** When `provider` is an expression the parameter files give different values: each value with its files. */
      readonly byParameterFile?: readonly ProviderOfFiles[];
    };

/** One value a `provider` expression takes with some of the parameter files, and those files (base names). */
export interface ProviderOfFiles {
  /** The provider the value names, when it names one. */
  readonly provider?: Provider;
  /** The value as hovers and completions show it: `` `AWS` ``, `` `"aws"` (no provider) ``, `a value not known`. */
  readonly shown: string;
  readonly files: readonly string[];
}

/** `` `AWS` with a.json and c.json ``: a value and the parameter files giving it, as hovers and completions name them. */
export function valueWithFiles(value: ProviderOfFiles): string {
  return `${value.shown} with ${namesList(value.files)}`;
}

/**
 * What a `provider` written as an expression is read with: the view (the first parameter file's run, which evaluates
 * nothing while the JSON has errors), the template with every parameter file it is checked with, and the JSON's
 * syntax errors.
 */
export interface ProviderSources {
  readonly view: LazyView;
  readonly template: ArmTemplate;
  readonly parameterFiles: readonly ParameterFileInput[];
  /** The JSON's syntax errors: none when it is whole. */
  readonly syntaxErrors: readonly TextRange[];
}

/**
 * The provider of the cloud resource the cursor is in, as written: below the cursor as the text has it (a key being
 * typed hides it from the tree), else as the tree has it, else anywhere in the object as the text has it (the key being
 * typed may lie above); an expression as it evaluates (evaluatedProvider), when every parameter file gives that
 * provider. Why not, otherwise: with the value each parameter file gives when they differ.
 * `after`: the keys written below the cursor, when the caller has read them already.
 */
export function providerHere(
  context: PositionContext,
  resource: ArmResource,
  sources: ProviderSources,
  after = keysWrittenAfter(context.text, context.token?.end ?? context.offset),
): ProviderHere {
  const node = propertyValue(resource.properties, 'provider');
  // Neither below nor in the tree: a key typed without its colon above (hover reads keys anywhere) hides it too.
  const inText =
    after.has('provider') || node || !resource.properties
      ? after
      : keysWrittenAfter(context.text, resource.properties.offset + 1);
  const fromText = inText.has('provider');
  if (!fromText && !node) return { unknown: 'this cloud resource sets no `provider`' };
  const written = fromText ? inText.get('provider') : typeof node?.value === 'string' ? node.value : undefined;
  if (written === undefined) return { unknown: '`provider` is not a string' };
  if (!isExpression(written)) {
    const provider = providerNamed(written);
    return provider
      ? { provider }
      : { unknown: `\`provider\` ${JSON.stringify(written)} names no provider (the names are case-sensitive)` };
  }
  // The tree's provider node is the one the text has only when it lies after the cursor, and is as written only when
  // the parser read it before its first error. Else (a key typed without its colon above it made the parser skip it,
  // or read on after the error) its text, as written, is what is evaluated.
  const cursor = context.token?.start ?? context.offset;
  const firstSyntaxError = Math.min(...sources.syntaxErrors.map((error) => error.start));
  const readBefore = (read: JsonNode | undefined) => !read || read.offset + read.length <= firstSyntaxError;
  const inTree = node && (!fromText || node.offset >= cursor) && readBefore(node) ? node : undefined;
  const expression = inTree ?? (fromText ? written : undefined);
  // What it reads is as written only when the parser read it before the error too; a section lost after it is not
  // declared, which makes the value not known, never another one.
  const sectionsRead = READ_SECTIONS.every((key) => readBefore(propertyValue(sources.template.root, key)));
  const evaluated = expression !== undefined && sectionsRead && evaluatedProvider(expression, resource, sources);
  if (!expression || !evaluated) {
    // Known, but no provider's name (`aws`): said as for a literal, not as a value that cannot be known.
    const value =
      expression !== undefined && sectionsRead
        ? providerValue(expression, resource, sources.template, sources.parameterFiles[0])
        : undefined;
    return value?.known && typeof value.value === 'string'
      ? {
          unknown: `\`provider\` evaluates to ${JSON.stringify(value.value)}, which names no provider (the names are case-sensitive)`,
        }
      : { unknown: '`provider` is an expression whose value cannot be known here' };
  }
  const byParameterFile = providerByParameterFile(expression, resource, sources);
  if (!byParameterFile) return { provider: evaluated };
  const each = byParameterFile.map(valueWithFiles).join(', ');
  return { unknown: `\`provider\` differs by parameter file: ${each}`, byParameterFile };
}

/** The root sections an expression can read besides the resource it is in. */
const READ_SECTIONS = ['parameters', 'variables', 'functions'];

/**
 * A `provider` expression: its node in the tree, or its text as written when the parser skipped it after an error.
 * Its value with a parameter file.
 */
function providerValue(
  expression: JsonNode | string,
  resource: ArmResource,
  template: ArmTemplate,
  file?: ParameterFileInput,
) {
  const evaluator = evaluatorFor(template, file);
  return typeof expression === 'string'
    ? evaluator.textValue(expression, resource)
    : evaluator.value(expression, resource);
}

/**
 * A `provider` expression's provider with the first parameter file: the view's when the JSON is whole. While it has
 * errors (a key typed without its colon) the view evaluates nothing, as what the parser read after the first error
 * may have lost or moved keys: the expression is evaluated on its own then.
 */
function evaluatedProvider(
  expression: JsonNode | string,
  resource: ArmResource,
  sources: ProviderSources,
): Provider | undefined {
  if (typeof expression !== 'string' && sources.syntaxErrors.length === 0)
    return resourceProvider(resource, sources.view);
  const value = providerValue(expression, resource, sources.template, sources.parameterFiles[0]);
  return value.known && typeof value.value === 'string' ? providerNamed(value.value) : undefined;
}

/**
 * With several parameter files, what a `provider` expression evaluates to with each, the files giving each value, when
 * they do not all give one (the view, which already gave a provider, is the first file's run): as the expression hover
 * and the findings name them, `` `provider` differs by parameter file: `Azure` with a.json, `AWS` with b.json ``.
 */
function providerByParameterFile(
  expression: JsonNode | string,
  resource: ArmResource,
  sources: ProviderSources,
): ProviderOfFiles[] | undefined {
  if (sources.parameterFiles.length < 2) return undefined;
  const byShown = new Map<string, { provider?: Provider; shown: string; files: string[] }>();
  for (const file of sources.parameterFiles) {
    const value = providerValue(expression, resource, sources.template, file);
    const provider = value.known && typeof value.value === 'string' ? providerNamed(value.value) : undefined;
    const shown = provider
      ? `\`${provider.name}\``
      : value.known
        ? `\`${JSON.stringify(value.value)}\` (no provider)`
        : 'a value not known';
    const entry = byShown.get(shown);
    if (entry) entry.files.push(baseName(file.uri));
    else byShown.set(shown, { provider, shown, files: [baseName(file.uri)] });
  }
  return byShown.size === 1 ? undefined : [...byShown.values()];
}

/** `here`: the cloud resource's provider when it is one, known or why not; the requirement is for it. */
function entries(
  context: PositionContext,
  docs: readonly PropertyDoc[],
  object: JsonNode | undefined,
  here: ProviderHere = {},
  after = keysWrittenAfter(context.text, context.token?.end ?? context.offset),
): CompletionEntry[] {
  const written = writtenKeys(context, object, after);
  const { provider } = here;
  const unknown = provider ? undefined : here.unknown;
  return docs
    .filter((doc) => !written.has(doc.name.toLowerCase()))
    .map((doc, index) =>
      propertyName(context, doc.name, SHAPES[doc.name] ?? 'string', {
        detail: requirementDetail(doc, provider),
        documentation: propertyMarkdown(doc, doc.name, !RESOURCE_KEYS.includes(doc), provider, unknown),
        sortText: `${isNeeded(doc, provider) ? 0 : 1}${String(index).padStart(2, '0')}`,
        retrigger: HAS_VALUE_COMPLETIONS.has(doc.name),
      }),
    );
}

/** Names for the key position at `inResource` (`['']` = the resource's own keys, `['properties', '']` = its properties). */
export function propertyNameCompletions(
  context: PositionContext,
  resource: ArmResource,
  sources: ProviderSources,
): CompletionEntry[] {
  const root = sources.template.root;
  if (!isAnyscaleResource(resource)) return [];
  const path = context.inResource;
  if (path.length === 1) {
    const docs = schemaOffersResourceKeys(context, root)
      ? RESOURCE_KEYS.filter((doc) => !SCHEMA_RESOURCE_KEYS.has(doc.name))
      : RESOURCE_KEYS;
    return entries(context, docs, resource.node);
  }
  if (path.length === 2 && isKey(path[0], 'properties')) {
    const docs = propertiesOfType(resource.type);
    if (!docs) return [];
    if (!isCloudResource(resource)) return entries(context, docs, resource.properties);
    const after = keysWrittenAfter(context.text, context.token?.end ?? context.offset);
    return entries(context, docs, resource.properties, providerHere(context, resource, sources, after), after);
  }
  if (path.length === 3 && isKey(path[0], 'properties') && typeof path[1] === 'string') {
    const docs = nestedPropertiesOf(resource.type, [path[1]]);
    return docs ? entries(context, docs, nodeAtPath(resource.properties, [path[1]])) : [];
  }
  return [];
}
