// Completions inside Gateway API manifests: the fields of the object at the cursor (listener fields, TLS,
// allowed routes) and their values — above all the two Anyscale on Azure HTTPS hostnames and the TLS secret names.
import { sortKey, type CompletionEntry } from '../../features/editing';
import { gatewayFieldMarkdown } from './catalogMarkdown';
import { gatewayChildren, gatewayField, gatewayFieldPath, type GatewayField } from '../gatewayFields';
import { scalarText } from '../valuesEditor';
import { ITEM, type YamlCursor } from '../yamlPosition';

const fieldName = (field: GatewayField) => field.path.slice(field.path.lastIndexOf('.') + 1);

function fieldInsertText(field: GatewayField, cursor: YamlCursor): string {
  const name = fieldName(field);
  if (cursor.keyHasColon) return name;
  if (cursor.inFlow) return `${name}: $0`;
  const indent = ' '.repeat(cursor.indentUnit);
  if (field.type === 'object' || field.type === 'map') return `${name}:\n${indent}$0`;
  // Lists as the Gateway API docs write them: items at the key's own indentation.
  if (field.type === 'array') return `${name}:\n- $0`;
  return `${name}: $0`;
}

export function gatewayCompletions(cursor: YamlCursor, kind: string): CompletionEntry[] {
  const path = gatewayFieldPath(cursor.path);
  if (cursor.kind === 'key') {
    const written = new Set(cursor.siblings);
    return gatewayChildren(path, kind)
      .filter((field) => !written.has(fieldName(field)))
      .map((field, index) => ({
        label: fieldName(field),
        kind: 'property',
        detail: field.type,
        documentation: gatewayFieldMarkdown(field),
        insertText: fieldInsertText(field, cursor),
        snippet: true,
        retrigger: !cursor.keyHasColon && field.values !== undefined,
        replace: cursor.replace,
        sortText: sortKey(index),
      }));
  }
  const field = cursor.path[cursor.path.length - 1] === ITEM ? undefined : gatewayField(path, kind);
  if (!field?.values) return [];
  return field.values.map((choice, index) => ({
    label: choice.value,
    kind: 'value',
    detail: choice.description ?? field.path,
    documentation: gatewayFieldMarkdown(field),
    // Hostnames start with `*`, which YAML reads as an alias unless quoted: single quotes, as the docs write them.
    insertText:
      (cursor.spaceBefore ? ' ' : '') +
      (choice.snippet ??
        (cursor.quoted || field.type === 'integer'
          ? choice.value
          : scalarText(choice.value, choice.value.startsWith('*') ? "'" : ''))),
    snippet: choice.snippet !== undefined,
    replace: cursor.replace,
    sortText: sortKey(index),
  }));
}
