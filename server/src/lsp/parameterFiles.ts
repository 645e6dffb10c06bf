// Parameter files in the editor: a template is checked with the parameter files beside it, and a parameter file
// shows the findings its values cause in its template. Open documents' unsaved text wins over the disk.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseJson } from '../service/analyze';
import type { ParameterFileInput } from '../service/arm/checkTemplate';
import type { Finding } from '../service/rules/rule';
import { LineIndex } from '../service/text/lineIndex';
import { conventionalParameterFiles, conventionalTemplate } from '../service/workspace/parameterFiles';

export class ParameterFiles {
  constructor(private readonly documents: TextDocuments<TextDocument>) {}

  /** The text of a document: the open editor's, else the file's; undefined when neither can be had. */
  textOf(uri: string): string | undefined {
    const open = this.documents.get(uri);
    if (open) return open.getText();
    try {
      return fs.readFileSync(fileURLToPath(uri), 'utf8');
    } catch {
      return undefined;
    }
  }

  linesOf(uri: string): LineIndex | undefined {
    const text = this.textOf(uri);
    return text === undefined ? undefined : new LineIndex(text);
  }

  private siblings(file: string): string[] {
    try {
      return fs.readdirSync(path.dirname(file));
    } catch {
      return [];
    }
  }

  /** The parseable parameter files beside a `file:` template. */
  parameterFilesOf(templateUri: string): ParameterFileInput[] {
    if (!templateUri.startsWith('file:')) return [];
    const file = fileURLToPath(templateUri);
    const inputs: ParameterFileInput[] = [];
    for (const parameterFile of conventionalParameterFiles(file, this.siblings(file))) {
      const uri = pathToFileURL(parameterFile).toString();
      const text = this.textOf(uri);
      const parsed = text === undefined ? undefined : parseJson(text);
      if (parsed?.root && parsed.errors.length === 0) inputs.push({ uri, root: parsed.root });
    }
    return inputs;
  }

  /** The template of a `file:` parameter file, by naming convention. */
  templateOf(parameterUri: string): string | undefined {
    if (!parameterUri.startsWith('file:')) return undefined;
    const file = fileURLToPath(parameterUri);
    const template = conventionalTemplate(file, this.siblings(file));
    return template === undefined ? undefined : pathToFileURL(template).toString();
  }
}

/**
 * The findings of a template's run that sit in one of its parameter files, restated from that file's point of
 * view: the finding becomes local, and what was local to the template now names the template.
 */
export function findingsInParameterFile(findings: readonly Finding[], parameterUri: string, templateUri: string): Finding[] {
  const local = (uri: string | undefined) => (uri === undefined ? templateUri : uri === parameterUri ? undefined : uri);
  return findings
    .filter((finding) => finding.uri === parameterUri)
    .map((finding) => ({ ...finding, uri: undefined, related: finding.related?.map((related) => ({ ...related, uri: local(related.uri) })) }));
}
