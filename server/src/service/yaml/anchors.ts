// YAML anchors as Helm reads a values file (go-yaml v2, YAML 1.1): an alias (`*url`) stands for the node anchored
// `&url` before it, and a merge key (`<<: *base`, `<<: [*a, *b]`) puts the keys of the maps it names into the map
// (yaml.org/type/merge.html) where it is written: go-yaml v2 applies a map's pairs in order, so a key written after
// the merge key replaces the merged one and one written before it is replaced, and of a list of maps the first wins.
// The `yaml` package reads YAML 1.2, which has no merge type, and leaves `<<` a plain key.
// What is read through an anchor is written where the anchor is, and other places may use it too: the caller marks
// it so, and no fix edits it. What go-yaml v2 refuses in anchors, which the `yaml` package reads without a word, is
// anchorProblems': their names too (anchorNames.ts).
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  visit,
  type Alias,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import type { SyntaxProblem } from '../json/parseJson';
import {
  anchorNamesIn,
  type DocumentWithCst,
  goYamlName,
  goYamlReadName,
  goYamlReadsName,
  type GoYamlName,
  type YamlAnchorName,
} from './anchorNames';
import { underlinedRange } from './nodeRange';
import { REFUSED_CHARACTER_ERROR, withControlsEscaped } from './refusedCharacters';
import { walkNodes } from './walkNodes';

export interface PairInEffect {
  readonly pair: Pair;
  /** Written in a map merged in with `<<`, not in the map itself. */
  readonly merged: boolean;
}

/** A merge key: `<<` written plain (quoted, `"<<"` is an ordinary key). */
export function isMergeKey(key: unknown): boolean {
  return isScalar(key) && key.value === '<<' && (key.type === undefined || key.type === 'PLAIN');
}

/** The node an alias names: the last node before it with that anchor, within `root`. */
function resolveAlias(alias: Alias, root: Node): Node | undefined {
  const at = alias.range?.[0] ?? 0;
  let found: Node | undefined;
  visit(root, (_, node) => {
    if (!isAlias(node) && !isScalar(node) && !isMap(node) && !isSeq(node)) return undefined;
    if ((node.range?.[0] ?? 0) >= at) return visit.BREAK;
    if (!isAlias(node) && node.anchor === alias.source) found = node;
    return undefined;
  });
  return found;
}

/** The maps a merge key's value names, in order: a map, an alias of one, or a list of those. */
function mergedMaps(value: unknown, root: Node): YAMLMap[] {
  const sources = isSeq(value) ? value.items : [value];
  const maps: YAMLMap[] = [];
  for (const source of sources) {
    const map = isAlias(source) ? resolveAlias(source, root) : source;
    if (isMap(map)) maps.push(map);
  }
  return maps;
}

/**
 * The pairs of `map` in effect, as go-yaml v2 (Helm's reader) builds the map: pairs apply in the order written, a
 * later one replacing an earlier one with the same key, and a merge key applies the maps it names (of a list, the
 * first one last, so that it wins), each read the same way. `root` is the document's root, where aliases resolve.
 */
export function pairsInEffect(map: YAMLMap, root: Node): PairInEffect[] {
  // The maps being read: one merged into itself through an alias (`&a { <<: *a }`) is not read again.
  const reading = new Set<YAMLMap>();
  const read = (current: YAMLMap): Map<unknown, PairInEffect> => {
    reading.add(current);
    const inEffect = new Map<unknown, PairInEffect>();
    for (const pair of current.items) {
      if (!isMergeKey(pair.key)) {
        inEffect.set(isScalar(pair.key) ? pair.key.value : pair, { pair, merged: false });
        continue;
      }
      for (const source of mergedMaps(pair.value, root).reverse()) {
        if (reading.has(source)) continue;
        for (const [key, { pair: inner }] of read(source)) inEffect.set(key, { pair: inner, merged: true });
      }
    }
    reading.delete(current);
    return inEffect;
  };
  return [...read(map).values()];
}

/**
 * Walks a document in the order written, knowing at each point the node every anchor name stands for (the latest
 * node before it with that anchor): `visitor` sees each pair and each alias with those anchors, named by `nameOf`
 * (the `yaml` package's names by default). Returns them as they stand at the end: every anchor name of the document.
 */
