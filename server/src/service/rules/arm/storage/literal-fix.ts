// Shared by the storage rules: a fix that rewrites the string literal a value was read from. It is offered only
// when the value is written as that literal, never when an expression computed it, so the edit changes exactly it.
import type { KnownValue } from '../../../arm/value';
import type { Fix } from '../../rule';
import { replaceLiteral as literalEdit } from '../edits';

export function replaceLiteral(value: KnownValue, replacement: string, title: string, preferred: boolean): Fix[] | undefined {
  const edit = literalEdit(value, replacement);
  return edit && [{ title, edits: [edit], preferred }];
}
