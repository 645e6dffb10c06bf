// The language server: wires LSP to the service. Analyses each document version once (from the previous version's
// tree, which that analysis hands over), validates after a debounce, publishes diagnostics and per-document stats,
// and gives the workspace index the document's facts at once and its outline once requests have paused. Completion
// and hover right after an edit do not wait for that analysis: they read the version's editing model
// (service/documents/editingModel.ts), built without the rules from the previous version's. The workspace index
// (open documents and the workspace scan of the files on disk) is served by ./workspaceIndexRequests. All product
// logic lives in ../service.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  CodeActionRequest,
  CompletionRequest,
  createConnection,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  HoverRequest,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  DiagnosticSeverity,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type CodeActionParams,
  type CompletionParams,
  type FileEvent,
  type HoverParams,
  type InitializeParams,
  WatchKind,
  type WorkspaceFoldersChangeEvent,
} from 'vscode-languageserver/node';
import {
  analyzeDocument,
  applySuppressions,
  atParameterFileLevels,
  cloudTree,
  CONFIG_FILE_NAME,
  type DocumentAnalysis,
  documentOutline,
  EditingModel,
  type Finding,
  findingsAfterEdits,
  LineIndex,
  type ParameterFileInput,
  parseJson,
  templateFindingsIn,
  WorkspaceIndex,
  YamlVersion,
  isYamlLanguage,
  CHECKED_LANGUAGES,
} from '../service';
import {
  DocumentStatsNotification,
  type DocumentStats,
  type InitializationOptions,
  type ServerSettings,
} from '../../../shared/protocol';
import { toDiagnostics, unreadParameterFileDiagnostics, unreadTemplateDiagnostics } from './diagnostics';
import { findingsInParameterFile, ParameterFiles, type UnreadPairedFile } from './parameterFiles';
import { COMPLETION_TRIGGER_CHARACTERS, completionItems, completionResult } from './completion';
import { docsLinks, hover } from './hover';
import { codeActions, FIX_ALL_KIND } from './codeActions';
import { readRuleLevels } from './settings';
import { registerEgressHandlers } from './egressRequests';
import { registerClusterExtensionHandlers } from './clusterExtension';
import { NAVIGATION_CAPABILITIES, registerNavigationHandlers } from './navigation';
import { ConfigFiles } from '../node/config';
import { excludePatterns, WorkspaceScan } from '../node/workspaceScan';
import { WorkspaceIndexPublisher } from './workspaceIndexRequests';
import { filePathOf } from '../node/fileUri';
import { isWithin } from '../node/isWithin';
import { AT_POSITION, IN_RANGE, msSinceLastRequest, request, stopIfCancelled } from './requests';
import { registerAzureHandlers } from './azure';
import { OPEN_DOCUMENTS, type OpenDocument } from './openDocument';

const LANGUAGES = new Set(CHECKED_LANGUAGES);
/** Larger documents are skipped with one message rather than freezing the editor. */
const MAX_DOCUMENT_LENGTH = 64 * 1024 * 1024;
const DEFAULT_DELAY_MS = 200;
/** The files whose changes the server watches (it is told of every path's creation and deletion too). */
const WATCHED_FILE = /\.(jsonc?|ya?ml)$/i;

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(OPEN_DOCUMENTS);
const parameterFiles = new ParameterFiles(
  documents,
  () => settings.parameterFiles,
  (folder): boolean => workspaceScan.followsLinksIn(folder),
);

let docsBaseUri = pathToFileURL(path.join(__dirname, '..', 'docs', 'rules')).toString();
let canPullConfiguration = false;
let settings: ServerSettings = {};
/** The workspace folders as the client sent them (at initialize, then in each change), and their paths on disk. */
let workspaceFolderUris: readonly string[] = [];
let workspaceRoots: string[] = [];
let clientCommands: readonly string[] = [];
let canWatchFiles = false;
/** The client announces workspace folders added and removed (a multi-root workspace changes without a restart). */
let canFollowWorkspaceFolders = false;
/** The client takes a completion list's default edit range (LSP 3.17 itemDefaults). */
let canDefaultEditRange = false;
/** Each document's nearest `.anyscale-azure.json`, read once until a watched one changes. */
const configFiles = new ConfigFiles(
  () => workspaceRoots,
  (config) => connection.console.warn(config.messages.join('\n')),
);

