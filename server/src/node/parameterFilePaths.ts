// Which parameter files belong to which template. By convention `<name>.parameters.json` and
// `<name>.parameters.<anything>.json` sit beside `<name>.json` (the docs ship one per provider); the
// `anyscaleAzure.parameterFiles` setting maps template globs to parameter files for other layouts.
// Pure: callers pass the file names they see; nothing here touches the disk.
import * as path from 'node:path';
import { globToRegExp } from '../service';

/** `anyscaleAzure.parameterFiles`: template glob (relative to the workspace folder) → parameter file paths. */
export type ParameterFileSetting = Readonly<Record<string, readonly string[]>>;

const PARAMETERS_MARKER = '.parameters';

/** The template base name a parameter file's name implies: `x.parameters.aws.json` → `x`. */
function templateStem(fileName: string): string | undefined {
  const base = path.basename(fileName);
  const marker = base.toLowerCase().indexOf(`${PARAMETERS_MARKER}.`);
  if (marker <= 0 || !/\.jsonc?$/i.test(base)) return undefined;
  return base.slice(0, marker);
}

/** Parameter files beside a template, by naming convention, sorted by name. */
export function conventionalParameterFiles(templatePath: string, siblingNames: readonly string[]): string[] {
  const dir = path.dirname(templatePath);
  const stem = path.basename(templatePath).replace(/\.jsonc?$/i, '');
  return siblingNames
    .filter((name) => templateStem(name)?.toLowerCase() === stem.toLowerCase() && path.join(dir, name) !== templatePath)
    .sort()
    .map((name) => path.join(dir, name));
}

/** The template a parameter file belongs to by naming convention, when such a file is among its siblings. */
export function conventionalTemplate(parameterFilePath: string, siblingNames: readonly string[]): string | undefined {
  const stem = templateStem(parameterFilePath);
  if (stem === undefined) return undefined;
  const match = siblingNames.find(
    (name) =>
      name.toLowerCase() === `${stem}.json`.toLowerCase() || name.toLowerCase() === `${stem}.jsonc`.toLowerCase(),
  );
  return match === undefined ? undefined : path.join(path.dirname(parameterFilePath), match);
}

/** Parameter files the setting assigns to a template; paths in the setting are relative to the workspace folder. */
export function configuredParameterFiles(
  templatePath: string,
  workspaceFolder: string,
  setting: ParameterFileSetting | undefined,
): string[] {
  if (!setting) return [];
  const relative = path.relative(workspaceFolder, templatePath).split(path.sep).join('/');
  const out: string[] = [];
  for (const [glob, files] of Object.entries(setting)) {
    if (!globToRegExp(glob.replace(/^\.\//, '')).test(relative)) continue;
    for (const file of files) out.push(path.resolve(workspaceFolder, file));
  }
  return out;
}

/** The template the setting assigns a parameter file to, when exactly one known template claims it. */
export function configuredTemplate(
  parameterFilePath: string,
  workspaceFolder: string,
  setting: ParameterFileSetting | undefined,
  templates: readonly string[],
): string | undefined {
  const claiming = templates.filter((template) =>
    configuredParameterFiles(template, workspaceFolder, setting).includes(parameterFilePath),
  );
  return claiming.length === 1 ? claiming[0] : undefined;
}
