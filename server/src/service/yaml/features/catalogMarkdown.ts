// The Markdown that completions and hover show for a chart key, a pre-1.0 key or a Gateway field: its meaning,
// type, default, allowed values, deprecation and source, all from the catalogs.
import { chartKey, LEGACY_SOURCE, type ChartKey, type LegacyKey } from '../../catalog/chart';
import type { Source } from '../../catalog/source';
import type { FieldValue, GatewayField } from '../gatewayFields';

const code = (value: string) => `\`${value}\``;
const link = (source: Source) => `Source: [${source.title}](${source.url})`;

/** One line for a completion's detail: type and default. */
export function chartKeyDetail(key: ChartKey): string {
  const shown = defaultText(key);
  return shown === undefined ? key.type : `${key.type} · default ${shown}`;
}

function defaultText(key: ChartKey): string | undefined {
  if (key.default === undefined) return undefined;
  return JSON.stringify(key.default);
}

export function chartKeyMarkdown(key: ChartKey): string {
  const head = [`**${key.path}**`, code(key.type)];
  const shown = defaultText(key);
  if (shown !== undefined) head.push(`default ${code(shown)}`);
  const parts = [head.join(' · '), key.description];
  if (key.allowed)
    parts.push(
      `Allowed${key.type === 'array' ? ' items' : ''}: ${key.allowed.map(code).join(', ')}.${key.allowedNote ? ` ${key.allowedNote}` : ''}`,
    );
  if (key.deprecated) parts.push(`**Deprecated**: use ${code(key.deprecated.replacement)}. ${key.deprecated.note}`);
  parts.push(link(key.source));
  return parts.join('\n\n');
}

export function legacyKeyMarkdown(legacy: LegacyKey): string {
  const target = chartKey(legacy.replacement);
  const how = legacy.manual ? ` Not a one-to-one move: it ${legacy.manual}.` : '';
  const parts = [
    `**${legacy.legacy}** · pre-1.0 key`,
    legacy.deprecatedTarget
      ? `Chart 1.0 moved it to ${code(legacy.deprecatedTarget)}, since deprecated: use ${code(legacy.replacement)}.${how} The 1.x chart ignores the old key.`
      : `Chart 1.0 moved it to ${code(legacy.replacement)}.${how} The 1.x chart ignores the old key.`,
  ];
  if (target) parts.push(`${code(legacy.replacement)}: ${target.description}`);
  parts.push(link(legacy.source ?? LEGACY_SOURCE));
  return parts.join('\n\n');
}

export function gatewayFieldMarkdown(field: GatewayField): string {
  const parts = [`**${field.path}** · ${code(field.type)}`, field.description];
  if (field.values && field.values.length > 0 && !field.values.some((value) => value.snippet))
    parts.push(`Values: ${field.values.map((value) => code(value.value)).join(', ')}.`);
  parts.push(link(field.source));
  return parts.join('\n\n');
}

/**
 * A value's `<placeholders>` match any text: `anyscale-<id>-certificate` matches `anyscale-cldrsrc-abc-certificate`.
 * The rest matches in its own case only: Kubernetes names and Gateway API hostnames are lowercase and its enums
 * case-sensitive, so `ANYSCALE-CLDRSRC-ABC-CERTIFICATE` is not the certificate it imitates.
 */
function valuePattern(choice: FieldValue): RegExp {
  const parts = choice.value.split(/<[^>]*>/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

/** The field's value that `text` is: the most specific match (most literal characters) when several fit. */
function describedValue(field: GatewayField, text: string): FieldValue | undefined {
  const literal = (choice: FieldValue) => choice.value.replace(/<[^>]*>/g, '').length;
  const matches = (field.values ?? []).filter((choice) => choice.description && valuePattern(choice).test(text));
  return matches.sort((a, b) => literal(b) - literal(a))[0];
}

/**
 * Hover on a Gateway value: what is wrong with it and what it should be, else what the value is for, when the catalog
 * says, and `more` (what the workspace says of it); then the field's own Markdown. A value with a known problem is
 * never described as the value it imitates.
 */
export function gatewayValueMarkdown(field: GatewayField, text: string, more?: string): string {
  const fieldMarkdown = gatewayFieldMarkdown(field);
  const problem = field.valueProblem?.(text);
  if (problem) return `${code(text)}: ${problem}\n\n${fieldMarkdown}`;
  const choice = describedValue(field, text);
  const parts = [choice ? `${code(text)}: ${choice.description}` : undefined, more, fieldMarkdown];
  return parts.filter((part) => part !== undefined).join('\n\n');
}