interface CachedAnalysis {
  version: number;
  /** The text of that version: a request that waited may answer from it while the document has moved on. */
  text: string;
  analysis: DocumentAnalysis;
  lines: LineIndex;
  /** The parameter files the analysis used (a template's; none for other documents), for hover. */
  parameterFiles: readonly ParameterFileInput[];
  /** A template's parameter files that could not be read, so it was checked without them. */
  unreadParameterFiles: readonly UnreadPairedFile[];
  /** A parameter file's template that could not be read, so what its values cause there was not checked. */
  unreadTemplate?: UnreadPairedFile;
  /** A parameter file's template, whose run gave the findings its values cause (none: there was none). */
  template?: string;
  /** A YAML document's, with the analysis's parse, for completion and hover. */
  yaml?: YamlVersion;
}
/**
 * Facts of the open documents that cross-file checks read (a values file against the templates' cloud resources), and
 * their outlines for the workspace index, whose every change is announced once changes settle.
 */
const workspace = new WorkspaceIndex(() => indexPublisher.changed());
/**
 * `files.exclude` and `search.exclude` patterns that are on, per workspace folder when pulled (each folder of a
 * multi-root workspace may set its own), else one list for all: the scan skips those files, the index does not show
 * them.
 */
let excludes: readonly string[] | ReadonlyMap<string, readonly string[]> = [];
/** `search.followSymlinks` (on by default), per workspace folder when pulled, else one value for all: the scan's. */
let followSymlinks: boolean | ReadonlyMap<string, boolean> = true;
/**
 * The same facts from the workspace's files on disk that are not open, each analysed as the editor would: with its
 * rule levels and, for a template, its parameter files (their own problems at their own levels) and those it could not
 * read.
 */
const workspaceScan = new WorkspaceScan(
  workspace,
  (file) => documents.all().some((document) => filePathOf(document.uri) === file),
  (file) => {
    const uri = pathToFileURL(file).href;
    const { inputs, unread } = /\.ya?ml$/i.test(file)
      ? { inputs: [], unread: [] }
      : parameterFiles.readParameterFiles(uri);
    return {
      ruleLevels: ruleLevelsOf(uri),
      parameterFiles: inputs,
      parameterFileLevels: ruleLevelsOf,
      // The tree names them (over check's 16 MB, unreadable), as it names the files the walk could not read.
      unreadParameterFiles: unread.map(({ uri, reason }) => ({ uri, reason })),
    };
  },
  () => indexPublisher.changed(),
);
const indexPublisher = new WorkspaceIndexPublisher(
  connection,
  () => {
    outlinesNow();
    return cloudTree(workspace.outlines((uri) => workspaceScan.shows(uri)));
  },
  () => workspaceScan.unreadFiles(),
  () => workspaceScan.truncated(),
  () => settings.validation?.delay ?? DEFAULT_DELAY_MS,
);
const cache = new Map<string, CachedAnalysis>();
/** Each open document's editing model, for its latest version that completion or hover needed before it was analysed. */
const models = new Map<string, EditingModel>();
/** Each document's published findings, with the text they are about: what the editor shows until the next are published. */
const shown = new Map<string, { readonly text: string; readonly findings: Finding[] }>();
const pending = new Map<string, NodeJS.Timeout>();

connection.onInitialize((params: InitializeParams) => {
  const options = (params.initializationOptions ?? {}) as InitializationOptions;
  if (options.docsBaseUri) docsBaseUri = options.docsBaseUri.replace(/\/$/, '');
  canPullConfiguration = !!params.capabilities.workspace?.configuration;
  canFollowWorkspaceFolders = !!params.capabilities.workspace?.workspaceFolders;
  setWorkspaceFolders(params.workspaceFolders?.map((folder) => folder.uri) ?? []);
  // A client that sends only a root (no folders): its parameter files are still looked up under it; nothing is scanned.
  if (!params.workspaceFolders && params.rootUri) parameterFiles.setWorkspaceFolders([params.rootUri]);
  canWatchFiles = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
  canDefaultEditRange =
    params.capabilities.textDocument?.completion?.completionList?.itemDefaults?.includes('editRange') ?? false;
  clientCommands = options.commands ?? [];
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
      hoverProvider: true,
      completionProvider: { triggerCharacters: COMPLETION_TRIGGER_CHARACTERS },
      ...NAVIGATION_CAPABILITIES,
    },
    serverInfo: { name: 'anyscale-azure-language-server' },
  };
});

