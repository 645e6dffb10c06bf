// Values computed once per analysed object (a template, an Anyscale view) and kept on that object, so that they die
// with it. Not WeakMaps keyed by the object: V8's young-generation collector cannot see that a WeakMap key has died,
// so a cached value — and, through parent links, the whole JSON tree it references — stays alive and is copied and
// promoted until the next full collection. On the 300-resource benchmark that made the next document's parse 3–5×
// slower than parsing alone. A kind of value that can say whether it stands after an edit is carried to the next
// version's memo when it does.
import type { EditedRegion } from './json/editedRegion';

export class MemoKey<T> {
  constructor(
    /** Names the kind of value in a debugger. */
    readonly description: string,
    /** True when a value stands after the edit, in the next version's memo; without it, values are computed again. */
    readonly standsAfter?: (value: T, edit: EditedRegion) => boolean,
  ) {}
}

/** A key for one kind of memoized value (see MemoKey). */
export function memoKey<T>(description: string, standsAfter?: (value: T, edit: EditedRegion) => boolean): MemoKey<T> {
  return new MemoKey(description, standsAfter);
}

export class Memo {
  /** Keys of any kind of value (a key's function takes its own kind: `never` stands for them all). */
  private readonly values = new Map<MemoKey<never>, unknown>();

  /** The value under `key`, computed by `compute` the first time it is asked for. */
  get<T>(key: MemoKey<T>, compute: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = compute();
    this.values.set(key, value);
    return value;
  }

  /** The value under `key` when it has been computed. */
  peek<T>(key: MemoKey<T>): T | undefined {
    return this.values.get(key) as T | undefined;
  }

  /** Stores a value computed elsewhere (the previous version's, carried over). */
  set<T>(key: MemoKey<T>, value: T): void {
    this.values.set(key, value);
  }

  /** A memo for the next version holding the values whose key says they stand after the edit. */
  carriedOver(edit: EditedRegion): Memo {
    const next = new Memo();
    for (const [key, value] of this.values) if (key.standsAfter?.(value as never, edit)) next.values.set(key, value);
    return next;
  }
}
