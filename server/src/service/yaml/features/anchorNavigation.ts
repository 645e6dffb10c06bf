// Go to definition, find references and rename for YAML anchors (`&url`) and their aliases (`*url`) in operator
// values and Gateway manifests. Anchors and aliases are read from the `yaml` package's CST once per parse
// (anchorNames.ts anchorNamesIn), so an `&` or `*` in a quoted or plain string, a block scalar or a comment is none;
// an alias names what Helm's and kubectl's reader (go-yaml v2) binds it to: the last anchor of its name before it, in
// its own `---` document (a later anchor of the same name starts a new binding). Ranges are the name alone, after the
// `&` or `*`: a rename changes nothing else.
import type { TextEdit } from '../../text/range';
import { anchorNamesIn, goYamlReadsName, type YamlAnchorName } from '../anchorNames';
import { classifyYamlDocument } from '../classifyYaml';
import { parseYaml, type ParsedYaml } from '../document';

export interface YamlAnchorAt {
  /** The anchor or alias under the cursor. */
  readonly at: YamlAnchorName;
  /** The anchor it is, or the one it names; undefined for an alias with no anchor of its name before it. */
  readonly anchor: YamlAnchorName | undefined;
  /** Every alias naming that anchor, in the order written. */
  readonly aliases: readonly YamlAnchorName[];
  /** Every anchor and alias of the document, in the order written: what a new name must not collide with. */
  readonly inDocument: readonly YamlAnchorName[];
}

export type YamlAnchorRename =
  { readonly ok: true; readonly edits: readonly TextEdit[] } | { readonly ok: false; readonly message: string };

/** The anchor each alias names, as go-yaml v2 binds it: the latest anchor of its name before it. */
function bindings(names: readonly YamlAnchorName[]): Map<YamlAnchorName, YamlAnchorName> {
  const latest = new Map<string, YamlAnchorName>();
  const boundTo = new Map<YamlAnchorName, YamlAnchorName>();
  for (const name of names) {
    if (name.kind === 'anchor') latest.set(name.name, name);
    else {
      const anchor = latest.get(name.name);
      if (anchor) boundTo.set(name, anchor);
    }
  }
  return boundTo;
}

/** From the `&` or `*` to the end of the name: the cursor is on it. */
const isOn = (name: YamlAnchorName, offset: number) => name.range.start - 1 <= offset && offset <= name.range.end;

/**
 * The anchor or alias at `offset`, with the anchor it is or names and that anchor's aliases; undefined off any, and in
 * a document that is not operator values or a Gateway manifest (other YAML gets none of the extension's features).
 * `parsed`: the text's parse when the caller has it (a YamlVersion's), which keeps the names it reads for the next
 * request on the same version.
 */
export function yamlAnchorAt(
  text: string,
  offset: number,
  parsed: ParsedYaml = parseYaml(text),
): YamlAnchorAt | undefined {
  // None: the text nests too deeply to parse (document.ts tooDeepAt), and is not read further.
  for (const document of parsed.documents) {
    if (offset < document.cst.offset) return undefined;
    const names = anchorNamesIn(document);
    const at = names.find((name) => isOn(name, offset));
    if (!at) continue;
    if (classifyYamlDocument(document.root) === 'other') return undefined;
    const boundTo = bindings(names);
    const anchor = at.kind === 'anchor' ? at : boundTo.get(at);
    const aliases = anchor ? names.filter((name) => boundTo.get(name) === anchor) : [];
    return { at, anchor, aliases, inDocument: names };
  }
  return undefined;
}

const noAnchor = (alias: YamlAnchorName) =>
  `No \`&${alias.name}\` comes before this alias in its document, so there is no anchor to rename.`;

/** Why the anchor or alias found cannot be renamed; undefined when it can. */
export function cannotRenameYamlAnchor(found: YamlAnchorAt): string | undefined {
  return found.anchor ? undefined : noAnchor(found.at);
}

/** Why `newName` cannot replace the anchor's name: not a name go-yaml v2 reads, or one that would rebind an alias. */
function invalidName(found: YamlAnchorAt, anchor: YamlAnchorName, newName: string): string | undefined {
  if (!goYamlReadsName(newName)) {
    const marker = /^[&*]/.test(newName) ? ` Type the name without its \`${newName[0]}\`.` : '';
    return `'${newName}' is not an anchor name Helm and kubectl can read: use ASCII letters, digits, '_' and '-' (their YAML reader, go-yaml v2, accepts no other character in an anchor name).${marker}`;
  }
  if (newName === anchor.name) return undefined;
  const lastAlias = found.aliases.at(-1)?.range.start ?? anchor.range.start;
  // What comes first after the anchor with the new name decides: an alias would name the renamed anchor instead of
  // what it names now, and an anchor before the last alias would take over the aliases after it.
  const next = found.inDocument.find((name) => name.name === newName && name.range.start > anchor.range.start);
  if (next?.kind === 'alias')
    return `An alias \`*${newName}\` comes after this anchor: renamed '${newName}', the anchor would be what that alias reads. Choose another name.`;
  if (next && next.range.start < lastAlias)
    return `An anchor \`&${newName}\` comes between this anchor and its aliases: renamed '${newName}', the aliases after it would read that one. Choose another name.`;
  return undefined;
}

/** The edits that rename the anchor at or named by the cursor and exactly the aliases that name it: the names alone. */
export function renameYamlAnchor(found: YamlAnchorAt, newName: string): YamlAnchorRename {
  const anchor = found.anchor;
  if (!anchor) return { ok: false, message: noAnchor(found.at) };
  const invalid = invalidName(found, anchor, newName);
  if (invalid) return { ok: false, message: invalid };
  return { ok: true, edits: [anchor, ...found.aliases].map(({ range }) => ({ ...range, newText: newName })) };
}