/** A scan running, and whether another must follow it (the settings changed meanwhile). */
let scanning: Promise<void> | undefined;
let scanAgain = false;

/** Scans the workspace folders (again): one scan at a time, with the latest excludes and rule levels. */
function scanWorkspace(): void {
  if (scanning) {
    scanAgain = true;
    return;
  }
  scanning = (async () => {
    do {
      scanAgain = false;
      workspaceScan.setExcludes(excludes);
      workspaceScan.setFollowSymlinks(followSymlinks);
      const result = await workspaceScan.scan(workspaceRoots);
      indexPublisher.scanned();
      if (result.changed) recheckOthers('');
    } while (scanAgain);
    scanning = undefined;
  })().catch((error: unknown) => {
    scanning = undefined;
    connection.console.error(`Scanning the workspace failed: ${(error as Error).stack ?? error}`);
  });
}

connection.onInitialized(async () => {
  // The excludes and rule levels first: the scan reads only what they let through, as the editor would check it.
  await refreshSettings();
  scanWorkspace();
  if (canFollowWorkspaceFolders)
    connection.workspace.onDidChangeWorkspaceFolders((event) => void workspaceFoldersChanged(event));
  // Every path's creation and deletion, not only the candidate files': a folder deleted or created (renamed) is one
  // event for the folder, which a file pattern does not match, and the files under it have none of their own.
  if (canWatchFiles)
    await connection.client.register(DidChangeWatchedFilesNotification.type, {
      watchers: [
        { globPattern: `**/${CONFIG_FILE_NAME}` },
        { globPattern: '**/*.{json,jsonc,yaml,yml}', kind: WatchKind.Change },
        { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
      ],
    });
});

// A changed `.anyscale-azure.json` changes the rule levels of every document under it.
connection.onDidChangeWatchedFiles((change) => {
  void workspaceScan.changed(change.changes).then((changed) => {
    if (changed) recheckOthers('');
  });
  parameterFiles.pathsChanged(change.changes);
  // An open template is read with its parameter files from disk: one of them changed there, or went with its folder;
  // and an open parameter file with its template.
  const recheck = new Set<OpenDocument>();
  // Open parameter files by the path of the template their values were last checked in: looked up once per event.
  const byTemplate = new Map<string, OpenDocument[]>();
  for (const document of documents.all()) {
    const template = cache.get(document.uri)?.template;
    const file = template === undefined ? undefined : filePathOf(template);
    if (file !== undefined) byTemplate.set(file, [...(byTemplate.get(file) ?? []), document]);
  }
  for (const event of change.changes) {
    // Every path's creation and deletion comes: only JSON and YAML files are looked up (each lookup reads a folder).
    const template = WATCHED_FILE.test(event.uri) ? parameterFiles.templateOf(event.uri) : undefined;
    const open = template === undefined ? undefined : documents.get(template);
    if (open) recheck.add(open);
    if (event.type === FileChangeType.Deleted) for (const reader of readersOf(event.uri)) recheck.add(reader);
    // An open parameter file shows what its values cause in its template, read from disk: the template changed there.
    const changed = filePathOf(event.uri);
    for (const document of (changed !== undefined && byTemplate.get(changed)) || []) recheck.add(document);
  }
  // An open parameter file whose template was created, deleted or renamed (by its name, or by the parameterFiles
  // setting's globs) shows what its values cause in the template it has now.
  if (change.changes.some((event) => event.type !== FileChangeType.Changed))
    for (const document of documents.all()) {
      const analysed = cache.get(document.uri);
      if (analysed?.analysis.kind === 'armParameters' && analysed.template !== parameterFiles.templateOf(document.uri))
        recheck.add(document);
    }
  for (const open of recheck) {
    cache.delete(open.uri);
    models.delete(open.uri);
    schedule(open, 0);
  }
  if (!change.changes.some(changesConfig)) return;
  configFiles.invalidate();
  cache.clear();
  for (const document of documents.all()) schedule(document, 0);
  scanWorkspace(); // the files on disk under it too
});

/** A config file changed, or a deleted folder took one the server had read. */
function changesConfig(event: FileEvent): boolean {
  if (event.uri.endsWith(`/${CONFIG_FILE_NAME}`)) return true;
  const deleted = event.type === FileChangeType.Deleted ? filePathOf(event.uri) : undefined;
  return deleted !== undefined && configFiles.readUnder(deleted);
}

/** The open documents last analysed with a parameter file at or under a deleted path (a file, or a folder). */
function readersOf(deletedUri: string): OpenDocument[] {
  const deleted = filePathOf(deletedUri);
  if (deleted === undefined) return [];
  const under = (uri: string) => {
    const file = filePathOf(uri);
    return file !== undefined && isWithin(deleted, file);
  };
  return documents
    .all()
    .filter((document) => cache.get(document.uri)?.parameterFiles.some((input) => under(input.uri)));
}

/** Rule levels of a document: its `.anyscale-azure.json` (the project's), overridden by the anyscaleAzure.rules setting (the user's). */
function ruleLevelsOf(uri: string): ReturnType<typeof readRuleLevels> {
  const file = filePathOf(uri);
  const config = file === undefined ? undefined : configFiles.configFor(file);
  return { ...config?.rules, ...readRuleLevels(settings.rules) };
}

interface PushedSettings {
  anyscaleAzure?: ServerSettings;
  files?: { exclude?: unknown };
  search?: { exclude?: unknown; followSymlinks?: unknown };
}

connection.onDidChangeConfiguration(async (change) => {
  if (!canPullConfiguration) {
    const pushed = (change.settings ?? {}) as PushedSettings;
    settings = pushed.anyscaleAzure ?? {};
    excludes = excludePatterns(pushed.files?.exclude, pushed.search?.exclude);
    followSymlinks = pushed.search?.followSymlinks !== false;
  } else await refreshSettings();
  checkEverythingAgain();
});

/** Every open document analysed again and the workspace scanned again: the settings or the folders changed. */
function checkEverythingAgain(): void {
  cache.clear();
  models.clear(); // the parameterFiles setting may have changed
  for (const document of documents.all()) schedule(document, 0);
  scanWorkspace(); // the excludes, the rule levels or the parameter files may have changed
}

/**
 * Pulls our settings, and VS Code's `files.exclude`, `search.exclude` and `search.followSymlinks` of each workspace
 * folder (the workspace index honours them, as each folder sets them).
 */
async function refreshSettings(): Promise<void> {
  if (!canPullConfiguration) return;
  const folders = workspaceFolderUris.flatMap((uri) => {
    const root = filePathOf(uri);
    return root === undefined ? [] : [{ uri, root }];
  });
  try {
    const [ours, ...perFolder] = ((await connection.workspace.getConfiguration([
      { section: 'anyscaleAzure' },
      ...folders.flatMap(({ uri }) => [
        { scopeUri: uri, section: 'files' },
        { scopeUri: uri, section: 'search' },
      ]),
    ])) ?? []) as [ServerSettings | null, ...({ exclude?: unknown; followSymlinks?: unknown } | null)[]];
    settings = ours ?? {};
    excludes = new Map(
      folders.map(({ root }, i) => [root, excludePatterns(perFolder[2 * i]?.exclude, perFolder[2 * i + 1]?.exclude)]),
    );
    followSymlinks = new Map(folders.map(({ root }, i) => [root, perFolder[2 * i + 1]?.followSymlinks !== false]));
  } catch {
    settings = {};
  }
}

/** The workspace folders the server scans, and under which it looks parameter files up. */
function setWorkspaceFolders(uris: readonly string[]): void {
  workspaceFolderUris = uris;
  workspaceRoots = uris.flatMap((uri) => filePathOf(uri) ?? []);
  parameterFiles.setWorkspaceFolders(uris);
}

/** Settings, parameter files and the index follow a change of folders, as they follow a change of configuration. */
async function workspaceFoldersChanged(event: WorkspaceFoldersChangeEvent): Promise<void> {
  const removed = new Set(event.removed.map((folder) => folder.uri));
  const kept = workspaceFolderUris.filter((uri) => !removed.has(uri));
  setWorkspaceFolders([...kept, ...event.added.map((folder) => folder.uri).filter((uri) => !kept.includes(uri))]);
  await refreshSettings();
  checkEverythingAgain();
}

/** The analysis of the document's current version: computed once per version, then reused. */
function analysisOf(document: OpenDocument): CachedAnalysis {
  const cached = cache.get(document.uri);
  if (cached && cached.version === document.version) return cached;
  const started = performance.now();
  const text = document.getText();
  const ruleLevels = ruleLevelsOf(document.uri);
  // Looked up before the one analysis: only a template's rules read them, so other documents ignore them.
  const { inputs: withFiles, unread } = isYamlLanguage(document.languageId)
    ? { inputs: [], unread: [] }
    : parameterFiles.readParameterFiles(document.uri);
  const lines = document.lines;
  // This version's parse takes the previous one's tree over (changing it): that analysis is dropped first.
  cache.delete(document.uri);
  let analysis = analyzeDocument(
    text,
    { languageId: document.languageId },
    { ruleLevels, uri: document.uri, workspace, parameterFiles: withFiles, previous: cached?.analysis },
  );
  const template = analysis.kind === 'armParameters' ? parameterFiles.templateOf(document.uri) : undefined;
  let unreadTemplate: UnreadPairedFile | undefined;
  if (analysis.kind === 'armParameters' && analysis.syntaxErrors.length === 0) {
    const read = template === undefined ? undefined : parameterFiles.templateRead(document.uri, template);
    if (read !== undefined && 'unread' in read) unreadTemplate = read.unread;
    const templateText = read !== undefined && 'text' in read ? read.text : undefined;
    // Its comments silence the findings shown here; without a template's text nothing was checked, so nothing is
    // "unused".
    const fromTemplate =
      template === undefined || templateText === undefined
        ? []
        : parameterFileFindings(document, template, templateText, ruleLevels);
    analysis = {
      ...analysis,
      findings: applySuppressions(text, [...analysis.findings, ...fromTemplate], {
        syntax: 'json',
        ruleLevels,
        reportProblems: templateText !== undefined,
        directives: analysis.directives,
      }),
    };
  }
  const yaml = isYamlLanguage(document.languageId) ? new YamlVersion(text, analysis.yaml) : undefined;
  const fresh = {
    version: document.version,
    text,
    analysis,
    lines,
    parameterFiles: analysis.kind === 'armTemplate' ? withFiles : [],
    unreadParameterFiles: analysis.kind === 'armTemplate' && analysis.syntaxErrors.length === 0 ? unread : [],
    unreadTemplate,
    template,
    yaml,
  };
  cache.set(document.uri, fresh);
  outlineLater(document.uri);
  traceWork(document, `analysed in ${Math.round(performance.now() - started)} ms`);
  if (workspace.set(document.uri, analysis.facts)) {
    recheckOthers(document.uri);
    workspaceScan.recheckWorkspaceReaders(); // the values files on disk, for their problems in the index
  }
  return fresh;
}

/**
 * A document's outline goes to the workspace index once its analysis is this old and no request came for this long,
 * unless a newer version is analysed meanwhile: the Cloud Resources tree follows the diagnostics a moment later, and
 * the requests that come right after an edit (completion, hover) do not wait behind the outline of a 4 MB template
 * (~20 ms). Whatever reads the index takes the pending outlines first (outlinesNow).
 */
const OUTLINE_DELAY_MS = 300;
/** However busy the editor keeps the server, an outline waits no longer than this after the analysis it follows. */
const OUTLINE_MAX_WAIT_MS = 3000;
/** Each document whose outline waits: since when (its first analysis not yet outlined), and the timer. */
const outlinesPending = new Map<string, { readonly since: number; timer?: NodeJS.Timeout }>();

function outlineLater(uri: string): void {
  const pending = outlinesPending.get(uri);
  clearTimeout(pending?.timer);
  const waiting = { since: pending?.since ?? performance.now() };
  outlinesPending.set(uri, waiting);
  outlineAfter(uri, waiting, OUTLINE_DELAY_MS);
}

function outlineAfter(uri: string, waiting: { readonly since: number; timer?: NodeJS.Timeout }, delayMs: number): void {
  const left = OUTLINE_MAX_WAIT_MS - (performance.now() - waiting.since);
  waiting.timer = setTimeout(
    () => {
      const quiet = msSinceLastRequest();
      const waited = performance.now() - waiting.since;
      if (quiet < OUTLINE_DELAY_MS && waited < OUTLINE_MAX_WAIT_MS)
        outlineAfter(uri, waiting, OUTLINE_DELAY_MS - quiet);
      else outlineNow(uri);
    },
    Math.max(0, Math.min(delayMs, left)),
  );
}

/** Forgets that a document's outline waits (it is recorded now, or the document closed). */
function stopWaitingForOutline(uri: string): void {
  clearTimeout(outlinesPending.get(uri)?.timer);
  outlinesPending.delete(uri);
}

/** Records a document's outline in the index, from its latest analysis. */
function outlineNow(uri: string): void {
  stopWaitingForOutline(uri);
  const analysed = cache.get(uri);
  if (!analysed || !documents.get(uri)) return;
  const { analysis, text, parameterFiles: withFiles, lines } = analysed;
  // What a value causes counts in its parameter file at that file's levels, as the file shows it (a run of the
  // template per parameter file whose config differs from the template's, here rather than on each keystroke).
  const counted = atParameterFileLevels(analysis, text, uri, withFiles, {
    ruleLevels: ruleLevelsOf(uri),
    workspace,
    parameterFileLevels: ruleLevelsOf,
  });
  workspace.setOutline(uri, documentOutline(counted, text, withFiles, { lines, parameterFileLevels: ruleLevelsOf }));
}

function outlinesNow(): void {
  for (const uri of [...outlinesPending.keys()]) outlineNow(uri);
}

/** What a parameter file's values cause in its template (of `templateText`), shown in the parameter file. */
function parameterFileFindings(
  document: OpenDocument,
  templateUri: string,
  templateText: string,
  ruleLevels: ReturnType<typeof readRuleLevels>,
): Finding[] {
  const parsed = parseJson(document.getText());
  if (!parsed.root) return [];
  const input = { uri: document.uri, root: parsed.root, text: document.getText() };
  const placed = templateFindingsIn(templateText, templateUri, input, { ruleLevels, workspace });
  return findingsInParameterFile(placed, document.uri, templateUri);
}

/** When a document's facts change, the other documents' cross-file findings may too. */
function recheckOthers(uri: string): void {
  for (const other of documents.all()) {
    if (other.uri === uri) continue;
    cache.delete(other.uri);
    schedule(other, settings.validation?.delay ?? DEFAULT_DELAY_MS);
  }
}

function validate(document: OpenDocument): void {
  if (!LANGUAGES.has(document.languageId)) return;
  if (documents.get(document.uri)?.version !== document.version) return; // a newer version is on its way
  if (document.getText().length > MAX_DOCUMENT_LENGTH) {
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: [] });
    connection.console.warn(
      `${document.uri}: ${document.getText().length} characters is larger than ${MAX_DOCUMENT_LENGTH}; Anyscale checks skipped.`,
    );
    return;
  }
  const { analysis, lines, text, unreadParameterFiles, unreadTemplate } = analysisOf(document);
  const diagnostics =
    analysis.kind === 'other' && !analysis.renderedLater
      ? []
      : [
          ...unreadParameterFileDiagnostics(unreadParameterFiles),
          ...unreadTemplateDiagnostics(unreadTemplate),
          ...toDiagnostics(analysis, lines, document.uri, docsBaseUri, (uri) => parameterFiles.linesOf(uri)),
        ];
  void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
  shown.set(document.uri, { text, findings: analysis.kind === 'other' ? [] : analysis.findings });
  const stats: DocumentStats = {
    uri: document.uri,
    version: document.version,
    kind: analysis.kind,
    anyscaleResources: analysis.anyscaleResourceCount,
    problems: diagnostics.length,
    errors: diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error).length,
    suppressionComments: analysis.kind === 'other' ? 0 : analysis.directives.length,
    durationMs: Math.round(analysis.durationMs * 10) / 10,
  };
  void connection.sendNotification(DocumentStatsNotification, stats);
}

