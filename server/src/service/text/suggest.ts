// "Did you mean …?" for misspelled values: the closest candidate by a case-insensitive match, then by the same
// letters and digits in another order (us-west-2 ↔ westus2), then by edit distance.

function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function sortedCharacters(text: string): string {
  return [...compact(text)].sort().join('');
}

/** True when two texts differ only in casing and punctuation (`West-US-2` and `westus2`): a change that keeps the meaning. */
export function sameLettersAndDigits(a: string, b: string): boolean {
  return compact(a) === compact(b);
}

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The best candidate for `input`, or undefined when nothing is close enough to be a helpful guess. */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  const lower = input.toLowerCase();
  const sameIgnoringCase = candidates.find((c) => c.toLowerCase() === lower);
  if (sameIgnoringCase !== undefined) return sameIgnoringCase;
  const compacted = compact(input);
  const sameIgnoringPunctuation = candidates.find((c) => compact(c) === compacted);
  if (sameIgnoringPunctuation !== undefined) return sameIgnoringPunctuation;
  const letters = sortedCharacters(input);
  const reordered = candidates.find((c) => sortedCharacters(c) === letters);
  if (reordered !== undefined) return reordered;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(compacted, compact(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(compacted.length / 4));
  return bestDistance <= allowed ? best : undefined;
}
