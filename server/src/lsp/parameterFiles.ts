// Parameter files in the editor: a template is checked with its parameter files — the ones beside it by naming
// convention and the ones the `anyscaleAzure.parameterFiles` setting assigns — and a parameter file shows the
// findings its values cause in its template. Open documents' unsaved text wins over the disk, which is read as
// `anyscale-azure check` reads it: up to 16 MB, never blocking on a FIFO, with check's words for a file it cannot read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type FileEvent, FileChangeType, type TextDocuments } from 'vscode-languageserver/node';
import type { OpenDocument } from './openDocument';
import { type Finding, globToRegExp, LineIndex, type ParameterFileInput, parseJson, wholeTree } from '../service';
import { type BoundedReadError, fileText, NOT_CHECKED, readBounded, utf16Text } from '../node/boundedRead';
import { filePathOf } from '../node/fileUri';
import { filesUnder, folderEntryNames } from '../node/folderWalk';
import { isUnder, isWithin } from '../node/isWithin';
import {
  configuredParameterFiles,
  configuredTemplate,
  conventionalParameterFiles,
  conventionalTemplate,
  type ParameterFileSetting,
} from '../node/parameterFilePaths';

/** At most this many directory entries are read when looking for the templates a setting's globs match. */
const MAX_SCANNED_ENTRIES = 20_000;

/** A parameter file as a template's analysis takes it, with the text it was parsed from. */
type ParameterFileText = ParameterFileInput & { readonly text: string };

/**
 * A template's parameter file, or a parameter file's template, that the other is checked without because it cannot be
 * read: where it is, and why (check's words).
 */
export interface UnreadPairedFile {
  readonly uri: string;
  /** Its path from the folder of the file checked without it (its name, beside it). */
  readonly name: string;
  readonly reason: string;
}

/** What reading a document gave: its text, or why a file that is there cannot be read; undefined when it is not there. */
type DocumentRead = { readonly text: string } | { readonly unread: string } | undefined;

export class ParameterFiles {
  private folders: readonly string[] = [];
  /** The last parse of each parameter file read, by URI (see parameterFilesOf). */
  private readonly inputs = new Map<string, ParameterFileText>();
  /**
   * The templates each workspace folder's files hold that the setting's globs match: found once per setting, then
   * kept current by pathsChanged.
   */
  private configuredTemplates?: { readonly key: string; readonly templates: readonly string[] };

  constructor(
    private readonly documents: TextDocuments<OpenDocument>,
    /** The current `anyscaleAzure.parameterFiles` setting. */
    private readonly setting: () => ParameterFileSetting | undefined,
    /** Whether the setting's globs reach through the symbolic links in a workspace folder, as the scan does. */
    private readonly followsLinksIn: (folder: string) => boolean = () => true,
  ) {}

  /** The workspace folders (`file:` URIs) the setting's relative paths and globs are resolved against. */
  setWorkspaceFolders(folderUris: readonly string[]): void {
    this.folders = folderUris.flatMap((uri) => filePathOf(uri) ?? []);
    this.configuredTemplates = undefined;
  }

  /**
   * Paths were created or deleted (a folder is one event, none for the files in it): a deleted path takes the
   * templates the setting matched at or under it along; a created file a glob matches, or a created folder, has them
   * found again at the next lookup. A renamed template is both.
   */
  pathsChanged(events: readonly FileEvent[]): void {
    const cached = this.configuredTemplates;
    const setting = this.validSetting();
    if (!cached || !setting) return;
    const patterns = templatePatterns(setting);
    let templates = cached.templates;
    for (const event of events) {
      const file = filePathOf(event.uri);
      if (file === undefined || event.type === FileChangeType.Changed) continue;
      templates = templates.filter((template) => !isWithin(file, template));
      if (event.type === FileChangeType.Created && (this.matches(file, patterns) || isFolder(file))) {
        this.configuredTemplates = undefined;
        return;
      }
    }
    this.configuredTemplates = { key: cached.key, templates };
  }

