// The one part that differs between two versions of a text (a keystroke, a paste): what an editor's incremental
// structures (the line index, the spliced JSON tree) need to follow a new version without reading it all.

/** The part that differs between two texts: `before.slice(start, oldEnd)` became `after.slice(start, newEnd)`. */
export interface Change {
  readonly start: number;
  readonly oldEnd: number;
  readonly newEnd: number;
}

/** Chunk sizes compared at once, largest first: few comparisons over the unchanged megabyte, then a closer look. */
const CHUNKS = [64 * 1024, 1024, 32];

/** The change from `before` to `after`, from their common start and end (compared a chunk at a time, then by character). */
export function changeBetween(before: string, after: string): Change | undefined {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  for (const chunk of CHUNKS)
    while (start + chunk <= shorter && before.slice(start, start + chunk) === after.slice(start, start + chunk))
      start += chunk;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  if (start === before.length && start === after.length) return undefined;
  const common = shorter - start;
  let end = 0;
  for (const chunk of CHUNKS)
    while (
      end + chunk <= common &&
      before.slice(before.length - end - chunk, before.length - end) ===
        after.slice(after.length - end - chunk, after.length - end)
    )
      end += chunk;
  while (end < common && before.charCodeAt(before.length - end - 1) === after.charCodeAt(after.length - end - 1)) end++;
  return { start, oldEnd: before.length - end, newEnd: after.length - end };
}
