// Finds the comments of a JSONC or YAML text with offsets, using each format's own tokenizer so that `//` or `#`
// inside a string (or a YAML block scalar) is never taken for a comment: jsonc-parser's scanner for JSON, the
// `yaml` package's lexer for YAML.
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { CST, Lexer } from 'yaml';
import type { TextRange } from '../text/range';

export type CommentSyntax = 'json' | 'yaml';

export interface SourceComment extends TextRange {
  /** The text between the comment markers (`//`, `/* … *\/`, `#`). */
  readonly body: string;
  /** Offset of the body's first character. */
  readonly bodyStart: number;
}

function jsonComments(text: string): SourceComment[] {
  const comments: SourceComment[] = [];
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind !== SyntaxKind.LineCommentTrivia && kind !== SyntaxKind.BlockCommentTrivia) continue;
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    const raw = text.slice(start, end);
    const closed = kind === SyntaxKind.BlockCommentTrivia && raw.endsWith('*/') && raw.length >= 4;
    comments.push({ start, end, bodyStart: start + 2, body: raw.slice(2, closed ? -2 : undefined) });
  }
  return comments;
}

function yamlComments(text: string): SourceComment[] {
  const comments: SourceComment[] = [];
  // The lexer yields the source in pieces, plus marker tokens that are not source (the parser skips them too);
  // the piece after a SCALAR marker is a scalar's source, whatever its first character.
  let offset = 0;
  let scalarNext = false;
  for (const token of new Lexer().lex(text)) {
    if (scalarNext) {
      scalarNext = false;
      offset += token.length;
      continue;
    }
    const type = CST.tokenType(token);
    if (type === 'scalar') scalarNext = true;
    if (type === 'scalar' || type === 'doc-mode' || type === 'flow-error-end') continue;
    if (type === 'comment')
      comments.push({ start: offset, end: offset + token.length, bodyStart: offset + 1, body: token.slice(1) });
    offset += token.length;
  }
  return comments;
}

export function commentsIn(text: string, syntax: CommentSyntax): SourceComment[] {
  return syntax === 'json' ? jsonComments(text) : yamlComments(text);
}
