// ARM's built-in template functions: how many arguments each takes (for the function-arguments rule) and, for the
// ones whose result follows from their arguments alone, how to compute it the way ARM does. Functions whose result
// depends on the deployment (reference, resourceGroup, utcNow…) say so, and the evaluator reports them as unknown.

export type Json = string | number | boolean | null | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/** Thrown by an implementation when ARM would reject its arguments; the evaluator turns it into an unknown value. */
export class NotEvaluable {
  constructor(readonly reason: string) {}
}

export interface BuiltInFunction {
  /** The name as the ARM documentation spells it. */
  readonly name: string;
  readonly minArgs: number;
  /** Undefined when any number of further arguments is allowed. */
  readonly maxArgs?: number;
  /** Arguments come in pairs (createObject). */
  readonly pairs?: boolean;
  /** Computes the result from known arguments. Functions without one are handled by the evaluator or are unknowable. */
  readonly evaluate?: (args: readonly Json[]) => Json;
  /** The result depends on the deployment or is random, so it is never known before deployment. */
  readonly deploymentTime?: boolean;
}

export function jsonTypeName(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'number') return 'int';
  if (typeof value === 'boolean') return 'bool';
  return 'string';
}

export function isJsonObject(value: Json): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The property of an object whose name matches case-insensitively, as ARM looks properties up. */
export function propertyOf(object: JsonObject, name: string): Json | undefined {
  if (Object.prototype.hasOwnProperty.call(object, name)) return object[name];
  const wanted = name.toLowerCase();
  for (const key of Object.keys(object)) if (key.toLowerCase() === wanted) return object[key];
  return undefined;
}

function fail(reason: string): never {
  throw new NotEvaluable(reason);
}

function stringArg(value: Json, fn: string): string {
  return typeof value === 'string' ? value : fail(`${fn}() expects a string, not ${jsonTypeName(value)}`);
}

function intArg(value: Json, fn: string): number {
  return typeof value === 'number' && Number.isInteger(value)
    ? value
    : fail(`${fn}() expects an integer, not ${jsonTypeName(value)}`);
}

/** div's and mod's second argument: an integer other than 0, or ARM fails the deployment. */
function divisor(value: Json, fn: string): number {
  const integer = intArg(value, fn);
  return integer === 0 ? fail(`${fn}() by zero`) : integer;
}

/**
 * less, greater and the like: the sign of the first integer minus the second. ARM takes two integers or two strings;
 * how it orders strings is not evaluated here.
 */
function compared([a, b]: readonly Json[], fn: string): number {
  if (typeof a === 'string' && typeof b === 'string')
    return fail(`${fn}() of strings is not evaluated by this extension`);
  return intArg(a, fn) - intArg(b, fn);
}

/** min's and max's arguments: integers, or one array of integers (not empty). */
function integers(args: readonly Json[], fn: string): number[] {
  const list = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  return list.length === 0 ? fail(`${fn}() of an empty array`) : list.map((value) => intArg(value, fn));
}

function boolArg(value: Json, fn: string): boolean {
  return typeof value === 'boolean' ? value : fail(`${fn}() expects a boolean, not ${jsonTypeName(value)}`);
}

/** A value as ARM writes it into a string (string(), format()): booleans are `True`/`False`, objects compact JSON. */
export function armString(value: Json): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (value === null) return fail('null has no string form');
  return JSON.stringify(value);
}

function deepEquals(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => deepEquals(item, b[i]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && deepEquals(a[key], b[key]))
    );
  }
  return false;
}

function concat(args: readonly Json[]): Json {
  if (args.length > 0 && args.every(Array.isArray)) return ([] as Json[]).concat(...(args as Json[][]));
  let text = '';
  for (const arg of args) {
    if (typeof arg === 'string') text += arg;
    else if (typeof arg === 'number') text += String(arg);
    else fail(`concat() joins strings or arrays, not ${jsonTypeName(arg)}`);
  }
  return text;
}

/**
 * What format() reads in its format string: `{{` and `}}` (a brace), a format item `{0}` or `{1:D3}` (the argument's
 * number, its specifier), or a lone brace (unbalanced).
 */
export const FORMAT_ITEM = /\{\{|\}\}|\{(\d+)(?::([^}]*))?\}|[{}]/g;

