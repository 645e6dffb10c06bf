// values.schema.json (JSON Schema draft-07) generated from the chart catalog, for Helm (`helm lint` reads a chart's
// values.schema.json) and for Red Hat YAML users. `npm run schema` writes it; a unit test keeps it current.
import { CHART_KEYS, chartChildren, keyName, type ChartKey } from './chart';

type JsonSchema = { [key: string]: unknown };

const TYPES: Record<ChartKey['type'], JsonSchema> = {
  string: { type: 'string' },
  boolean: { type: 'boolean' },
  integer: { type: 'integer' },
  array: { type: 'array' },
  object: { type: 'object' },
  map: { type: 'object' },
  any: {},
};

function schemaOf(key: ChartKey): JsonSchema {
  const description = key.deprecated
    ? `Deprecated: use ${key.deprecated.replacement}. ${key.description}`
    : key.description;
  const schema: JsonSchema = {
    ...TYPES[key.type],
    description: description.replace(/[`*]/g, ''),
    markdownDescription: description,
  };
  if (key.allowed) {
    if (key.type === 'array') schema.items = { type: 'string', enum: key.allowed };
    // An empty string (the chart's default) and null both mean "not set".
    else schema.enum = [...key.allowed, '', null];
  }
  if (key.default !== undefined) schema.default = key.default;
  if (key.type === 'object') Object.assign(schema, sectionSchema(key.path));
  // A free-form map (a subchart's values) with keys the catalog names: those, and any others.
  else if (key.type === 'map' && chartChildren(key.path).length > 0)
    Object.assign(schema, sectionSchema(key.path), { additionalProperties: true });
  // Helm deletes a key set to null: every key may be null.
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  return schema;
}

function sectionSchema(path: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const child of chartChildren(path)) properties[keyName(child)] = schemaOf(child);
  return { properties, additionalProperties: false };
}

export function valuesJsonSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'anyscale-operator Helm values (chart 1.8.0)',
    description: `Generated from the Anyscale on Azure Tools chart catalog (${CHART_KEYS.length} keys). Do not edit: run npm run schema.`,
    type: 'object',
    ...sectionSchema(''),
  };
}
