// Reads suppression directives out of comments:
//   anyscale-azure-disable-next-line <code>[, <code>…] [-- reason]   silences those codes on the next line
//   anyscale-azure-disable-file <code>[, <code>…] [-- reason]        silences those codes in the whole file
// Each code keeps its own range, so an unused or unknown one can be reported (and removed) on its own.
import type { TextRange } from '../types';
import { commentsIn, type CommentSyntax, type SourceComment } from './comments';

export const DIRECTIVE_PREFIX = 'anyscale-azure-disable-';
export const NEXT_LINE = `${DIRECTIVE_PREFIX}next-line`;
export const WHOLE_FILE = `${DIRECTIVE_PREFIX}file`;

export type DirectiveKind = 'next-line' | 'file';

export interface DirectiveCode extends TextRange {
  readonly code: string;
}

export interface Directive {
  readonly kind: DirectiveKind;
  readonly comment: SourceComment;
  readonly codes: readonly DirectiveCode[];
}

const KEYWORD = /^\s*anyscale-azure-disable-(next-line|file)(?=\s|$)/;
const CODE = /[^\s,]+/g;

function directiveOf(comment: SourceComment): Directive | undefined {
  const keyword = KEYWORD.exec(comment.body);
  if (!keyword) return undefined;
  const rest = comment.body.slice(keyword[0].length);
  // Codes are kebab-case (single hyphens), so the first `--` starts the reason.
  const reasonAt = rest.indexOf('--');
  const list = reasonAt >= 0 ? rest.slice(0, reasonAt) : rest;
  const listStart = comment.bodyStart + keyword[0].length;
  const codes = [...list.matchAll(CODE)].map((m) => ({
    code: m[0],
    start: listStart + m.index,
    end: listStart + m.index + m[0].length,
  }));
  return { kind: keyword[1] as DirectiveKind, comment, codes };
}

/**
 * The last few texts' directives: the analysis and then each code-action request of the same document version
 * read them again, and scanning a large template takes tens of milliseconds.
 */
const recent: Array<{ text: string; syntax: CommentSyntax; directives: readonly Directive[] }> = [];
const RECENT_TEXTS = 4;

/** The suppression directives of a text; cheap when the text has none. */
export function directivesIn(text: string, syntax: CommentSyntax): readonly Directive[] {
  if (!text.includes(DIRECTIVE_PREFIX)) return [];
  const known = recent.find((entry) => entry.syntax === syntax && entry.text === text);
  if (known) return known.directives;
  const directives = commentsIn(text, syntax).flatMap((comment) => directiveOf(comment) ?? []);
  recent.unshift({ text, syntax, directives });
  recent.length = Math.min(recent.length, RECENT_TEXTS);
  return directives;
}
