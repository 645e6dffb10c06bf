// Values computed once per analysed object (a template, an Anyscale view) and kept on that object, so that they die
// with it. Not WeakMaps keyed by the object: V8's young-generation collector cannot see that a WeakMap key has died,
// so a cached value — and, through parent links, the whole JSON tree it references — stays alive and is copied and
// promoted until the next full collection. On the 300-resource benchmark that made the next document's parse 3–5×
// slower than parsing alone.
export type MemoKey<T> = symbol & { readonly __value?: T };

/** A key for one kind of memoized value; `description` names it in a debugger. */
export function memoKey<T>(description: string): MemoKey<T> {
  return Symbol(description) as MemoKey<T>;
}

export class Memo {
  private readonly values = new Map<symbol, unknown>();

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
}