/**
 * Completion and hover requests whose editing model is built, looking for a cancel before they answer: a validation
 * that falls due meanwhile waits for them (an analysis of a 1 MB template takes tens of milliseconds).
 */
let answering = 0;

function afterAnswers(run: () => void): void {
  if (answering > 0) setImmediate(() => afterAnswers(run));
  else run();
}

function schedule(document: OpenDocument, delayMs: number): void {
  const previous = pending.get(document.uri);
  if (previous) clearTimeout(previous);
  const timer = setTimeout(
    () =>
      afterAnswers(() => {
        if (pending.get(document.uri) !== timer) return; // scheduled again while it waited
        pending.delete(document.uri);
        const current = documents.get(document.uri);
        if (!current) return;
        try {
          validate(current);
          if (editedSinceValidation.delete(current.uri)) recheckRelated(current.uri);
        } catch (error) {
          connection.console.error(`Validating ${current.uri} failed: ${(error as Error).stack ?? error}`);
        }
      }),
    delayMs,
  );
  pending.set(document.uri, timer);
}

/**
 * A template and its parameter files see each other's values: once an edit to one is validated, the open others are
 * re-checked — the ones beside it, and those the anyscaleAzure.parameterFiles setting pairs with it wherever they are.
 * Runs after the debounce, not per keystroke: finding the pairs reads folders.
 */
