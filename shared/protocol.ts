// Messages between the extension client and the language server beyond standard LSP.
// Plain method names and payload types, so neither side imports the other's libraries.

/** Sent by the server after each validation of a document: what the Language Status item shows. */
export const DOCUMENT_STATS_NOTIFICATION = 'anyscaleAzure/documentStats';

export interface DocumentStats {
  uri: string;
  /** Document version that was validated. */
  version: number;
  /** What the document is, e.g. "armTemplate"; "other" documents are not ours. */
  kind: string;
  /** Number of Anyscale.Platform clouds and cloud resources in the document. */
  anyscaleResources: number;
  /** Number of diagnostics published for the document. */
  problems: number;
  /** Milliseconds spent parsing, building the model and running the rules. */
  durationMs: number;
}

/** Options the client passes in `initializationOptions`. */
export interface InitializationOptions {
  /** Base URI of the rule docs pages (a folder holding `<code>.md`); the diagnostics' codeDescription links there. */
  docsBaseUri?: string;
}

/** The settings section the server reads (`anyscaleAzure.*`). */
export interface ServerSettings {
  rules?: Record<string, 'off' | 'info' | 'warning' | 'error'>;
  validation?: { delay?: number };
}
