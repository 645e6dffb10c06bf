// JSON nested deeper than the analysis can follow. jsonc-parser recurses once per level and runs out of stack
// somewhere past 4,000 levels (where exactly depends on the stack it starts on), and the model and rules recurse
// too. A container that opens deeper than MAX_JSON_DEPTH has its contents blanked out — spaces, with the line
// breaks kept — so that the rest of the document parses into the same tree at the same offsets, and the
// too-deep container reads as empty.

/** Real templates nest a few dozen levels; a thousand is far below where anything runs out of stack. */
export const MAX_JSON_DEPTH = 1000;

export interface Flattened {
  /** The text with the contents of each too-deep container blanked out. */
  readonly text: string;
  /** The offset of the bracket of each too-deep container (the outermost ones). */
  readonly tooDeep: readonly number[];
}

const blank = (segment: string) => segment.replace(/[^\r\n]/g, ' ');

/** The text with what nests deeper than `maxDepth` blanked out, or undefined when nothing does. */
export function flattenTooDeep(text: string, maxDepth = MAX_JSON_DEPTH): Flattened | undefined {
  const tooDeep: number[] = [];
  const pieces: string[] = [];
  let copied = 0;
  let depth = 0;
  /** The bracket of the too-deep container being skipped, or -1. */
  let skipping = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
    } else if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth === maxDepth + 1) {
        skipping = i;
        tooDeep.push(i);
      }
    } else if ((c === 0x5d /* ] */ || c === 0x7d) /* } */ && depth > 0) {
      if (depth-- === maxDepth + 1) {
        pieces.push(text.slice(copied, skipping + 1), blank(text.slice(skipping + 1, i)));
        copied = i;
        skipping = -1;
      }
    }
  }
  if (tooDeep.length === 0) return undefined;
  // A too-deep container that never closes is blanked to the end.
  pieces.push(skipping < 0 ? text.slice(copied) : text.slice(copied, skipping + 1) + blank(text.slice(skipping + 1)));
  return { text: pieces.join(''), tooDeep };
}
