// The characters Helm's and kubectl's YAML reader (go-yaml v2) refuses anywhere in a file ("control characters are
// not allowed"), which the `yaml` package, and so an editor's YAML support, reads without a word: the one test that
// anchor names (anchorNames.ts) and whole files share, and the error a file holding one gets.
import type { SyntaxProblem } from '../json/parseJson';

/** go-yaml v2's reader error, as Helm and kubectl print it after "yaml: " (it names no line). */
export const REFUSED_CHARACTER_ERROR = 'control characters are not allowed';

/**
 * What go-yaml v2's reader (readerc.go yaml_parser_update_buffer, lines 342-358) refuses: every character but tab,
 * line feed, carriage return, U+0020-U+007E, NEL (U+0085), U+00A0-U+D7FF, U+E000-U+FFFD and those past U+FFFF. That
 * is NUL, the other C0 characters, DEL, the C1 characters but NEL, U+FFFE and U+FFFF. Read by UTF-16 code unit, so
 * surrogates (U+D800-U+DFFF) pass: a pair is a character past U+FFFF, and a lone one cannot be saved as UTF-8
 * (editors and Node write U+FFFD, which go-yaml reads).
 */
const REFUSED = /[^\t\n\r\x20-\x7E\x85\xA0-\uFFFD]/;

/** Where the first character go-yaml v2 refuses is in `text` (one pass), or -1. */
export function refusedCharacterAt(text: string): number {
  return text.search(REFUSED);
}

/** Control characters (and lone surrogates) as `\u0000`, so that a message shows them. */
export function withControlsEscaped(text: string): string {
  return text.replace(
    /\p{Cc}|[\uFFFE\uFFFF]|\p{Surrogate}/gu,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The error for the first character go-yaml v2 refuses in `text` before `readTo` (what Helm or kubectl reads of the
 * file), underlining it; undefined when there is none.
 */
export function refusedCharacterProblem(text: string, readTo = text.length): SyntaxProblem | undefined {
  const at = refusedCharacterAt(text);
  if (at < 0 || at >= readTo) return undefined;
  return {
    start: at,
    end: at + 1,
    message: `YAML error: ${REFUSED_CHARACTER_ERROR}: '${withControlsEscaped(text[at])}' here, which Helm and kubectl do not read anywhere in a file (their error names no line): delete it, or Helm and kubectl reject the file`,
    onlyHelmRejects: true,
  };
}