function walkWithAnchors(
  root: Node | Document,
  visitor: (node: Pair | Alias, anchors: ReadonlyMap<string, Node>) => void,
  nameOf: (name: string) => string = (name) => name,
): ReadonlyMap<string, Node> {
  const anchors = new Map<string, Node>();
  walkNodes(root, (node) => {
    if (isPair(node) || isAlias(node)) visitor(node, anchors);
    else if (typeof node.anchor === 'string') anchors.set(nameOf(node.anchor), node);
  });
  return anchors;
}

/**
 * Every node an alias of the document names, in one walk: what is written there is read in other places too, and
 * editing it would change them.
 */
export function aliasedNodes(root: Node): Set<Node> {
  const named = new Set<Node>();
  walkWithAnchors(root, (node, anchors) => {
    const target = isAlias(node) ? anchors.get(node.source) : undefined;
    if (target) named.add(target);
  });
  return named;
}

/** The node itself, or the one it names when it is an alias (undefined when no anchor before it has that name). */
export function resolved(node: Node | null, root: Node): Node | null | undefined {
  return isAlias(node) ? resolveAlias(node, root) : node;
}

/** The pair of a string key in effect in a map (written in it, or merged in), or undefined. */
export function pairInEffect(map: YAMLMap, key: string, root: Node): PairInEffect | undefined {
  return pairsInEffect(map, root).find(({ pair }) => isScalar(pair.key) && pair.key.value === key);
}

/** The value of a string key in effect in a map (written in it, or merged in), aliases resolved, or undefined. */
export function valueInEffect(map: YAMLMap, key: string, root: Node): Node | null | undefined {
  const found = pairInEffect(map, key, root);
  return found && resolved(found.pair.value as Node | null, root);
}

/**
 * True when `map` is what a merge key may name: a map, or an alias of one (`anchors`: those defined so far, by the
 * names go-yaml v2 reads).
 */
function mergeable(node: unknown, anchors: ReadonlyMap<string, Node>): boolean {
  if (isAlias(node)) {
    const target = anchors.get(goYamlReadName(node.source));
    // An alias with no anchor is reported as such.
    return target === undefined || isMap(target);
  }
  return isMap(node);
}

/**
 * What Helm's and kubectl's YAML reader (go-yaml v2) rejects in the anchors of a text's documents, which the `yaml`
 * package reads without a word (so an editor's YAML support does not mark it), in the order written: namesProblems'
 * and documentAnchorProblems'.
 */
export function anchorProblems(
  documents: readonly (DocumentWithCst & { readonly document: Document.Parsed })[],
): SyntaxProblem[] {
  return documents
    .flatMap((document) => [...namesProblems(anchorNamesIn(document)), ...documentAnchorProblems(document.document)])
    .sort((a, b) => a.start - b.start);
}

/**
 * What go-yaml v2 rejects in one document's anchor and alias names, written where the name is (a comment may sit
 * between an anchor and its node): a name it cannot read (`&a.b`, `&ü`, an unquoted wildcard host, a control
 * character); an alias with no anchor of the name go-yaml reads before it in its document (YAML 1.2, 7.1: anchors do
 * not cross `---`); a name go-yaml ends early where what follows cannot come (`key: *a:b`).
 */
function namesProblems(names: readonly YamlAnchorName[]): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  /** The names go-yaml has read in anchors so far. */
  const anchors = new Set<string>();
  for (const written of names) {
    const read = goYamlName(written);
    const { start, end } = written.range;
    // go-yaml v2 resolves an alias as soon as it reads it (decode.go parser.alias), before what follows the name; the
    // alias is underlined with its `*`, as the `yaml` package's node is.
    if (written.kind === 'alias' && read.name !== undefined && !anchors.has(read.name))
      problems.push({ start: start - 1, end, message: unknownAnchorMessage(written, read), onlyHelmRejects: true });
    else if (read.error) problems.push({ start, end, message: nameMessage(written, read), onlyHelmRejects: true });
    if (written.kind === 'anchor' && read.name !== undefined) anchors.add(read.name);
  }
  return problems;
}

