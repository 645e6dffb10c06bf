// Completions inside Anyscale operator values: the chart's keys for the section at the cursor (1.x layout, with
// their documentation, type and default; keys already written, deprecated keys and pre-1.0 keys are not offered)
// and the values a key takes (allowed values, booleans, the Azure control plane, the docs' names).
import {
  chartChildren,
  chartKey,
  keyName,
  CONTROL_PLANES,
  REFERENCE_AUDIENCE,
  VALUE_SHAPES,
  type ChartKey,
} from '../../catalog/chart';
import { sortKey, type CompletionEntry } from '../../features/editing';
import { chartKeyDetail, chartKeyMarkdown } from './catalogMarkdown';
import type { FieldValue } from '../gatewayFields';
import { scalarText } from '../valuesEditor';
import { ITEM, type YamlCursor } from '../yamlPosition';

/** Values the docs write for keys whose catalog entry has no allowed list. */
const SUGGESTED: Readonly<Record<string, readonly (FieldValue & { readonly preselect?: boolean })[]>> = {
  'global.controlPlaneURL': [
    { value: CONTROL_PLANES.azure, description: 'Anyscale on Azure', preselect: true },
    {
      value: CONTROL_PLANES.privateLinkExample,
      snippet: 'https://cld-${1:id}.azure.anyscale-cloud.dev',
      description: 'Anyscale on Azure with Private Link',
    },
    { value: CONTROL_PLANES.chartDefault, description: "The non-Azure control plane (the chart's default)" },
  ],
  'global.auth.audience': [
    {
      value: REFERENCE_AUDIENCE.value,
      description: "The Anyscale Entra application (Anyscale's reference deployment)",
    },
  ],
  'workloads.serviceAccount.name': [
    {
      value: VALUE_SHAPES.azureWorkloadServiceAccount,
      description: 'The service account federated to the operator identity (Azure)',
      preselect: true,
    },
  ],
  'networking.gateway.name': [{ value: 'gateway', description: 'The name the Microsoft Learn quickstart uses' }],
  'networking.gateway.namespace': [{ value: 'anyscale-operator', description: "The operator's namespace" }],
  'networking.gateway.className': [{ value: 'eg', description: 'Envoy Gateway' }],
  'global.cloudProvider': [{ value: 'azure', description: 'Anyscale on Azure (AKS)', preselect: true }],
};

function keyInsertText(key: ChartKey, cursor: YamlCursor): { insertText: string; snippet: boolean } {
  const name = keyName(key);
  if (cursor.keyHasColon) return { insertText: name, snippet: false };
  if (cursor.inFlow) return { insertText: `${name}: $0`, snippet: true };
  const indent = ' '.repeat(cursor.indentUnit);
  if (key.type === 'object' || key.type === 'map') return { insertText: `${name}:\n${indent}$0`, snippet: true };
  if (key.type === 'array') return { insertText: `${name}:\n${indent}- $0`, snippet: true };
  if (key.type === 'boolean' || key.allowed) {
    // The preselected value (azure for cloudProvider) comes first: the choice's default.
    const choices = valueChoices(key).map((choice) => choice.value);
    return { insertText: `${name}: \${1|${choices.join(',')}|}`, snippet: true };
  }
  return { insertText: `${name}: $0`, snippet: true };
}

function keyEntries(cursor: YamlCursor): CompletionEntry[] {
  if (cursor.path.includes(ITEM)) return [];
  // The catalog's keys under the section: a section's, or those it names in a subchart's map (`ingress-nginx.enabled`).
  const section = cursor.path.join('.');
  const written = new Set(cursor.siblings);
  return chartChildren(section)
    .filter((key) => !key.deprecated && !written.has(keyName(key)))
    .map((key, index) => ({
      label: keyName(key),
      kind: 'property',
      detail: chartKeyDetail(key),
      documentation: chartKeyMarkdown(key),
      ...keyInsertText(key, cursor),
      // `name: ` with values to offer: open the list again for them.
      retrigger: !cursor.keyHasColon && !key.allowed && key.type !== 'boolean' && valueChoices(key).length > 0,
      replace: cursor.replace,
      sortText: sortKey(index),
    }));
}

/** The values a key takes, the preselected one first (azure for cloudProvider), the others in the catalog's order. */
function valueChoices(key: ChartKey): readonly (FieldValue & { readonly preselect?: boolean })[] {
  const suggested = SUGGESTED[key.path] ?? [];
  if (key.allowed) {
    const choices = key.allowed.map((value) => suggested.find((s) => s.value === value) ?? { value });
    return [...choices.filter((choice) => choice.preselect), ...choices.filter((choice) => !choice.preselect)];
  }
  if (key.type === 'boolean') return [{ value: 'true' }, { value: 'false' }];
  if (suggested.length > 0) return suggested;
  return (typeof key.default === 'string' && key.default !== '') || typeof key.default === 'number'
    ? [{ value: String(key.default), description: 'The default' }]
    : [];
}

function valueEntries(key: ChartKey, cursor: YamlCursor, exclude: readonly string[]): CompletionEntry[] {
  const typed = key.type === 'boolean' || key.type === 'integer' || key.type === 'array';
  return valueChoices(key)
    .filter((choice) => !exclude.includes(choice.value))
    .map((choice, index) => ({
      label: choice.value,
      kind: 'value',
      detail: choice.description ?? key.path,
      documentation: chartKeyMarkdown(key),
      insertText:
        (cursor.spaceBefore ? ' ' : '') +
        (choice.snippet ?? (cursor.quoted || typed ? choice.value : scalarText(choice.value, ''))),
      snippet: choice.snippet !== undefined,
      replace: cursor.replace,
      sortText: sortKey(index),
      preselect: choice.preselect,
    }));
}

export function valuesCompletions(cursor: YamlCursor): CompletionEntry[] {
  const last = cursor.path[cursor.path.length - 1];
  // A list item: `- |` under the key, or `[…, |]`.
  const listKey =
    cursor.kind === 'key' && cursor.itemStart && last === ITEM
      ? cursor.path.slice(0, -1)
      : cursor.kind === 'value' && cursor.itemStart
        ? cursor.path
        : undefined;
  if (listKey) {
    const key = chartKey(listKey.join('.'));
    return key?.type === 'array' && key.allowed ? valueEntries(key, cursor, cursor.siblings) : [];
  }
  if (cursor.kind === 'key') return keyEntries(cursor);
  const key = chartKey(cursor.path.join('.'));
  return key && key.type !== 'array' && key.type !== 'object' && key.type !== 'map'
    ? valueEntries(key, cursor, [])
    : [];
}
