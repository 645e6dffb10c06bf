// Hover on an ARM expression: what it evaluates to, or why it cannot be known before deployment
// ("unknown: depends on reference(…)"). Uses the parameter files the template was checked with, when any: each
// result once, with the files that give it.
import { findNodeAtOffset } from 'jsonc-parser';
import type { ArmResource, ArmTemplate } from '../template';
import { evaluatorFor } from '../evaluators';
import type { ParameterFileInput } from '../../types';
import { isExpression, type StringEnds } from '../value';
import type { JsonNode } from '../../json/nodes';
import { namesList } from '../../text/namesList';

export interface ExpressionHover {
  /** The expression string's node (its range is the hover's range). */
  readonly node: JsonNode;
  /** Markdown: one line per distinct result, naming the parameter files that give it (one line without any). */
  readonly markdown: string;
}

const MAX_SHOWN = 400;

function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value, null, 0);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** The innermost resource whose JSON contains the node: its scope decides what the expression sees. */
function resourceAround(template: ArmTemplate, node: JsonNode): ArmResource | undefined {
  let best: ArmResource | undefined;
  for (const resource of template.resources) {
    const r = resource.node;
    if (
      r.offset <= node.offset &&
      node.offset + node.length <= r.offset + r.length &&
      (!best || r.length < best.node.length)
    )
      best = resource;
  }
  return best;
}

export function expressionHover(
  template: ArmTemplate,
  offset: number,
  parameterFiles: readonly ParameterFileInput[],
): ExpressionHover | undefined {
  const node = findNodeAtOffset(template.root, offset);
  if (!node || node.type !== 'string' || !isExpression(node.value as string)) return undefined;
  const resource = resourceAround(template, node);
  const runs = parameterFiles.length > 0 ? parameterFiles : [undefined];
  // Each result (a value, or why it is unknown) with the names of the files giving it, in the files' order.
  const filesByResult = new Map<string, { known: boolean; files: string[] }>();
  for (const file of runs) {
    const value = evaluatorFor(template, file).value(node, resource);
    const result = value.known ? `\`${show(value.value)}\`` : `${value.reason}${endsShown(value.ends)}`;
    const entry = filesByResult.get(result) ?? { known: value.known, files: [] };
    if (file) entry.files.push(file.uri.slice(file.uri.lastIndexOf('/') + 1));
    filesByResult.set(result, entry);
  }
  const lines = [...filesByResult].map(([result, { known, files }]) => {
    const label = files.length > 0 ? ` with ${namesList(files)}` : '';
    return known ? `Evaluates${label} to ${result}` : `Unknown${label}: ${result}`;
  });
  return { node, markdown: lines.join('  \n') };
}

/** What is known of a string built around a part that is not: ` (starts with `https://`, ends with `/`)`. */
function endsShown(ends: StringEnds | undefined): string {
  if (!ends) return '';
  const parts = [
    ...(ends.start ? [`starts with \`${show(ends.start)}\``] : []),
    ...(ends.end ? [`ends with \`${show(ends.end)}\``] : []),
  ];
  return ` (the string ${parts.join(' and ')})`;
}
