// What a parameter-file rule is: a check of one deployment parameter file, either against the template it deploys
// (undeclared names, missing required values, values of the wrong type, outside allowedValues or a declared range) or
// on its own (its shape: an entry without a value, a template's $schema). Findings sit in the parameter file;
// arm/checkParameterFile.ts runs the first kind once per parameter file a template is checked with, and the second
// kind whenever the file itself is analysed, with or without its template.
import { type JsonNode, propertyValue, stringOf } from '../json/nodes';
import type { Declaration } from '../arm/template';
import type { ParameterFile } from '../arm/parameterFile';
import type { Report, RuleInfo } from '../types';

export interface ParameterFileContext {
  /** The parameter file's URI: where its values, and the fixes that rewrite them, are. */
  readonly uri: string;
  /** The parameter file's text, for edits that keep its layout ('' when the caller has only the tree). */
  readonly text: string;
  readonly file: ParameterFile;
  /** The template's own parameters, keyed by lower-cased name. */
  readonly declared: ReadonlyMap<string, Declaration>;
  report(report: Report): void;
}

export interface ParameterFileRule extends RuleInfo {
  readonly appliesTo: 'armParameters';
  readonly against?: 'template';
  check(context: ParameterFileContext): void;
}

/** A check of a parameter file on its own: what is wrong with it whatever template it deploys. */
export type ParameterFileShapeContext = Omit<ParameterFileContext, 'declared' | 'uri'>;

export interface ParameterFileShapeRule extends RuleInfo {
  readonly appliesTo: 'armParameters';
  readonly against: 'file';
  check(context: ParameterFileShapeContext): void;
}

/**
 * Each value the parameter file sets for a parameter the template declares, with that declaration. A `null` value
 * is left out: it leaves the parameter to its default.
 */
export function declaredValues(
  context: ParameterFileContext,
): Array<{ readonly declaration: Declaration; readonly valueNode: JsonNode }> {
  const out: Array<{ declaration: Declaration; valueNode: JsonNode }> = [];
  for (const [name, entry] of context.file.parameters) {
    const declaration = context.declared.get(name);
    if (declaration && entry.valueNode && entry.valueNode.type !== 'null')
      out.push({ declaration, valueNode: entry.valueNode });
  }
  return out;
}

/** The declared `type`, lower-cased (ARM reads type names case-insensitively); undefined when not a plain string. */
export function declaredType(declaration: Declaration): string | undefined {
  return stringOf(propertyValue(declaration.valueNode, 'type'))?.toLowerCase();
}

/** The `allowedValues` array of a declaration, when it has one. */
export function allowedValuesOf(declaration: Declaration): JsonNode | undefined {
  const node = propertyValue(declaration.valueNode, 'allowedValues');
  return node?.type === 'array' ? node : undefined;
}
