// The editor languages the server checks, and which of them are YAML. `helm` is the language the Kubernetes extension
// (vscode-kubernetes-tools, its package.json's contributes.languages) gives a chart's templates, the files under a
// `templates` folder (`**/templates/**/*.yaml`, `*.yml`, `*.tpl`): YAML, with Go template actions Helm fills in.
export const YAML_LANGUAGES: readonly string[] = ['yaml', 'helm'];

/** Every language the server checks: JSON (ARM templates, parameter files) and YAML. */
export const CHECKED_LANGUAGES: readonly string[] = ['json', 'jsonc', 'arm-template', ...YAML_LANGUAGES];

/** True for a document to read as YAML (operator values, Gateway manifests, a chart's templates). */
export function isYamlLanguage(languageId: string): boolean {
  return YAML_LANGUAGES.includes(languageId);
}
