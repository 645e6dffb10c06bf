// Shared by the storage rules: a fix that rewrites the string literal a value was read from. It is offered only
// when the value is written as that literal, never when an expression computed it, so the edit changes exactly it.
import { literalValue, type KnownValue } from '../../../arm/value';
import type { Fix } from '../../rule';

export function replaceLiteral(value: KnownValue, replacement: string, title: string, preferred: boolean): Fix[] | undefined {
  const origin = value.origin;
  if (origin.type !== 'string') return undefined;
  const written = literalValue(origin);
  if (!written.known || written.value !== value.value) return undefined;
  // Replacements are URIs or empty, never starting with `[`, so they need no `[[` escape.
  return [{ title, edits: [{ start: origin.offset, end: origin.offset + origin.length, newText: JSON.stringify(replacement) }], preferred }];
}
