// A list as a sentence names it: ``, `a`, `a and b`, `a, b and c` (file names, required properties, characters).

export function namesList(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