function recheckRelated(uri: string): void {
  const folder = uri.slice(0, uri.lastIndexOf('/') + 1);
  const template = parameterFiles.templateOf(uri);
  for (const other of documents.all()) {
    if (other.uri === uri || isYamlLanguage(other.languageId)) continue;
    const beside = other.uri.startsWith(folder) && other.uri.indexOf('/', folder.length) < 0;
    if (!beside && other.uri !== template && parameterFiles.templateOf(other.uri) !== uri) continue;
    cache.delete(other.uri);
    models.delete(other.uri);
    schedule(other, 0);
  }
}

/** Documents whose open event has fired but not yet their first content event (TextDocuments fires both on open). */
const opening = new Set<string>();
/** JSON documents edited since their last validation: their related documents are re-checked after it. */
const editedSinceValidation = new Set<string>();
documents.onDidOpen((event) => {
  opening.add(event.document.uri);
  // A file's open version replaces its disk version in the index, and the disk version comes back when it closes.
  workspaceScan.opened(event.document.uri);
});
// Fires on open and on every change: a document that was just opened is validated at once, edits after a pause.
documents.onDidChangeContent((event) => {
  const edited = !opening.delete(event.document.uri);
  if (edited && !isYamlLanguage(event.document.languageId)) editedSinceValidation.add(event.document.uri);
  schedule(event.document, edited ? (settings.validation?.delay ?? DEFAULT_DELAY_MS) : 0);
});
documents.onDidClose((event) => {
  void workspaceScan.closed(event.document.uri).then((changed) => {
    if (changed) recheckOthers(event.document.uri);
  });
  editedSinceValidation.delete(event.document.uri);
  const timer = pending.get(event.document.uri);
  if (timer) clearTimeout(timer);
  pending.delete(event.document.uri);
  stopWaitingForOutline(event.document.uri);
  cache.delete(event.document.uri);
  models.delete(event.document.uri);
  shown.delete(event.document.uri);
  void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  if (workspace.delete(event.document.uri)) recheckOthers(event.document.uri);
  // Closed without saving, a template or parameter file is its file on disk again: the open others it pairs with
  // were checked against the editor's version.
  if (!isYamlLanguage(event.document.languageId)) recheckRelated(event.document.uri);
});

