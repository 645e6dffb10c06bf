// Arrays that an analysis keeps and fills, made by a built-in. V8 may allocate what `new Array(n)` or an array
// literal makes straight into the old generation (allocation-site pretenuring); an old array holding young objects
// keeps them, and everything they point at, alive through every young-generation collection until the next full
// one. What a built-in makes is never pretenured (docs/performance.md, "Objects an analysis keeps").

/** As many `undefined` as the longest array asked for so far: copied by slice, which is a block copy. */
const UNDEFINEDS: undefined[] = [];

/** An array of `length` entries, all undefined. */
export function emptyArray<T>(length: number): (T | undefined)[] {
  while (UNDEFINEDS.length < length) UNDEFINEDS.push(undefined);
  return UNDEFINEDS.slice(0, length);
}
