// The one way a Gateway rule's fix replaces a string it read in a manifest: where it is written, keeping its quotes
// (scalarFix), and never one read through an anchor — editing it would change the places that alias it too.
import type { Fix } from '../../types';
import type { WrittenString } from '../../yaml/gatewayManifest';
import { scalarFix } from '../../yaml/valuesEditor';

export function manifestStringFix(
  text: string,
  written: WrittenString,
  replacement: string,
  title: string,
  preferred: boolean,
): Fix | undefined {
  return written.viaAnchor ? undefined : scalarFix(text, written.range, written.value, replacement, title, preferred);
}