/** The analysis of the document's current version for a request: when it had to be computed now, a cancel sent meanwhile is honoured after it. */
async function analysisFor(document: OpenDocument, token: CancellationToken): Promise<CachedAnalysis> {
  const cached = cache.get(document.uri);
  if (cached?.version === document.version) return cached;
  const fresh = analysisOf(document);
  await stopIfCancelled(token);
  return fresh;
}

/** With the client's trace set to verbose, says what work a document's version cost. */
function traceWork(document: OpenDocument, what: string): void {
  connection.tracer.log(`${document.uri} version ${document.version}: ${what}`);
}

/**
 * A YAML document's current version: its analysis's or editing model's when one is current (with its parse), else
 * new.
 */
function yamlVersionOf(document: OpenDocument): YamlVersion {
  const analysed = cache.get(document.uri);
  if (analysed?.version === document.version && analysed.yaml) return analysed.yaml;
  const model = models.get(document.uri);
  if (model?.version === document.version && model.yaml) return model.yaml;
  return new YamlVersion(document.getText());
}

/** The open document a request is about, when the server checks it. */
function checkedDocument(uri: string): OpenDocument | undefined {
  const document = documents.get(uri);
  return document && LANGUAGES.has(document.languageId) && document.getText().length <= MAX_DOCUMENT_LENGTH
    ? document
    : undefined;
}

