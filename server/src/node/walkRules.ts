// What every walk of the user's folders shares (the workspace scan, egress's walk, the parameterFiles setting's
// template lookup, `anyscale-azure check` and `index`): the folders none of them enters.

/** node_modules and dot-folders (.git, .tools, .vscode, .venv …): no walk enters them (docs/index.md, docs/cli.md). */
export function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}
