// The language server: wires LSP to the service. Parses each document version once, validates after a
// debounce, publishes diagnostics and per-document stats. All product logic lives in ../service.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeActionKind, createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, type InitializeParams } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument } from '../service/analyze';
import type { DocumentAnalysis } from '../service/yaml/analyzeYaml';
import { WorkspaceIndex } from '../service/index/workspaceIndex';
import { LineIndex } from '../service/text/lineIndex';
import { DOCUMENT_STATS_NOTIFICATION, type DocumentStats, type InitializationOptions, type ServerSettings } from '../../../shared/protocol';
import { toDiagnostics } from './diagnostics';
import { codeActions, FIX_ALL_KIND } from './codeActions';
import { readRuleLevels } from './settings';
import { registerEgressHandlers } from './egress';

const LANGUAGES = new Set(['json', 'jsonc', 'arm-template', 'yaml']);
/** Larger documents are skipped with one message rather than freezing the editor. */
const MAX_DOCUMENT_LENGTH = 64 * 1024 * 1024;
const DEFAULT_DELAY_MS = 200;

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

let docsBaseUri = pathToFileURL(path.join(__dirname, '..', 'docs', 'rules')).toString();
let canPullConfiguration = false;
let settings: ServerSettings = {};

interface CachedAnalysis {
  version: number;
  analysis: DocumentAnalysis;
  lines: LineIndex;
}
/** Facts of the open documents that cross-file checks read (a values file against the templates' cloud resources). */
const workspace = new WorkspaceIndex();
const cache = new Map<string, CachedAnalysis>();
const pending = new Map<string, NodeJS.Timeout>();

connection.onInitialize((params: InitializeParams) => {
  const options = (params.initializationOptions ?? {}) as InitializationOptions;
  if (options.docsBaseUri) docsBaseUri = options.docsBaseUri.replace(/\/$/, '');
  canPullConfiguration = !!params.capabilities.workspace?.configuration;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
    },
    serverInfo: { name: 'anyscale-azure-language-server' },
  };
});

connection.onInitialized(async () => {
  await refreshSettings();
});

connection.onDidChangeConfiguration(async (change) => {
  if (!canPullConfiguration) settings = ((change.settings as { anyscaleAzure?: ServerSettings })?.anyscaleAzure ?? {}) as ServerSettings;
  else await refreshSettings();
  cache.clear();
  for (const document of documents.all()) schedule(document, 0);
});

async function refreshSettings(): Promise<void> {
  if (!canPullConfiguration) return;
  try {
    settings = ((await connection.workspace.getConfiguration('anyscaleAzure')) ?? {}) as ServerSettings;
  } catch {
    settings = {};
  }
}

/** The analysis of the document's current version: computed once per version, then reused. */
function analysisOf(document: TextDocument): CachedAnalysis {
  const cached = cache.get(document.uri);
  if (cached && cached.version === document.version) return cached;
  const text = document.getText();
  const analysis = analyzeDocument(text, { languageId: document.languageId }, { ruleLevels: readRuleLevels(settings.rules), uri: document.uri, workspace });
  const fresh = { version: document.version, analysis, lines: new LineIndex(text) };
  cache.set(document.uri, fresh);
  if (workspace.set(document.uri, analysis.facts)) recheckOthers(document.uri);
  return fresh;
}

/** When a document's facts change, the other documents' cross-file findings may too. */
function recheckOthers(uri: string): void {
  for (const other of documents.all()) {
    if (other.uri === uri) continue;
    cache.delete(other.uri);
    schedule(other, settings.validation?.delay ?? DEFAULT_DELAY_MS);
  }
}

function validate(document: TextDocument): void {
  if (!LANGUAGES.has(document.languageId)) return;
  if (documents.get(document.uri)?.version !== document.version) return; // a newer version is on its way
  if (document.getText().length > MAX_DOCUMENT_LENGTH) {
    connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: [] });
    connection.console.warn(`${document.uri}: ${document.getText().length} characters is larger than ${MAX_DOCUMENT_LENGTH}; Anyscale checks skipped.`);
    return;
  }
  const { analysis, lines } = analysisOf(document);
  const diagnostics = analysis.kind === 'other' ? [] : toDiagnostics(analysis, lines, document.uri, docsBaseUri);
  connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
  const stats: DocumentStats = {
    uri: document.uri,
    version: document.version,
    kind: analysis.kind,
    anyscaleResources: analysis.anyscaleResourceCount,
    problems: diagnostics.length,
    durationMs: Math.round(analysis.durationMs * 10) / 10,
  };
  void connection.sendNotification(DOCUMENT_STATS_NOTIFICATION, stats);
}

function schedule(document: TextDocument, delayMs: number): void {
  const previous = pending.get(document.uri);
  if (previous) clearTimeout(previous);
  pending.set(
    document.uri,
    setTimeout(() => {
      pending.delete(document.uri);
      const current = documents.get(document.uri);
      if (!current) return;
      try {
        validate(current);
      } catch (error) {
        connection.console.error(`Validating ${current.uri} failed: ${(error as Error).stack ?? error}`);
      }
    }, delayMs),
  );
}

// Fires on open and on every change: a document we have not analysed yet is validated at once, edits after a pause.
documents.onDidChangeContent((event) => schedule(event.document, cache.has(event.document.uri) ? (settings.validation?.delay ?? DEFAULT_DELAY_MS) : 0));
documents.onDidClose((event) => {
  const timer = pending.get(event.document.uri);
  if (timer) clearTimeout(timer);
  pending.delete(event.document.uri);
  cache.delete(event.document.uri);
  connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  if (workspace.delete(event.document.uri)) recheckOthers(event.document.uri);
});

connection.onCodeAction((params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document || !LANGUAGES.has(document.languageId)) return [];
  const { analysis, lines } = analysisOf(document);
  return analysis.syntaxErrors.length > 0 ? [] : codeActions(params, analysis, lines);
});

registerEgressHandlers(connection, documents);
documents.listen(connection);
connection.listen();