/**
 * What completion and hover read of the document's current version: its analysis when that is done, else its
 * editing model, built now (from the previous version's) when needed; a cancel sent meanwhile is honoured after it.
 */
async function editingViewFor(
  document: OpenDocument,
  token: CancellationToken,
): Promise<CachedAnalysis | EditingModel> {
  const analysed = cache.get(document.uri);
  if (analysed?.version === document.version) return analysed;
  const previous = models.get(document.uri);
  if (previous?.version === document.version) return previous;
  const started = performance.now();
  // The parameter files are the last analysis's while it stands (an edit to one of them drops it: recheckRelated).
  const withFiles =
    analysed?.analysis.kind === 'armTemplate'
      ? analysed.parameterFiles
      : isYamlLanguage(document.languageId)
        ? []
        : parameterFiles.parameterFilesOf(document.uri);
  const model = EditingModel.build(document, previous, withFiles);
  models.set(document.uri, model);
  traceWork(document, `editing model (${model.how}) in ${Math.round(performance.now() - started)} ms`);
  answering++;
  try {
    await stopIfCancelled(token);
  } finally {
    answering--;
  }
  // A newer version took the tree over while this request waited (its client has most likely cancelled it).
  if (model.superseded)
    throw new ResponseError(LSPErrorCodes.ContentModified, 'The document changed while the request waited.');
  return model;
}

