// Writes a deployed cloud resource's generated ID (`cldrsrc_…`, from "Connect to Azure") into an operator values
// file's global.cloudDeploymentId: the value only, keeping its quoting, or a new key under an existing block `global`
// section. Nothing else of the file changes, and nothing is written over what a plain edit cannot safely replace
// (a template `{{ }}`, an alias, a multi-line scalar): the answer then says why.
import { VALUE_SHAPES } from '../catalog/chart';
import type { TextEdit } from '../types';
import { parseYaml } from '../yaml/document';
import { classifyYamlDocument } from '../yaml/classifyYaml';
import { scalarText } from '../yaml/valuesEditor';
import { valuesFromYaml } from '../yaml/valuesFromYaml';

const PATH = 'global.cloudDeploymentId';

/** The edits (none when the value is already that ID), or why the file can't be edited. */
export function cloudDeploymentIdEdits(text: string, id: string): { edits: TextEdit[] } | { problem: string } {
  if (!VALUE_SHAPES.cloudResourceId.test(id))
    return { problem: `${JSON.stringify(id)} is not a cloud resource ID (${VALUE_SHAPES.cloudResourceIdExample}).` };
  const yaml = parseYaml(text);
  if (yaml.syntaxErrors.length > 0) return { problem: 'the file has YAML syntax errors; fix them first.' };
  const documents = yaml.documents.filter((document) => classifyYamlDocument(document.root) === 'operatorValues');
  if (documents.length !== 1) {
    return {
      problem:
        documents.length === 0
          ? 'it holds no Anyscale operator values (1.x layout).'
          : `it holds ${documents.length} documents of operator values; set the ID by hand in the right one.`,
    };
  }
  const values = valuesFromYaml(text, documents[0], '1.x');
  const setting = values.get(PATH);
  if (setting) {
    if (values.text(PATH) === id) return { edits: [] };
    const fix = values.editor.replaceValue(setting, id, 'Set global.cloudDeploymentId');
    return fix
      ? { edits: [...fix.edits] }
      : {
          problem: `${PATH} is not written as a plain value there (a template, an alias or a merged anchor, a list or a multi-line value); it is left as it is.`,
        };
  }
  // A new key, in the block `global` section, before its first key and indented like it (never in an anchor it merges).
  const first = values.settings.find((candidate) => candidate.parent === 'global' && !candidate.viaAnchor);
  const lineStart = first ? text.lastIndexOf('\n', first.keyRange.start - 1) + 1 : -1;
  const indent = first ? text.slice(lineStart, first.keyRange.start) : '';
  const global = values.get('global');
  if (!first || global?.shape !== 'map' || global.viaAnchor || indent.trim() !== '' || indent === '') {
    return { problem: `it has no block \`global:\` section to add ${PATH} to.` };
  }
  return {
    edits: [{ start: lineStart, end: lineStart, newText: `${indent}cloudDeploymentId: ${scalarText(id, '')}\n` }],
  };
}