/** .NET composite formatting as ARM's format() uses it: `{0}`, `{1:D3}`, `{{` and `}}`. */
function format(args: readonly Json[]): Json {
  const template = stringArg(args[0], 'format');
  return template.replace(FORMAT_ITEM, (match, index: string | undefined, spec: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    if (index === undefined) return fail('format() has an unbalanced brace');
    const value = args[Number(index) + 1];
    if (value === undefined) return fail(`format() has no argument for {${index}}`);
    if (!spec) return armString(value);
    const padded = /^[dD](\d*)$/.exec(spec);
    if (padded && typeof value === 'number' && Number.isInteger(value)) {
      const digits = String(Math.abs(value)).padStart(Number(padded[1] || '0'), '0');
      return value < 0 ? `-${digits}` : digits;
    }
    return fail(`format() specifier '${spec}' is not evaluated`);
  });
}

function union(args: readonly Json[]): Json {
  if (args.every(Array.isArray)) {
    const out: Json[] = [];
    for (const item of (args as Json[][]).flat())
      if (!out.some((existing) => deepEquals(existing, item))) out.push(item);
    return out;
  }
  if (args.every(isJsonObject))
    return (args as JsonObject[]).reduce<JsonObject>((merged, next) => mergeObjects(merged, next), {});
  return fail('union() takes all arrays or all objects');
}

/** union() of objects: later values win; nested objects are merged recursively. */
function mergeObjects(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const existing = out[key];
    out[key] =
      existing !== undefined && isJsonObject(existing) && isJsonObject(value) ? mergeObjects(existing, value) : value;
  }
  return out;
}

function replace(text: string, from: string, to: string): string {
  return from ? text.split(from).join(to) : fail('replace() cannot replace an empty string');
}

function length(value: Json): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (isJsonObject(value)) return Object.keys(value).length;
  return fail(`length() takes a string, array or object, not ${jsonTypeName(value)}`);
}

function empty(value: Json): boolean {
  if (value === null) return true;
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0;
  if (isJsonObject(value)) return Object.keys(value).length === 0;
  return fail(`empty() takes a string, array or object, not ${jsonTypeName(value)}`);
}

function createObject(args: readonly Json[]): Json {
  const out: JsonObject = {};
  for (let i = 0; i + 1 < args.length; i += 2) out[stringArg(args[i], 'createObject')] = args[i + 1];
  return out;
}

function substring(args: readonly Json[]): Json {
  const text = stringArg(args[0], 'substring');
  const start = args.length > 1 ? intArg(args[1], 'substring') : 0;
  const count = args.length > 2 ? intArg(args[2], 'substring') : text.length - start;
  if (start < 0 || start > text.length || count < 0 || start + count > text.length) fail('substring() is out of range');
  return text.slice(start, start + count);
}

function split(args: readonly Json[]): Json {
  const text = stringArg(args[0], 'split');
  const delimiters = Array.isArray(args[1]) ? args[1].map((d) => stringArg(d, 'split')) : [stringArg(args[1], 'split')];
  let parts = [text];
  for (const delimiter of delimiters) if (delimiter) parts = parts.flatMap((part) => part.split(delimiter));
  return parts;
}

function toInt(value: Json): Json {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number(value);
  return fail(`int() cannot convert ${JSON.stringify(value)}`);
}

function toBool(value: Json): Json {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.toLowerCase() === 'true';
  if (typeof value === 'number') return value !== 0;
  return fail(`bool() cannot convert ${jsonTypeName(value)}`);
}

function parseJson(value: Json): Json {
  try {
    return JSON.parse(stringArg(value, 'json')) as Json;
  } catch (error) {
    if (error instanceof NotEvaluable) throw error;
    return fail('json() is given text that is not valid JSON');
  }
}

function firstOrLast(value: Json, fn: string, pick: (length: number) => number): Json {
  if (typeof value === 'string') return value.length ? value[pick(value.length)] : '';
  if (Array.isArray(value)) return value.length ? value[pick(value.length)] : fail(`${fn}() of an empty array`);
  return fail(`${fn}() takes a string or an array`);
}

function contains(container: Json, item: Json): boolean {
  if (typeof container === 'string') return container.includes(armString(item));
  if (Array.isArray(container)) return container.some((element) => deepEquals(element, item));
  if (isJsonObject(container)) return propertyOf(container, stringArg(item, 'contains')) !== undefined;
  return fail('contains() takes a string, array or object');
}

type Definition = [
  name: string,
  minArgs: number,
  maxArgs: number | undefined,
  evaluate?: (args: readonly Json[]) => Json,
];