  /** A glob of the setting matches the file's path in one of the workspace folders. */
  private matches(file: string, patterns: readonly RegExp[]): boolean {
    return this.folders.some((folder) => {
      if (!isUnder(folder, file)) return false;
      const relative = path.relative(folder, file).split(path.sep).join('/');
      return patterns.some((pattern) => pattern.test(relative));
    });
  }

  /** The text of a document: the open editor's, else the file's; undefined when neither can be had. */
  textOf(uri: string): string | undefined {
    const read = this.read(uri);
    return read !== undefined && 'text' in read ? read.text : undefined;
  }

  /**
   * The open editor's text, else the file's as check reads it (readBounded: over MAX_FILE_BYTES, not readable, or in
   * UTF-16, is why not). Nothing at that path: undefined. A folder, FIFO or device there: undefined, as check passes
   * those over beside a template, unless the file is `named` (the setting assigns it), as check names them given with
   * --parameters.
   */
  private read(uri: string, named = false): DocumentRead {
    const open = this.documents.get(uri);
    if (open) return { text: open.getText() };
    const file = filePathOf(uri);
    if (file === undefined) return undefined;
    try {
      const bytes = readBounded(file);
      const utf16 = utf16Text(bytes, NOT_CHECKED);
      return utf16 === undefined ? { text: fileText(bytes) } : { unread: utf16 };
    } catch (error) {
      const { message, notAFile } = error as BoundedReadError;
      return (notAFile && !named) || !isThere(file) ? undefined : { unread: message };
    }
  }

  linesOf(uri: string): LineIndex | undefined {
    const open = this.documents.get(uri);
    if (open) return open.lines;
    const text = this.textOf(uri);
    return text === undefined ? undefined : new LineIndex(text);
  }

  private siblings(file: string): string[] {
    return folderEntryNames(path.dirname(file));
  }

  /** The setting, when it is an object of string arrays; a malformed setting counts as none. */
  private validSetting(): ParameterFileSetting | undefined {
    const raw = this.setting() as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
    const valid: Record<string, string[]> = {};
    for (const [glob, files] of Object.entries(raw))
      if (Array.isArray(files)) valid[glob] = files.filter((file): file is string => typeof file === 'string');
    return valid;
  }

  /** The parameter files of a template: by convention and by the setting, each once; and those the setting assigns. */
  private parameterFilePaths(file: string): { paths: string[]; assigned: ReadonlySet<string> } {
    const setting = this.validSetting();
    const configured = this.folders
      .filter((folder) => isUnder(folder, file))
      .flatMap((folder) => configuredParameterFiles(file, folder, setting));
    const paths = [...new Set([...conventionalParameterFiles(file, this.siblings(file)), ...configured])].filter(
      (candidate) => candidate !== file,
    );
    return { paths, assigned: new Set(configured) };
  }

  /**
   * The parseable parameter files of a template that has a file path, with their text. A file whose text has not
   * changed since it was last read is the same object: it is not parsed again for each edit of its template, and
   * the template's evaluator made with its values carries over the edit (service: carryValues.ts).
   */
  parameterFilesOf(templateUri: string): ParameterFileText[] {
    return this.readParameterFiles(templateUri).inputs;
  }

  /** As parameterFilesOf, with the parameter files that could not be read (over check's 16 MB, unreadable) and why. */
  readParameterFiles(templateUri: string): { inputs: ParameterFileText[]; unread: UnreadPairedFile[] } {
    const file = filePathOf(templateUri);
    if (file === undefined) return { inputs: [], unread: [] };
    const inputs: ParameterFileText[] = [];
    const unread: UnreadPairedFile[] = [];
    const { paths, assigned } = this.parameterFilePaths(file);
    for (const parameterFile of paths) {
      const uri = pathToFileURL(parameterFile).toString();
      const read = this.read(uri, assigned.has(parameterFile));
      if (read !== undefined && 'unread' in read)
        unread.push({ uri, name: path.relative(path.dirname(file), parameterFile), reason: read.unread });
      const text = read !== undefined && 'text' in read ? read.text : undefined;
      const kept = this.inputs.get(uri);
      if (kept && kept.text === text) {
        inputs.push(kept);
        continue;
      }
      this.inputs.delete(uri);
      // One that does not parse, or nests deeper than we read, is left out.
      const root = text === undefined ? undefined : wholeTree(parseJson(text));
      if (text === undefined || !root) continue;
      const input = { uri, root, text };
      this.inputs.set(uri, input);
      inputs.push(input);
    }
    return { inputs, unread };
  }

