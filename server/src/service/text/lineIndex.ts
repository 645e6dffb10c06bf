// Converts between character offsets and zero-based line/character positions of one text.
// Built once per document version (or moved from the previous version's: edited); lookups are a binary search
// over line starts. Like LSP's own text documents, a position never lies inside a line break: an offset on the `\n` of
// `\r\n` is the end of its line (before the `\r`).
import type { Change } from './change';

export interface Position {
  line: number;
  character: number;
}

/** Pushes the start of each line that begins after a line break ending in `[from, to)` of the text. */
function pushLineStarts(text: string, from: number, to: number, starts: number[]): void {
  const firstReturn = text.indexOf('\r', from);
  if (firstReturn < 0 || firstReturn >= to) {
    // Most texts: indexOf finds each `\n` far faster than a loop over every character (1 MB: a millisecond).
    for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return;
  }
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      if (i < to) starts.push(i + 1);
    } else if (c === 10 /* \n */) {
      starts.push(i + 1);
    }
  }
}

export class LineIndex {
  /**
   * The offset each line starts at, in order (the first is 0). A typed array: an edit copies it whole and moves the
   * lines after the edit, and its buffer is outside the garbage-collected heap.
   */
  private readonly lineStarts: Uint32Array;

  /** `lineStarts` only from edited(): otherwise the text is scanned. */
  constructor(
    private readonly text: string,
    lineStarts?: Uint32Array,
  ) {
    if (lineStarts) {
      this.lineStarts = lineStarts;
    } else {
      const starts = [0];
      pushLineStarts(text, 0, text.length, starts);
      this.lineStarts = Uint32Array.from(starts);
    }
  }

  /**
   * The index of `text`, the text of this index after `change` (changeBetween's: its `[start, oldEnd)` became
   * `text.slice(start, newEnd)`; none: this index): the lines before the edit are kept and those after it moved,
   * without a scan of the whole text (a keystroke in a 1 MB document).
   */
  edited(text: string, change: Change | undefined): LineIndex {
    if (!change) return this;
    const { start, oldEnd, newEnd } = change;
    // The line break just before the edit may have become (or stopped being) half of a `\r\n`: it is read again.
    const from = Math.max(0, start - 1);
    const kept = this.lineIndexAt(from) + 1;
    const added: number[] = [];
    pushLineStarts(text, from, newEnd + 1, added);
    const movedFrom = this.lineIndexAt(oldEnd + 1) + 1;
    const starts = new Uint32Array(kept + added.length + this.lineStarts.length - movedFrom);
    starts.set(this.lineStarts.subarray(0, kept));
    starts.set(added, kept);
    starts.set(this.lineStarts.subarray(movedFrom), kept + added.length);
    const delta = newEnd - oldEnd;
    for (let i = kept + added.length; i < starts.length; i++) starts[i] += delta;
    return new LineIndex(text, starts);
  }

  /** The line the offset is on (by binary search). */
  private lineIndexAt(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineIndexAt(clamped);
    return { line, character: this.beforeLineBreak(clamped, this.lineStarts[line]) - this.lineStarts[line] };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.lineStarts.length) return this.text.length;
    if (position.line < 0) return 0;
    const lineStart = this.lineStarts[position.line];
    const nextStart =
      position.line + 1 < this.lineStarts.length ? this.lineStarts[position.line + 1] : this.text.length;
    return this.beforeLineBreak(Math.min(lineStart + Math.max(0, position.character), nextStart), lineStart);
  }

  /** The offset moved back out of the line break it is in or after (the line's end at most). */
  private beforeLineBreak(offset: number, lineStart: number): number {
    while (offset > lineStart && (this.text.charCodeAt(offset - 1) === 10 || this.text.charCodeAt(offset - 1) === 13))
      offset--;
    return offset;
  }
}