/** A name to suggest for one go-yaml v2 cannot read: accents dropped, other characters made `-` (`a.b` → `a-b`). */
function readableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** How go-yaml v2 reads a name it ends early: "end the alias name 'a:b' at ':' … and read the alias `*a` …". */
function endedEarly({ kind, name }: YamlAnchorName, read: GoYamlName): string {
  const marker = kind === 'anchor' ? '&' : '*';
  return `Helm and kubectl end the ${kind} name '${withControlsEscaped(name)}' at '${withControlsEscaped(read.character ?? '')}' (letters, digits, _ and - only) and read the ${kind} \`${marker}${read.name}\` followed by '${withControlsEscaped(name.slice(read.name?.length))}'`;
}

const RENAME = 'rename the anchor and its aliases (Rename Symbol renames them together)';

function nameMessage(written: YamlAnchorName, read: GoYamlName): string {
  const { kind, name } = written;
  const suggested = readableName(name);
  const example = goYamlReadsName(suggested) ? `, e.g. '${suggested}'` : '';
  if (read.name !== undefined)
    return `YAML error: ${read.error}: ${endedEarly(written, read)}, which cannot come there: ${RENAME}${example}, or Helm and kubectl reject the file`;
  // A wildcard host written unquoted (`hostname: *.i.azure.anyscaleuserdata.com`) is read as an alias.
  const wildcard =
    kind === 'alias' && name.startsWith('.')
      ? ` (a value starting with * is read as an alias: quote it, '*${name}')`
      : '';
  const character = withControlsEscaped(read.character ?? '');
  const rule =
    read.error === REFUSED_CHARACTER_ERROR
      ? 'which Helm and kubectl do not read anywhere in a file'
      : 'which Helm and kubectl do not read in an anchor name (letters, digits, _ and - only)';
  return `YAML error: ${read.error}: the ${kind} name '${withControlsEscaped(name)}' holds '${character}', ${rule}: ${RENAME}${example}, or Helm and kubectl reject the file${wildcard}`;
}

function unknownAnchorMessage(written: YamlAnchorName, read: GoYamlName): string {
  const ended = read.name === written.name ? '' : ` ${endedEarly(written, read)}, and`;
  return `YAML error: unknown anchor '${read.name}' referenced:${ended} no \`&${read.name}\` comes before this alias in its document (each \`---\` document has its own anchors), and Helm and kubectl reject the file`;
}

/**
 * What go-yaml v2 rejects in one document's anchors besides names: an alias inside the node it names (go-yaml v2:
 * "anchor value contains itself"); a merge key whose value is not a map or a list of maps (the merge type; go-yaml
 * v2: "map merge requires map or sequence of maps as the value"). In the order written. Nodes are anchored by the
 * names go-yaml reads; an alias whose name it cannot read, or that names no anchor before it, is namesProblems'.
 */
function documentAnchorProblems(document: Document.Parsed): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  walkWithAnchors(
    document,
    (node, anchors) => {
      if (isPair(node)) {
        if (!isMergeKey(node.key)) return;
        const value = node.value;
        const fits = isSeq(value) ? value.items.every((item) => mergeable(item, anchors)) : mergeable(value, anchors);
        if (!fits)
          problems.push({
            ...underlinedRange(isScalar(value) || isSeq(value) || isAlias(value) ? value : (node.key as Node)),
            message:
              'YAML error: map merge requires map or sequence of maps as the value: `<<` must name a map (`<<: *base`) or a list of maps (`<<: [*a, *b]`), or Helm and kubectl reject the file',
            onlyHelmRejects: true,
          });
        return;
      }
      const name = goYamlReadName(node.source);
      const target = anchors.get(name);
      if (target?.range && node.range && target.range[0] <= node.range[0] && node.range[0] < target.range[1])
        problems.push({
          ...underlinedRange(node),
          message: `YAML error: anchor '${name}' value contains itself: this alias is inside the node anchored \`&${name}\`, and Helm and kubectl reject the file`,
          onlyHelmRejects: true,
        });
    },
    goYamlReadName,
  );
  return problems;
}