  /**
   * The text of a parameter file's template (the open editor's, else the file's as check reads it); when the file is
   * there but cannot be read (over check's 16 MB, unreadable), it and why; undefined when it is not there.
   */
  templateRead(
    parameterUri: string,
    templateUri: string,
  ): { readonly text: string } | { readonly unread: UnreadPairedFile } | undefined {
    const read = this.read(templateUri);
    if (read === undefined || 'text' in read) return read;
    const from = filePathOf(parameterUri);
    const to = filePathOf(templateUri);
    const name = from === undefined || to === undefined ? templateUri : path.relative(path.dirname(from), to);
    return { unread: { uri: templateUri, name, reason: read.unread } };
  }

  /** The template of a parameter file that has a file path: by naming convention, else the one template the setting assigns it to. */
  templateOf(parameterUri: string): string | undefined {
    const file = filePathOf(parameterUri);
    if (file === undefined) return undefined;
    const template = conventionalTemplate(file, this.siblings(file)) ?? this.configuredTemplateOf(file);
    return template === undefined ? undefined : pathToFileURL(template).toString();
  }

  private configuredTemplateOf(file: string): string | undefined {
    const setting = this.validSetting();
    if (!setting || Object.keys(setting).length === 0) return undefined;
    for (const folder of this.folders.filter((candidate) => isUnder(candidate, file))) {
      const template = configuredTemplate(file, folder, setting, this.templatesMatching(setting));
      if (template !== undefined) return template;
    }
    return undefined;
  }

  /**
   * The files of the workspace folders that one of the setting's template globs matches, through symbolic links where
   * the scan follows them.
   */
  private templatesMatching(setting: ParameterFileSetting): readonly string[] {
    const key = JSON.stringify([this.folders, Object.keys(setting), this.folders.map(this.followsLinksIn)]);
    if (this.configuredTemplates?.key === key) return this.configuredTemplates.templates;
    const patterns = templatePatterns(setting);
    const templates = filesUnder(
      this.folders,
      (relative) => patterns.some((pattern) => pattern.test(relative)),
      MAX_SCANNED_ENTRIES,
      this.followsLinksIn,
    );
    this.configuredTemplates = { key, templates };
    return templates;
  }
}

/** The setting's template globs, as tests of a path relative to its workspace folder. */
function templatePatterns(setting: ParameterFileSetting): RegExp[] {
  return Object.keys(setting).map((glob) => globToRegExp(glob.replace(/^\.\//, '')));
}

function isFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Something is at the path (a broken symbolic link too). */
function isThere(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The findings of a template's run that sit in one of its parameter files, restated from that file's point of
 * view: the finding and its fixes of the file's values become local, and what was local to the template now names
 * the template.
 */
export function findingsInParameterFile(
  findings: readonly Finding[],
  parameterUri: string,
  templateUri: string,
): Finding[] {
  const local = (uri: string | undefined) => (uri === undefined ? templateUri : uri === parameterUri ? undefined : uri);
  return findings
    .filter((finding) => finding.uri === parameterUri)
    .map((finding) => ({
      ...finding,
      uri: undefined,
      related: finding.related?.map((related) => ({ ...related, uri: local(related.uri) })),
      fixes: finding.fixes?.map((fix) => (fix.uri === parameterUri ? { ...fix, uri: undefined } : fix)),
    }));
}
