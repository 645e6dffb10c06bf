// The documents the protocol fuzz opens: the project's fixtures and the shared corpus, mutated the way a user's
// editor, a slipped key or a strange file produces them (cut short, a character inserted, CRLF line ends, a value
// rewritten as an expression that ARM evaluates to the same thing, deep nesting), under ordinary and odd URIs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { visit } from 'jsonc-parser';
import { CORPUS, FIXTURES, REPO_ROOT } from '../support/paths';

export type Next = (limit: number) => number;

export interface Sample {
  /** Path relative to the repository (fixtures) or to the shared folder (corpus), for messages. */
  readonly name: string;
  readonly file: string;
  readonly text: string;
}

const DOCUMENT = /\.(json|jsonc|ya?ml)$/i;
/** Expected outputs of fixture tests are not documents a user edits. */
const EXPECTED = /\.expected\.[a-z]+$/i;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter((file) => DOCUMENT.test(file) && !EXPECTED.test(file) && fs.statSync(file).isFile())
    .sort();
}

/** The fixtures, and the shared corpus when it is there (it is not on a user's machine): `skipped` says so in one line. */
export function loadSamples(): { samples: Sample[]; skipped?: string } {
  const read = (file: string, base: string): Sample => ({
    name: path.relative(base, file),
    file,
    text: fs.readFileSync(file, 'utf8'),
  });
  const samples = filesUnder(FIXTURES).map((file) => read(file, REPO_ROOT));
  const corpus = filesUnder(CORPUS);
  samples.push(...corpus.map((file) => read(file, path.dirname(CORPUS))));
  return {
    samples,
    skipped: corpus.length === 0 ? `shared corpus not found at ${CORPUS}: fuzzing the fixtures only` : undefined,
  };
}

export const pick = <T>(items: readonly T[], next: Next): T => items[next(items.length)];

/** Values the rules have an opinion on, right and wrong (casing, display names, sub-paths, trailing slashes). */
const VALUES = [
  'Azure',
  'azure',
  'AZURE',
  'AWS',
  'Aws',
  'gcp',
  'Generic',
  'K8S',
  'k8s',
  'VM',
  'uksouth',
  'UK South',
  'westus2',
  'West US 2',
  'WestUS2',
  'us-west-2',
  'abfss://data@acct.dfs.core.windows.net/sub/path',
  's3://bucket/',
  'gs://bucket',
  'https://acct.blob.core.windows.net/',
  '2026-09-01',
  '2026-02-01-preview',
  '2020-01-01',
  'my-cloud/default',
  'my cloud/x',
  '11111111-2222-3333-4444-555555555555',
  'not-a-guid',
  '',
];
/** What slips of the keyboard and unusual files put into a document. */
const SNIPPETS = [
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '\n',
  '\r\n',
  '\t',
  '#',
  '\\',
  '\u0000',
  'é',
  '😀',
  '\ud800',
  '"[',
  "[concat('",
  "[parameters('",
  "')]",
  ']"',
  '"[[x]"',
  '"x": 1,',
  '// comment\n',
  '/* c */',
  '- ',
  ': ',
  '---\n',
  '  ',
  'null',
  '"a\nb"',
  '${x}',
];
/** Wrong values the rules offer a fix for, by property: written as an expression, no fix may replace it (issue #14 §1). */
const FIXABLE_MISTAKES: Record<string, string[]> = {
  provider: ['azure', 'AZURE', 'Aws', 'gcp'],
  computeStack: ['k8s', 'K8s'],
  region: ['UK South', 'UKSouth', 'WestUS2'],
  location: ['UK South', 'West US 2', 'UKSOUTH'],
};
/** ARM functions that return their argument unchanged, so a failing value stays failing but now comes from an expression. */
const SAME_VALUE = [
  (v: string) => `[concat('${v}')]`,
  (v: string) => `[if(true(), '${v}', 'x')]`,
  (v: string) => `[format('{0}', '${v}')]`,
  (v: string) => `[string('${v}')]`,
];

