// Fixture expectations written in the fixture itself: a comment `// @expect <code> [<code> …]` (or `# @expect`
// in YAML) at the end of the line where each expected finding starts.
export interface Expected {
  line: number; // 1-based
  code: string;
}

export function expectationsIn(text: string): Expected[] {
  const out: Expected[] = [];
  text.split(/\r?\n/).forEach((lineText, index) => {
    const match = /(?:\/\/|#)\s*@expect\s+([a-z0-9-][a-z0-9 ,-]*)/.exec(lineText);
    if (!match) return;
    for (const code of match[1].split(/[\s,]+/).filter(Boolean)) out.push({ line: index + 1, code });
  });
  return out;
}

export function key(e: Expected): string {
  return `${e.line}:${e.code}`;
}
