// A list of names as a sentence names them: `a`, `a and b`, `a, b and c` (file names in hovers and completions).

export function namesList(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
