// How the resource rules show names in messages: quoted, shortened when very long, and for a resource its full
// name when known, else its symbolic name.
import type { ArmResource } from '../../arm/template';
import { knownString } from '../../arm/value';

const SHOWN_LENGTH = 64;

/** A name in quotes, cut short with an ellipsis when it is longer than a message can comfortably hold. */
export function quotedName(name: string): string {
  return JSON.stringify(name.length > SHOWN_LENGTH ? `${name.slice(0, SHOWN_LENGTH - 1)}…` : name);
}

export function resourceLabel(resource: ArmResource): string {
  const name = knownString(resource.name);
  if (name !== undefined) return quotedName(name);
  if (resource.symbolicName !== undefined) return quotedName(resource.symbolicName);
  return resource.nameNode ? '(name set by an expression)' : '(unnamed)';
}
