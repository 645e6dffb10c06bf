// An edit outside expressions keeps the previous version's expression table. A keystroke in a literal (a tag, a
// description) of a 4 MB template changes none of its 50,000 expression strings, and the spliced tree keeps their
// nodes (json/spliceJson.ts) — those in the container parsed again too, put back in place of their copies
// (keepExpressionStrings) — so the table — every site, its parse and its resolved references — stands as it was;
// only the template model around it is new: the table's groups of sites are pointed at the new model's scopes and
// declarations. The table is carried only when that is exactly what a fresh one would be: the same expression
// strings at the same places in the container before and after the edit, no user-defined function touched, as many
// scopes with the same evaluation scopes, the same declarations in the same order, the same outputs. Anything else
// builds the table anew.
import type { JsonNode, WritableJsonNode } from '../../json/nodes';
import type { ReplacedContainer } from '../../json/spliceJson';
import { entries, equalsIgnoreCase } from '../../json/nodes';
import type { ArmTemplate, TemplateScope } from '../template';
import { isExpression } from '../value';
import { effectiveScope } from './scopes';
import {
  adoptExpressions,
  builtExpressions,
  numberDeclarations,
  type ExpressionTableParts,
  type NamedDeclaration,
} from './references';

/**
 * The keys and indices that lead from a container to a node, as a list from the node back up: no string is built per
 * property (a keystroke between two resources walks all 800 of them).
 */
interface Path {
  readonly up: Path | undefined;
  /** A property's name (its key's value), an array index, or PROPERTY_NAME for the name itself. */
  readonly step: unknown;
}

/** The step to a property's name written as an expression (`"[resourceId(…)]": {}`), from the property. */
const PROPERTY_NAME = Symbol('property name');

function samePath(a: Path | undefined, b: Path | undefined): boolean {
  for (; a && b; a = a.up, b = b.up) if (a.step !== b.step) return false;
  return a === b;
}

/** An expression string under a container, and the keys and indices that lead to it from the container. */
interface PlacedExpression {
  readonly path: Path | undefined;
  readonly node: JsonNode;
  /** Its place among its parent's children. */
  readonly place: number;
}

/** What a walk of a container finds: its expression strings in document order, and whether it holds `functions`. */
interface ContainerWalk {
  readonly strings: PlacedExpression[];
  holdsFunctions: boolean;
}

function isFunctionsKey(key: JsonNode | undefined): boolean {
  return typeof key?.value === 'string' && equalsIgnoreCase(key.value, 'functions');
}

/** Every expression string under `node` (property names included), with its path; and any `functions` section. */
function walkContainer(
  node: JsonNode | undefined,
  path: Path | undefined = undefined,
  place = 0,
  found: ContainerWalk = { strings: [], holdsFunctions: false },
): ContainerWalk {
  if (node?.type === 'string' && isExpression(node.value as string)) found.strings.push({ path, node, place });
  else if (node?.type === 'array')
    node.children?.forEach((item, i) => walkContainer(item, { up: path, step: i }, i, found));
  else if (node?.type === 'object') {
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (isFunctionsKey(key)) found.holdsFunctions = true;
      const name: Path = { up: path, step: key?.value };
      walkContainer(key, { up: name, step: PROPERTY_NAME }, 0, found);
      walkContainer(value, name, 1, found);
    }
  }
  return found;
}

/** True when the node is inside a scope's `functions` section. */
function inFunctions(node: JsonNode | undefined): boolean {
  for (let current = node; current?.parent; current = current.parent)
    if (current.type === 'property' && isFunctionsKey(current.children?.[0])) return true;
  return false;
}

/**
 * When the edit left the container's expression strings as they were (the same strings at the same places before
 * and after) and touched no user-defined function (the container is in no `functions` section and holds none: the
 * table reads the functions' parameter names, which are not expressions), puts each of the old container's string
 * nodes in the fresh container in place of its copy, where the copy is, and answers true: the previous table's sites
 * point at those nodes, so a carried table reads the new tree as it stands. Must run on a spliced tree before
 * anything else reads it. The nodes put back take their copies' places: EditedRegion counts them added, like the
 * copies, and lists them among the stale nodes, as it walks the old container's children (which stay as they were),
 * so that the values kept for them are forgotten. False at once when `previous` (the version spliced from) has no
 * table to carry: no rule ran on it (a syntax error).
 */
