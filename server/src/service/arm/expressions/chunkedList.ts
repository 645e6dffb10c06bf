// A growable list kept in fixed-size chunks, for the per-template tables that run to a hundred thousand entries:
// one large array is copied into freshly mapped memory each time it grows, which costs more than filling it.
import { emptyArray } from '../../emptyArray';

const SHIFT = 12;
const MASK = (1 << SHIFT) - 1;

/** Filled either with push (a list) or with set (a sparse table by index), never both. */
export class ChunkedList<T> {
  private readonly chunks: T[][] = [];
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(value: T): void {
    const chunk = this.size >> SHIFT;
    if (chunk === this.chunks.length) this.chunks.push([]);
    this.chunks[chunk].push(value);
    this.size++;
  }

  /** The entry at `index`; undefined when it was never set. */
  get(index: number): T | undefined {
    return this.chunks[index >> SHIFT]?.[index & MASK];
  }

  /** Sets any index, also beyond the end (the length then covers it). */
  set(index: number, value: T): void {
    const chunk = index >> SHIFT;
    // Whole chunks up front: setting far past an array's end would turn it into a slow dictionary.
    while (this.chunks.length <= chunk) this.chunks.push(emptyArray<T>(MASK + 1) as T[]);
    this.chunks[chunk][index & MASK] = value;
    if (index >= this.size) this.size = index + 1;
  }
}
