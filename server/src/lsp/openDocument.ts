// The server's copy of a document the editor has open: its text and the line index of that text, both moved by each
// change the editor sends. vscode-languageserver-textdocument, which this replaces for the documents the server
// manages, keeps line offsets of its own that the server did not use: it read positions through a second index
// per analysed version, made by comparing the version's text with the previous one. Now the one index maps the
// editor's changes and serves the analysis, completion and hover. Positions mean what they mean in that library.
import type {
  Position,
  Range,
  TextDocumentContentChangeEvent,
  TextDocumentsConfiguration,
} from 'vscode-languageserver/node';
import { LineIndex } from '../service';

export class OpenDocument {
  /** The line index of the current text. */
  lines: LineIndex;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    private current: string,
  ) {
    this.lines = new LineIndex(current);
  }

  get text(): string {
    return this.current;
  }

  getText(): string {
    return this.current;
  }

  positionAt(offset: number): Position {
    return this.lines.positionAt(offset);
  }

  offsetAt(position: Position): number {
    return this.lines.offsetAt(position);
  }

  /** Applies the changes of one didChange, in order (each range is in the text the ones before it left). */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change) this.replace(change.range, change.text);
      else this.replaceAll(change.text);
    }
    this.version = version;
  }

  private replace(range: Range, insert: string): void {
    const [from, to] = [this.offsetAt(range.start), this.offsetAt(range.end)];
    const [start, end] = from <= to ? [from, to] : [to, from];
    this.current = this.current.slice(0, start) + insert + this.current.slice(end);
    this.lines = this.lines.edited(this.current, { start, oldEnd: end, newEnd: start + insert.length });
  }

  private replaceAll(text: string): void {
    this.current = text;
    this.lines = new LineIndex(text);
  }
}

/** How the server's TextDocuments manager makes and changes its documents. */
export const OPEN_DOCUMENTS: TextDocumentsConfiguration<OpenDocument> = {
  create: (uri, languageId, version, text) => new OpenDocument(uri, languageId, version, text),
  update: (document, changes, version) => {
    document.update(changes, version);
    return document;
  },
};
