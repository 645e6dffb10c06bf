// Reading the notes of an allow-list (az script, FQDN list) as a user reads them: the text of its `#` comment lines,
// whatever width they were wrapped to.
/** The text of an output's `# ` comment lines, joined by spaces: a note reads the same wherever its lines were broken. */
export function commentText(output: string): string {
  return output
    .split('\n')
    .filter((line) => line.startsWith('# '))
    .map((line) => line.slice(2))
    .join(' ');
}
