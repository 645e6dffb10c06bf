// Inserting a JSON object into an array of a template, laid out like its neighbours: one item per line, indented
// as the last item is (or one step deeper than the array when it is empty). Used by the firewall rule's fixes.
import type { JsonNode } from '../../../json/nodes';
import type { TextEdit } from '../../rule';

function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function indented(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).split('\n').join(`\n${indent}`);
}

export function insertIntoArray(text: string, array: JsonNode, value: unknown): TextEdit {
  const last = array.children?.[array.children.length - 1];
  if (last) {
    const indent = indentOf(text, last.offset);
    const end = last.offset + last.length;
    return { start: end, end, newText: `,\n${indent}${indented(value, indent)}` };
  }
  const outer = indentOf(text, array.offset);
  const inner = `${outer}  `;
  return { start: array.offset, end: array.offset + array.length, newText: `[\n${inner}${indented(value, inner)}\n${outer}]` };
}