connection.onHover(
  request(HoverRequest.type, AT_POSITION, async (params: HoverParams, token) => {
    const document = checkedDocument(params.textDocument.uri);
    if (!document) return null;
    const view = await editingViewFor(document, token);
    // Before the version is analysed, the diagnostics named are the ones the editor shows: the published ones, moved by the edits since.
    const published = shown.get(document.uri);
    const findings =
      'findings' in view.analysis
        ? view.analysis.findings
        : published
          ? findingsAfterEdits(published.findings, published.text, view.text)
          : [];
    const sources = {
      analysis: view.analysis,
      findings,
      lines: view.lines,
      parameterFiles: view.parameterFiles,
      yaml: view.yaml,
      // Every file's facts, this one's as last analysed: the view gateway-tls-secret-cloud-mismatch checks the file with.
      workspace: isYamlLanguage(document.languageId) ? workspace.viewFrom(undefined) : undefined,
    };
    return hover(
      params,
      { languageId: document.languageId, text: view.text },
      sources,
      docsLinks(docsBaseUri, clientCommands),
    );
  }),
);

connection.onCompletion(
  request(CompletionRequest.type, AT_POSITION, async (params: CompletionParams, token) => {
    const document = checkedDocument(params.textDocument.uri);
    if (!document) return null;
    const view = await editingViewFor(document, token);
    const items = completionItems(
      params,
      { languageId: document.languageId, text: view.text },
      view.analysis,
      view.lines,
      view.yaml,
      view.parameterFiles,
    );
    return completionResult(items, canDefaultEditRange);
  }),
);

connection.onCodeAction(
  request(
    CodeActionRequest.type,
    { ...IN_RANGE, 'context.diagnostics': 'array' },
    async (params: CodeActionParams, token) => {
      const document = checkedDocument(params.textDocument.uri);
      if (!document) return [];
      const { analysis, lines, text } = await analysisFor(document, token);
      return analysis.syntaxErrors.length > 0 ? [] : codeActions(params, analysis, lines, { text, clientCommands });
    },
  ),
);

registerEgressHandlers(connection, documents, workspaceScan);
registerClusterExtensionHandlers(connection);
// A new listing from "Connect to Azure" (or none): every document is compared with it again, open or on disk.
registerAzureHandlers(connection, documents, (deployed) => {
  workspace.deployed = deployed;
  cache.clear();
  for (const document of documents.all()) schedule(document, 0);
  scanWorkspace();
});
indexPublisher.register();
registerNavigationHandlers(connection, documents, parameterFiles, yamlVersionOf);
documents.listen(connection);
connection.listen();