export function keepExpressionStrings(previous: ArmTemplate, replaced: ReplacedContainer): boolean {
  if (!builtExpressions(previous) || inFunctions(replaced.fresh)) return false;
  const before = walkContainer(replaced.old);
  const after = walkContainer(replaced.fresh);
  if (before.holdsFunctions || after.holdsFunctions || before.strings.length !== after.strings.length) return false;
  const [old, fresh] = [before.strings, after.strings];
  for (let i = 0; i < old.length; i++)
    if (!samePath(old[i].path, fresh[i].path) || old[i].node.value !== fresh[i].node.value) return false;
  for (let i = 0; i < old.length; i++) {
    const [kept, copy] = [old[i].node as WritableJsonNode, fresh[i].node];
    copy.parent!.children![fresh[i].place] = kept;
    kept.parent = copy.parent;
    kept.offset = copy.offset;
    kept.length = copy.length;
  }
  return true;
}

/**
 * As many scopes, each resolving its expressions in the scope at the same place. The previous version's evaluation
 * scopes are read from the table's groups, as they were when it was built: its model reads the tree, which the
 * splice has changed. Scopes are listed in document order, and those in the edit's container hold no expression
 * string, so the scopes whose groups have sites are outside it, at the same places before and after.
 */
function sameScopes(table: ExpressionTableParts, previous: readonly TemplateScope[], next: readonly TemplateScope[]) {
  if (previous.length !== next.length) return false;
  return table.groups.every(
    (group) => previous.indexOf(group.scope) === next.indexOf(effectiveScope(next[previous.indexOf(group.declaredIn)])),
  );
}

/** The same names, kinds and loops, declared by the same scopes, in the same order. */
function sameDeclarations(
  previous: readonly NamedDeclaration[],
  next: readonly NamedDeclaration[],
  previousScopes: readonly TemplateScope[],
  nextScopes: readonly TemplateScope[],
): boolean {
  if (previous.length !== next.length) return false;
  for (let i = 0; i < next.length; i++) {
    const [before, after] = [previous[i], next[i]];
    if (before.kind !== after.kind || before.name !== after.name || before.copyLoop !== after.copyLoop) return false;
    if (previousScopes.indexOf(before.scope) !== nextScopes.indexOf(after.scope)) return false;
  }
  return true;
}

/** The lower-cased names of the outputs the table's walk numbers (those of scopes that resolve in themselves). */
function outputNames(template: ArmTemplate): string[] {
  const names: string[] = [];
  for (const scope of template.scopes) {
    if (effectiveScope(scope) !== scope) continue;
    for (const [key, section] of entries(scope.node)) {
      if (key.toLowerCase() === 'outputs') for (const [name] of entries(section)) names.push(name.toLowerCase());
    }
  }
  return names;
}

/**
 * Gives `next` the expression table of `previous` (the version it was spliced from, which must not be read again)
 * when the edit between them left every expression string and every user-defined function as it was
 * (keepExpressionStrings answered true, before `next` was built); true when it did.
 */
export function carryExpressions(previous: ArmTemplate, next: ArmTemplate): boolean {
  const table = builtExpressions(previous);
  if (!table || !sameScopes(table, previous.scopes, next.scopes)) return false;
  const { declarations, names } = numberDeclarations(next);
  if (!sameDeclarations(table.declarations, declarations, previous.scopes, next.scopes)) return false;
  const outputs = outputNames(next);
  if (outputs.length !== table.outputs.length || outputs.some((name, i) => table.outputs[i].name !== name))
    return false;
  for (const group of table.groups) {
    group.declaredIn = next.scopes[previous.scopes.indexOf(group.declaredIn)];
    group.scope = effectiveScope(group.declaredIn);
    group.declarations = declarations;
  }
  adoptExpressions(next, { ...table, declarations, names });
  return true;
}
