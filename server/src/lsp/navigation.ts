// textDocument/definition, references, prepareRename and rename for ARM parameters and variables, across a template
// and its parameter files (unopened ones are read from disk), and for YAML anchors and aliases within an operator
// values file or Gateway manifest. Thin: the service's arm/features/navigation and yaml/features/anchorNavigation do
// the work.
import {
  DefinitionRequest,
  ErrorCodes,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ResponseError,
  type CancellationToken,
  type Connection,
  type DefinitionParams,
  type Location,
  type Position,
  type PrepareRenameParams,
  type ReferenceParams,
  type RenameParams,
  type TextDocuments,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { OpenDocument } from './openDocument';
import {
  buildTemplate,
  cannotRename,
  cannotRenameYamlAnchor,
  classifyJson,
  declarationOf,
  LineIndex,
  type NavigationDocument,
  parseJson,
  renameSymbol,
  renameYamlAnchor,
  type SymbolAt,
  symbolInParameterFile,
  symbolInTemplate,
  type SymbolLocation,
  type TemplateDocument,
  usesOf,
  yamlAnchorAt,
  type TextRange,
  type YamlAnchorAt,
  type YamlVersion,
  isYamlLanguage,
} from '../service';
import type { ParameterFiles } from './parameterFiles';
import { AT_POSITION, request, stopIfCancelled } from './requests';

export const NAVIGATION_CAPABILITIES = {
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
} as const;

interface Target {
  readonly template: TemplateDocument;
  readonly parameterFiles: readonly NavigationDocument[];
  readonly at: SymbolAt;
  /** The line index of the document the request was made in. */
  readonly lines: LineIndex;
  /** Line indexes of the documents the request reads, by URI (a reference list maps many ranges of the same document). */
  readonly linesByUri: Map<string, LineIndex>;
}

/** A YAML anchor or alias under the cursor, with the document's URI and the line index of the text it was read in. */
interface YamlTarget {
  readonly uri: string;
  readonly found: YamlAnchorAt;
  readonly lines: LineIndex;
}

export function registerNavigationHandlers(
  connection: Connection,
  documents: TextDocuments<OpenDocument>,
  parameterFiles: ParameterFiles,
  /** A YAML document's current version, with its parse when the server has one. */
  yamlVersionOf: (document: OpenDocument) => YamlVersion,
): void {
  const parsed = (uri: string, text: string | undefined): NavigationDocument | undefined => {
    const { root, errors } = text === undefined ? { root: undefined, errors: [] } : parseJson(text);
    return root && errors.length === 0 ? { uri, text: text!, root } : undefined;
  };
  const templateDocument = (uri: string, text: string | undefined): TemplateDocument | undefined => {
    const document = parsed(uri, text);
    return document && classifyJson(document.root) === 'armTemplate'
      ? { ...document, template: buildTemplate(document.root, document.text) }
      : undefined;
  };

  /** The symbol under the cursor, with the template and parameter files it lives in. */
  const targetAt = (uri: string, position: Position): Target | undefined => {
    const document = documents.get(uri);
    if (!document) return undefined;
    const text = document.getText();
    const lines = document.lines;
    const linesByUri = new Map([[uri, lines]]);
    const offset = lines.offsetAt(position);
    const own = parsed(uri, text);
    if (!own) return undefined;
    const kind = classifyJson(own.root);
    if (kind === 'armTemplate') {
      const template: TemplateDocument = { ...own, template: buildTemplate(own.root, own.text) };
      const at = symbolInTemplate(template, offset);
      return at && { template, parameterFiles: parameterFiles.parameterFilesOf(uri), at, lines, linesByUri };
    }
    if (kind !== 'armParameters') return undefined;
    const templateUri = parameterFiles.templateOf(uri);
    const template =
      templateUri === undefined ? undefined : templateDocument(templateUri, parameterFiles.textOf(templateUri));
    if (!template) return undefined;
    const at = symbolInParameterFile(own, template, offset);
    // The template's parameter files, this one (with its unsaved text) included even when the setting does not list it.
    const others = parameterFiles.parameterFilesOf(template.uri).filter((file) => file.uri !== uri);
    return at && { template, parameterFiles: [own, ...others], at, lines, linesByUri };
  };

  /** The target of a request: read once the request is known not to be cancelled, and a cancel sent while it was read is honoured after. */
  const targetFor = async (
    params: { textDocument: { uri: string }; position: Position },
    token: CancellationToken,
  ): Promise<Target | undefined> => {
    const target = targetAt(params.textDocument.uri, params.position);
    await stopIfCancelled(token);
    return target;
  };

  const isYaml = (uri: string) => isYamlLanguage(documents.get(uri)?.languageId ?? '');

  /** The YAML anchor or alias at the position, read as targetFor reads an ARM symbol. */
  const yamlTargetFor = async (
    params: { textDocument: { uri: string }; position: Position },
    token: CancellationToken,
  ): Promise<YamlTarget | undefined> => {
    const uri = params.textDocument.uri;
    const document = documents.get(uri);
    if (!document) return undefined;
    // The version's text and lines, read before the wait: an edit meanwhile does not move the ranges found.
    const { text, parsed } = yamlVersionOf(document);
    const lines = document.lines;
    const found = yamlAnchorAt(text, lines.offsetAt(params.position), parsed);
    await stopIfCancelled(token);
    return found && { uri, found, lines };
  };
  const yamlRange = (target: YamlTarget, { start, end }: TextRange) => ({
    start: target.lines.positionAt(start),
    end: target.lines.positionAt(end),
  });
  const yamlLocation = (target: YamlTarget, range: TextRange): Location => ({
    uri: target.uri,
    range: yamlRange(target, range),
  });

  /** Locations are mapped with the texts the request read, not with a newer version edited since. */
  const linesOf = (uri: string, target: Target): LineIndex | undefined => {
    let lines = target.linesByUri.get(uri);
    if (lines) return lines;
    const text = [target.template, ...target.parameterFiles].find((document) => document.uri === uri)?.text;
    if (text !== undefined) target.linesByUri.set(uri, (lines = new LineIndex(text)));
    return lines;
  };
  const toLocation = (location: SymbolLocation, target: Target): Location | undefined => {
    const lines = linesOf(location.uri, target);
    return (
      lines && {
        uri: location.uri,
        range: { start: lines.positionAt(location.start), end: lines.positionAt(location.end) },
      }
    );
  };

  connection.onDefinition(
    request(DefinitionRequest.type, AT_POSITION, async (params: DefinitionParams, token) => {
      if (isYaml(params.textDocument.uri)) {
        const yaml = await yamlTargetFor(params, token);
        return yaml?.found.anchor ? yamlLocation(yaml, yaml.found.anchor.range) : null;
      }
      const target = await targetFor(params, token);
      const declaration = target && declarationOf(target.template, target.at.symbol);
      return (declaration && toLocation(declaration, target)) ?? null;
    }),
  );

  connection.onReferences(
    request(
      ReferencesRequest.type,
      { ...AT_POSITION, 'context.includeDeclaration': 'boolean' },
      async (params: ReferenceParams, token) => {
        if (isYaml(params.textDocument.uri)) {
          const yaml = await yamlTargetFor(params, token);
          const anchor = yaml?.found.anchor;
          if (!anchor) return null;
          const names = params.context.includeDeclaration ? [anchor, ...yaml.found.aliases] : yaml.found.aliases;
          return names.map((name) => yamlLocation(yaml, name.range));
        }
        const target = await targetFor(params, token);
        if (!target) return null;
        const declaration = params.context.includeDeclaration
          ? declarationOf(target.template, target.at.symbol)
          : undefined;
        const locations = [
          ...(declaration ? [declaration] : []),
          ...usesOf(target.template, target.parameterFiles, target.at.symbol),
        ];
        return locations.flatMap((location) => toLocation(location, target) ?? []);
      },
    ),
  );

  connection.onPrepareRename(
    request(PrepareRenameRequest.type, AT_POSITION, async (params: PrepareRenameParams, token) => {
      if (isYaml(params.textDocument.uri)) {
        const yaml = await yamlTargetFor(params, token);
        if (!yaml) return null;
        const problem = cannotRenameYamlAnchor(yaml.found);
        if (problem) throw new ResponseError(ErrorCodes.InvalidRequest, problem);
        return { range: yamlRange(yaml, yaml.found.at.range), placeholder: yaml.found.at.name };
      }
      const target = await targetFor(params, token);
      if (!target) return null;
      const problem = cannotRename(target.template, target.at.symbol);
      if (problem) throw new ResponseError(ErrorCodes.InvalidRequest, problem);
      const { start, end } = target.at.range;
      return {
        range: { start: target.lines.positionAt(start), end: target.lines.positionAt(end) },
        placeholder: target.at.symbol.name,
      };
    }),
  );

  connection.onRenameRequest(
    request(
      RenameRequest.type,
      { ...AT_POSITION, newName: 'string' },
      async (params: RenameParams, token): Promise<WorkspaceEdit | null> => {
        if (isYaml(params.textDocument.uri)) {
          const yaml = await yamlTargetFor(params, token);
          if (!yaml) return null;
          const result = renameYamlAnchor(yaml.found, params.newName);
          if (!result.ok) throw new ResponseError(ErrorCodes.InvalidRequest, result.message);
          const edits = result.edits.map((edit) => ({ range: yamlRange(yaml, edit), newText: edit.newText }));
          return { changes: { [yaml.uri]: edits } };
        }
        const target = await targetFor(params, token);
        if (!target) return null;
        const result = renameSymbol(target.template, target.parameterFiles, target.at.symbol, params.newName);
        if (!result.ok) throw new ResponseError(ErrorCodes.InvalidRequest, result.message);
        const changes: Record<string, TextEdit[]> = {};
        for (const edit of result.edits) {
          const location = toLocation(edit, target);
          if (location) (changes[edit.uri] ??= []).push({ range: location.range, newText: edit.newText });
        }
        return { changes };
      },
    ),
  );
}