const EVALUATED: Definition[] = [
  ['concat', 1, undefined, concat],
  ['format', 1, undefined, format],
  ['toLower', 1, 1, ([s]) => stringArg(s, 'toLower').toLowerCase()],
  ['toUpper', 1, 1, ([s]) => stringArg(s, 'toUpper').toUpperCase()],
  ['string', 1, 1, ([v]) => armString(v)],
  ['int', 1, 1, ([v]) => toInt(v)],
  ['bool', 1, 1, ([v]) => toBool(v)],
  ['equals', 2, 2, ([a, b]) => deepEquals(a, b)],
  ['not', 1, 1, ([v]) => !boolArg(v, 'not')],
  ['empty', 1, 1, ([v]) => empty(v)],
  [
    'replace',
    3,
    3,
    ([s, from, to]) => replace(stringArg(s, 'replace'), stringArg(from, 'replace'), stringArg(to, 'replace')),
  ],
  ['split', 2, 2, split],
  ['substring', 1, 3, substring],
  ['trim', 1, 1, ([s]) => stringArg(s, 'trim').trim()],
  ['length', 1, 1, ([v]) => length(v)],
  ['createArray', 0, undefined, (args) => [...args]],
  ['union', 1, undefined, union],
  ['json', 1, 1, ([v]) => parseJson(v)],
  ['first', 1, 1, ([v]) => firstOrLast(v, 'first', () => 0)],
  ['last', 1, 1, ([v]) => firstOrLast(v, 'last', (n) => n - 1)],
  ['contains', 2, 2, ([container, item]) => contains(container, item)],
  [
    'startsWith',
    2,
    2,
    ([s, prefix]) => stringArg(s, 'startsWith').toLowerCase().startsWith(stringArg(prefix, 'startsWith').toLowerCase()),
  ],
  [
    'endsWith',
    2,
    2,
    ([s, suffix]) => stringArg(s, 'endsWith').toLowerCase().endsWith(stringArg(suffix, 'endsWith').toLowerCase()),
  ],
  [
    'join',
    2,
    2,
    ([items, delimiter]) =>
      Array.isArray(items) ? items.map(armString).join(stringArg(delimiter, 'join')) : fail('join() takes an array'),
  ],
  ['add', 2, 2, ([a, b]) => intArg(a, 'add') + intArg(b, 'add')],
  ['sub', 2, 2, ([a, b]) => intArg(a, 'sub') - intArg(b, 'sub')],
  ['mul', 2, 2, ([a, b]) => intArg(a, 'mul') * intArg(b, 'mul')],
  ['div', 2, 2, ([a, b]) => Math.trunc(intArg(a, 'div') / divisor(b, 'div'))],
  // C#'s `%`, as JavaScript's: the remainder takes the dividend's sign.
  ['mod', 2, 2, ([a, b]) => intArg(a, 'mod') % divisor(b, 'mod')],
  ['less', 2, 2, (args) => compared(args, 'less') < 0],
  ['lessOrEquals', 2, 2, (args) => compared(args, 'lessOrEquals') <= 0],
  ['greater', 2, 2, (args) => compared(args, 'greater') > 0],
  ['greaterOrEquals', 2, 2, (args) => compared(args, 'greaterOrEquals') >= 0],
  ['min', 1, undefined, (args) => Math.min(...integers(args, 'min'))],
  ['max', 1, undefined, (args) => Math.max(...integers(args, 'max'))],
];

