// A growable list of 32-bit integers in one Int32Array, for the per-template tables and walk stacks of numbers:
// its memory lives outside the JavaScript heap, so the garbage collector neither traces nor copies it, however many
// entries a template gives it.
export class IntList {
  private data: Int32Array;
  length = 0;

  constructor(capacity = 64) {
    this.data = new Int32Array(Math.max(capacity, 4));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  pop(): number {
    return this.data[--this.length];
  }

  get(index: number): number {
    return this.data[index];
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** The last entry (the list must not be empty). */
  last(): number {
    return this.data[this.length - 1];
  }
}
