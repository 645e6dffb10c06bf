// Reads suppression directives out of comments:
//   anyscale-azure-disable-next-line <code>[, <code>…] [-- reason]   silences those codes on the next line
//   anyscale-azure-disable-file <code>[, <code>…] [-- reason]        silences those codes in the whole file
// Each code keeps its own range, so an unused or unknown one can be reported (and removed) on its own.
import type { TextRange } from '../text/range';
import { commentsIn, type CommentSyntax, type SourceComment } from './comments';
import type { ReplacedContainer } from '../json/spliceJson';

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

/** The suppression directives of a text; cheap when the text has none. */
export function directivesIn(text: string, syntax: CommentSyntax): readonly Directive[] {
  if (!text.includes(DIRECTIVE_PREFIX)) return [];
  return commentsIn(text, syntax).flatMap((comment) => directiveOf(comment) ?? []);
}

/**
 * The directives of a JSON text, when it was spliced from the previous version's (`replaced`, json/spliceJson.ts)
 * whose directives were `previous`. A splice leaves the text outside its new container as it was, and read as
 * before, comments included: when the previous version had no directive, this one can only have some in the new
 * container, and the whole text is not read again (a 4 MB template: ~1 ms per keystroke).
 */
export function directivesAfterSplice(
  text: string,
  previous: readonly Directive[] | undefined,
  replaced: ReplacedContainer | undefined,
): readonly Directive[] {
  if (previous?.length === 0 && replaced) {
    const fresh = replaced.fresh;
    if (!fresh || !text.slice(fresh.offset, fresh.offset + fresh.length).includes(DIRECTIVE_PREFIX)) return [];
  }
  return directivesIn(text, 'json');
}
