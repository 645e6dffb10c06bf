// A string-keyed table for the large lookups an analysis builds once, such as a template's declarations by name.
// V8's Map gets slow to fill past a few thousand entries (each doubling reallocates a backing store that by then
// lives in large-object space): measured on Node 20, filling one Map with 5,000 entries takes ~1.5 ms, ten Maps of
// 500 take 0.1 ms together. This open-addressing table of entry numbers, sized from the expected count up front,
// fills 5,000 in under 0.1 ms. Iteration, keys() and values() keep insertion order, as a Map's do.
import { emptyArray } from '../emptyArray';

export interface ReadonlyStringTable<V> extends Iterable<[string, V]> {
  readonly size: number;
  get(key: string): V | undefined;
  has(key: string): boolean;
  indexOf(key: string): number;
  indexOfLowerCased(text: string, start: number, end: number): number;
  keys(): readonly string[];
  values(): readonly V[];
}

/** FNV-1a over the UTF-16 code units. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** True when `key` is text[start, end) lower-cased (ASCII only: the caller handles the rest). */
function spellsLowerCased(key: string, text: string, start: number, end: number): boolean {
  if (key.length !== end - start) return false;
  for (let i = 0; i < key.length; i++) {
    const code = text.charCodeAt(start + i);
    if (key.charCodeAt(i) !== (code >= 65 && code <= 90 ? code + 32 : code)) return false;
  }
  return true;
}

/** A power of two at least twice `entries`, so probes stay short. */
function slotCount(entries: number): number {
  let count = 16;
  while (count < entries * 2) count *= 2;
  return count;
}

export class StringTable<V> implements ReadonlyStringTable<V> {
  /** Entry number + 1 per slot; 0 is an empty slot. */
  private slots: Int32Array;
  /**
   * Keys and values in insertion order, entries 0 … count − 1. Made `expected` long up front (entries past `count`
   * are undefined until keys() or values() trims them): grown by push, a list of thousands is copied again and
   * again, and all but the last copy are garbage the young collector has to make room for.
   */
  private readonly keyList: string[];
  private readonly valueList: V[];
  private count = 0;

  /** `expected`: about how many keys the table will hold (it grows past that, too). */
  constructor(expected = 0) {
    this.slots = new Int32Array(slotCount(expected));
    this.keyList = emptyArray<string>(expected) as string[];
    this.valueList = emptyArray<V>(expected) as V[];
  }

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    const entry = this.entryOf(key);
    return entry < 0 ? undefined : this.valueList[entry];
  }

  has(key: string): boolean {
    return this.entryOf(key) >= 0;
  }

  /** Sets `key` to `value`; a key already there keeps its place in the order, as in a Map. */
  set(key: string, value: V): this {
    const mask = this.slots.length - 1;
    let slot = hashOf(key) & mask;
    for (let entry = this.slots[slot]; entry !== 0; entry = this.slots[slot]) {
      if (this.keyList[entry - 1] === key) {
        this.valueList[entry - 1] = value;
        return this;
      }
      slot = (slot + 1) & mask;
    }
    if (this.count < this.keyList.length) {
      this.keyList[this.count] = key;
      this.valueList[this.count] = value;
    } else {
      this.keyList.push(key);
      this.valueList.push(value);
    }
    this.slots[slot] = ++this.count;
    if (this.count * 2 > this.slots.length) this.rehash();
    return this;
  }

  /** The key's entry number, its place in insertion order; −1 when absent. */
  indexOf(key: string): number {
    return this.entryOf(key);
  }

  /**
   * The entry number of the key that `text` spells from `start` to `end` once lower-cased (for a table whose keys
   * are lower-case), found without cutting the key out of the text; −1 when absent.
   */
  indexOfLowerCased(text: string, start: number, end: number): number {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      // Beyond ASCII, lower-casing can change a string's length: cut it out after all.
      if (code >= 128) return this.entryOf(text.slice(start, end).toLowerCase());
      hash = Math.imul(hash ^ (code >= 65 && code <= 90 ? code + 32 : code), 0x01000193);
    }
    const mask = this.slots.length - 1;
    for (let slot = (hash >>> 0) & mask, entry = this.slots[slot]; entry !== 0; slot = (slot + 1) & mask, entry = this.slots[slot]) {
      if (spellsLowerCased(this.keyList[entry - 1], text, start, end)) return entry - 1;
    }
    return -1;
  }

  keys(): readonly string[] {
    this.trim();
    return this.keyList;
  }

  values(): readonly V[] {
    this.trim();
    return this.valueList;
  }

  /** Drops the room made up front and not filled (once: setting an array's length is a runtime call). */
  private trim(): void {
    if (this.keyList.length === this.count) return;
    this.keyList.length = this.count;
    this.valueList.length = this.count;
  }

  *[Symbol.iterator](): IterableIterator<[string, V]> {
    for (let i = 0; i < this.count; i++) yield [this.keyList[i], this.valueList[i]];
  }

  private entryOf(key: string): number {
    const mask = this.slots.length - 1;
    for (let slot = hashOf(key) & mask, entry = this.slots[slot]; entry !== 0; slot = (slot + 1) & mask, entry = this.slots[slot]) {
      if (this.keyList[entry - 1] === key) return entry - 1;
    }
    return -1;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = hashOf(this.keyList[entry]) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
  }
}