/** Built-in functions that the evaluator handles itself (lazy arguments, scope, copy loops) or does not evaluate. */
const OTHERS: Array<[name: string, minArgs: number, maxArgs: number | undefined, deploymentTime?: boolean]> = [
  ['parameters', 1, 1],
  ['variables', 1, 1],
  ['if', 3, 3],
  ['and', 2, undefined],
  ['or', 2, undefined],
  ['coalesce', 1, undefined],
  ['copyIndex', 0, 2],
  ['environment', 0, 0],
  ['true', 0, 0],
  ['false', 0, 0],
  ['null', 0, 0],
  ['resourceId', 2, undefined],
  ['subscriptionResourceId', 2, undefined],
  ['tenantResourceId', 2, undefined],
  ['extensionResourceId', 3, undefined],
  ['managementGroupResourceId', 2, undefined],
  ['reference', 1, 3, true],
  ['references', 1, 2, true],
  ['resourceGroup', 0, 0, true],
  ['subscription', 0, 0, true],
  ['managementGroup', 0, 1, true],
  ['tenant', 0, 0, true],
  ['deployment', 0, 0, true],
  ['deployer', 0, 0, true],
  ['newGuid', 0, 0, true],
  ['utcNow', 0, 1, true],
  ['uniqueString', 1, undefined, true],
  ['guid', 1, undefined, true],
  ['pickZones', 3, 5, true],
  ['providers', 1, 2, true],
  ['array', 1, 1],
  ['base64', 1, 1],
  ['base64ToJson', 1, 1],
  ['base64ToString', 1, 1],
  ['dataUri', 1, 1],
  ['dataUriToString', 1, 1],
  ['dateTimeAdd', 2, 3],
  ['dateTimeFromEpoch', 1, 1],
  ['dateTimeToEpoch', 1, 1],
  ['float', 1, 1],
  ['indexOf', 2, 2],
  ['lastIndexOf', 2, 2],
  ['intersection', 2, undefined],
  ['items', 1, 1],
  ['objectKeys', 1, 1],
  ['padLeft', 2, 3],
  ['range', 2, 2],
  ['skip', 2, 2],
  ['take', 2, 2],
  ['uri', 2, 2],
  ['uriComponent', 1, 1],
  ['uriComponentToString', 1, 1],
  ['filter', 2, 2],
  ['map', 2, 3],
  ['reduce', 3, 3],
  ['sort', 2, 2],
  ['lambdaVariables', 1, 1],
  ['shallowMerge', 1, 1],
  ['tryGet', 2, undefined],
  ['parseCidr', 1, 1],
  ['cidrSubnet', 3, 3],
  ['cidrHost', 2, 2],
];

const TABLE = new Map<string, BuiltInFunction>();
for (const [name, minArgs, maxArgs, evaluate] of EVALUATED)
  TABLE.set(name.toLowerCase(), { name, minArgs, maxArgs, evaluate });
for (const [name, minArgs, maxArgs, deploymentTime] of OTHERS)
  TABLE.set(name.toLowerCase(), { name, minArgs, maxArgs, deploymentTime });
TABLE.set('createobject', { name: 'createObject', minArgs: 0, pairs: true, evaluate: createObject });
/** The same entries under the documentation's spelling, the one templates use: found without lower-casing. */
const BY_SPELLING = new Map([...TABLE.values()].map((fn) => [fn.name, fn]));

/** Every built-in function, numbered: a syntax tree names a call's function by its number here. */
export const BUILT_IN_FUNCTIONS: readonly BuiltInFunction[] = [...TABLE.values()];
const NUMBERS = new Map(BUILT_IN_FUNCTIONS.map((fn, number) => [fn.name.toLowerCase(), number]));
export const PARAMETERS_FUNCTION = NUMBERS.get('parameters')!;
export const VARIABLES_FUNCTION = NUMBERS.get('variables')!;

/** The number of the built-in function of that name in any case, or −1 (NOT_BUILT_IN in the syntax tree). */
export function functionNumber(name: string): number {
  return NUMBERS.get(name.toLowerCase()) ?? -1;
}

/**
 * The built-in function of that name (case-insensitive), or undefined for a name ARM does not define here. The
 * `list*` family (listKeys, listSecrets…) is open-ended: any name starting with `list` is a deployment-time call
 * whose argument count is not checked.
 */
export function builtInFunction(name: string): BuiltInFunction | undefined {
  const spelled = BY_SPELLING.get(name);
  if (spelled) return spelled;
  const lower = name.toLowerCase();
  const entry = TABLE.get(lower);
  if (entry) return entry;
  if (lower.startsWith('list') && lower.length > 4) return { name, minArgs: 0, deploymentTime: true };
  return undefined;
}

function plural(count: number): string {
  return `${count} argument${count === 1 ? '' : 's'}`;
}

/** Why a call's argument count is wrong, or undefined when it is fine. */
export function argumentCountProblem(fn: BuiltInFunction, count: number): string | undefined {
  if (fn.pairs && count % 2 !== 0)
    return `${fn.name}() takes its arguments in key/value pairs, but got ${plural(count)}`;
  if (fn.maxArgs !== undefined && fn.minArgs === fn.maxArgs && count !== fn.minArgs)
    return `${fn.name}() expects ${plural(fn.minArgs)}, but got ${count}`;
  if (count < fn.minArgs) return `${fn.name}() expects at least ${plural(fn.minArgs)}, but got ${count}`;
  if (fn.maxArgs !== undefined && count > fn.maxArgs)
    return `${fn.name}() expects at most ${plural(fn.maxArgs)}, but got ${count}`;
  return undefined;
}