/** Offsets where editor features have the most to do: just after a quote, parenthesis, colon or bracket. */
export function interestingOffsets(text: string): number[] {
  return [...text.matchAll(/["'(:[{,]/g)].map((match) => match.index! + 1);
}

/**
 * Offsets in the names of parameters and variables, where navigation and rename work: in `parameters('…')` and
 * `variables('…')` calls, and in the keys of declarations and parameter-file entries (a key whose object starts
 * with `type`, `defaultValue`, `value` or `reference`).
 */
export function symbolOffsets(text: string): number[] {
  const uses = [...text.matchAll(/\b(?:parameters|variables)\('([^']*)/g)].flatMap((match) => [
    match.index! + match[0].length - match[1].length,
    match.index! + match[0].length,
  ]);
  const declarations = [...text.matchAll(/"([\w-]+)"\s*:\s*\{\s*"(?:type|defaultValue|value|reference)"/g)].map(
    (match) => match.index! + 1 + Math.floor(match[1].length / 2),
  );
  return [...uses, ...declarations];
}

/** The string literals of a JSON text that are values (not keys), with their offsets (quotes included) and their property's name. */
function stringValues(text: string): { start: number; end: number; value: string; key?: string }[] {
  const out: { start: number; end: number; value: string; key?: string }[] = [];
  let key: string | undefined;
  const onObjectProperty = (property: string) => (key = property);
  const onLiteralValue = (value: unknown, offset: number, length: number) => {
    if (typeof value === 'string') out.push({ start: offset, end: offset + length, value, key });
    key = undefined;
  };
  const forget = () => (key = undefined);
  try {
    visit(
      text,
      { onObjectProperty, onLiteralValue, onObjectBegin: forget, onArrayBegin: forget },
      { allowTrailingComma: true },
    );
  } catch {
    return []; // nested too deeply for the visitor's recursion (an earlier mutation nests thousands of arrays)
  }
  return out;
}

/** The properties the rules read: a value written there, right or wrong, is what fixes are offered for. */
const RULE_KEYS = new Set([
  'provider',
  'computeStack',
  'region',
  'location',
  'cloudStorageBucketName',
  'cloudStorageBucketEndpoint',
  'cloudStorageBucketRegion',
  'apiVersion',
  'defaultValue',
  'value',
]);

/** A string value to rewrite: two times in three one of the rules' properties, when the text has any. */
function targetValue(
  text: string,
  next: Next,
  keep: (value: string) => boolean,
): { start: number; end: number; value: string } | undefined {
  const values = stringValues(text).filter((s) => keep(s.value));
  const ruled = values.filter((s) => s.key !== undefined && RULE_KEYS.has(s.key));
  const pool = next(3) > 0 && ruled.length > 0 ? ruled : values;
  return pool.length === 0 ? undefined : pick(pool, next);
}

const quoteArm = (value: string) => value.replace(/'/g, "''");

/** One mutation: its name (for the report) and the new text. */
type Mutation = (text: string, next: Next, json: boolean) => { what: string; text: string } | undefined;

const MUTATIONS: { weight: number; mutate: Mutation }[] = [
  { weight: 3, mutate: (text) => ({ what: 'unchanged', text }) },
  { weight: 4, mutate: (text) => ({ what: 'CRLF line ends', text: text.replace(/\r?\n/g, '\r\n') }) },
  {
    weight: 3,
    mutate: (text, next, json) => {
      const target = json ? targetValue(text, next, (value) => !value.startsWith('[')) : undefined;
      if (!target) return undefined;
      const value = next(2) === 0 ? pick(VALUES, next) : target.value;
      const expression = JSON.stringify(pick(SAME_VALUE, next)(quoteArm(value)));
      return {
        what: `value at ${target.start} written as ${expression}`,
        text: text.slice(0, target.start) + expression + text.slice(target.end),
      };
    },
  },
  {
    weight: 3,
    mutate: (text, next, json) => {
      if (json) {
        const target = targetValue(text, next, () => true);
        if (!target) return undefined;
        const value = JSON.stringify(pick(VALUES, next));
        return {
          what: `value at ${target.start} set to ${value}`,
          text: text.slice(0, target.start) + value + text.slice(target.end),
        };
      }
      const scalars = [...text.matchAll(/: ([^\s#][^\n#]*)$/gm)];
      if (scalars.length === 0) return undefined;
      const target = pick(scalars, next);
      const start = target.index! + 2;
      const value = pick(VALUES, next);
      return {
        what: `YAML value at ${start} set to ${JSON.stringify(value)}`,
        text: text.slice(0, start) + value + text.slice(start + target[1].length),
      };
    },
  },
  {
    weight: 3,
    mutate: (text, next, json) => {
      const targets = json
        ? stringValues(text).filter((s) => s.key !== undefined && s.key in FIXABLE_MISTAKES && !s.value.startsWith('['))
        : [];
      if (targets.length === 0) return undefined;
      const target = pick(targets, next);
      const expression = JSON.stringify(pick(SAME_VALUE, next)(quoteArm(pick(FIXABLE_MISTAKES[target.key!], next))));
      return {
        what: `${target.key} at ${target.start} set to the expression ${expression}`,
        text: text.slice(0, target.start) + expression + text.slice(target.end),
      };
    },
  },
  {
    weight: 2,
    mutate: (text, next) => {
      const at = next(text.length + 1);
      return { what: `cut at ${at}`, text: text.slice(0, at) };
    },
  },
  {
    weight: 3,
    mutate: (text, next) => {
      const offsets = interestingOffsets(text);
      const at = offsets.length > 0 && next(2) === 0 ? pick(offsets, next) : next(text.length + 1);
      const snippet = pick(SNIPPETS, next);
      return {
        what: `${JSON.stringify(snippet)} inserted at ${at}`,
        text: text.slice(0, at) + snippet + text.slice(at),
      };
    },
  },
  {
    weight: 1,
    mutate: (text, next) => {
      if (text.length === 0) return undefined;
      const at = next(text.length);
      const length = 1 + next(20);
      return { what: `${length} characters deleted at ${at}`, text: text.slice(0, at) + text.slice(at + length) };
    },
  },
  {
    weight: 1,
    mutate: (text, next) => {
      const lines = text.split('\n');
      const from = next(lines.length);
      const to = next(lines.length);
      lines.splice(to, 0, lines[from]);
      return { what: `line ${from} duplicated to ${to}`, text: lines.join('\n') };
    },
  },
  {
    weight: 1,
    mutate: (text, next, json) => {
      const values = json ? stringValues(text) : [];
      if (values.length === 0) return undefined;
      const target = pick(values, next);
      const depth = 8000;
      return {
        what: `value at ${target.start} nested ${depth} arrays deep`,
        text: text.slice(0, target.start) + '['.repeat(depth) + ']'.repeat(depth) + text.slice(target.end),
      };
    },
  },
];
const TOTAL_WEIGHT = MUTATIONS.reduce((sum, m) => sum + m.weight, 0);

/** The sample's text after one or two mutations, with what was done. */
export function mutate(sample: Sample, next: Next): { text: string; what: string[] } {
  const json = !/\.ya?ml$/i.test(sample.file);
  let text = sample.text;
  const what: string[] = [];
  const rounds = next(3) === 0 ? 2 : 1;
  for (let round = 0; round < rounds; round++) {
    let roll = next(TOTAL_WEIGHT);
    const mutation = MUTATIONS.find((m) => (roll -= m.weight) < 0)!;
    const result = mutation.mutate(text, next, json);
    if (!result) continue;
    text = result.text;
    what.push(result.what);
  }
  return { text, what };
}

/**
 * An edit that keeps the document's syntax, as typing inside a value does: the inside of a JSON string value, or a
 * YAML scalar after `key: `, replaced with a value the rules have an opinion on (or the start of one).
 */
export function valueEdit(
  text: string,
  json: boolean,
  next: Next,
): { start: number; end: number; text: string } | undefined {
  const value = pick(VALUES, next);
  const typed = next(3) === 0 ? value.slice(0, 1 + next(Math.max(1, value.length))) : value;
  if (json) {
    const target = targetValue(text, next, () => true);
    if (!target) return undefined;
    return { start: target.start + 1, end: target.end - 1, text: JSON.stringify(typed).slice(1, -1) };
  }
  const scalars = [...text.matchAll(/: ([^\s#'"][^\n#'"]*)$/gm)];
  if (scalars.length === 0) return undefined;
  const target = pick(scalars, next);
  return { start: target.index! + 2, end: target.index! + 2 + target[1].length, text: typed };
}

/** What the inserted text of an incremental edit is made of: snippets, rule values, and text from elsewhere in the document. */
export function insertion(text: string, next: Next): string {
  switch (next(4)) {
    case 0:
      return pick(SNIPPETS, next);
    case 1:
      return JSON.stringify(pick(VALUES, next));
    case 2: {
      const at = next(text.length + 1);
      return text.slice(at, at + next(40));
    }
    default:
      return pick(VALUES, next).slice(0, 1 + next(4));
  }
}

/** The kinds of URI documents are opened under: a plain file, the sample's real path (its parameter files on disk pair with it), and odd ones. */
const URI_KINDS = [
  'file',
  'file on disk',
  'untitled:',
  'file://host/',
  'encoded /',
  'malformed %',
  'encoded drive letter',
  'space and unicode',
  'vscode-vfs:',
] as const;
type UriKind = (typeof URI_KINDS)[number];

export function uriFor(kind: UriKind, sample: Sample, serial: number): string {
  const base = path.basename(sample.file);
  switch (kind) {
    case 'file':
      return `file:///fuzz/${serial}/${base}`;
    case 'file on disk':
      return pathToFileURL(sample.file).toString();
    case 'untitled:':
      return `untitled:Untitled-${serial}`;
    case 'file://host/':
      return `file://fuzzhost/share/${serial}/${base}`;
    case 'encoded /':
      return `file:///fuzz/${serial}/a%2Fb/${base}`;
    case 'malformed %':
      return `file:///fuzz/${serial}/bad%zz%E0%A4/${base}`;
    case 'encoded drive letter':
      return `file:///c%3A/fuzz/${serial}/${base}`;
    case 'space and unicode':
      return `file:///fuzz/${serial}/my%20f%C3%B6lder/${base}`;
    case 'vscode-vfs:':
      return `vscode-vfs://github/fuzz/repo/${serial}/${base}`;
  }
}

/** Mostly plain and on-disk files; every odd kind often enough that a short run meets each. */
export function uriKind(next: Next): UriKind {
  const roll = next(10);
  return roll < 3 ? 'file' : roll < 5 ? 'file on disk' : pick(URI_KINDS.slice(2), next);
}

/** The language the client says the document is in: mostly the file's own, sometimes another of ours or one we ignore. */
export function languageIdFor(sample: Sample, next: Next): string {
  const yaml = /\.ya?ml$/i.test(sample.file);
  const roll = next(20);
  if (roll === 0) return 'plaintext';
  if (roll === 1) return yaml ? 'json' : 'yaml';
  if (yaml) return roll < 4 ? 'helm' : 'yaml';
  return roll < 5 ? 'jsonc' : roll < 7 ? 'arm-template' : 'json';
}
