// YAML a tool fills in before Helm or kubectl reads it: Go template actions (`{{ .Values.id }}`, a Helm chart's
// templates, a file a CI step renders) and Terraform templatefile's directives and interpolations (`%{ if … }`,
// `${…}`, envsubst's too). A value written so is not known.
import { isMap, type Node, type Range, type YAMLMap } from 'yaml';

/** A Go template action, a Terraform directive or an interpolation, each closed. */
const ACTION = /\{\{[\s\S]*?\}\}|%\{[^{}]*\}|\$\{[^{}\n]*\}/g;

/**
 * True for a value a templating tool fills in before Helm or kubectl reads the file (`{{ .Values.id }}`,
 * `%{ if x }a%{ endif }`, `${id}`). Nothing can be known of such a value.
 */
export function isFilledInLater(text: string): boolean {
  return new RegExp(ACTION.source).test(text);
}

/**
 * True for a node YAML reads as a map but that is one Go template action written unquoted (`id: {{ .Values.id }}`
 * parses as a flow map holding a flow map): a value filled in later, as its quoted form is.
 */
export function isTemplatedNode(node: Node | null | undefined, text: string): node is YAMLMap & { range: Range } {
  return (
    isMap(node) &&
    node.flow === true &&
    node.range != null &&
    /^\{\{[\s\S]*\}\}$/.test(text.slice(node.range[0], node.range[1]))
  );
}
