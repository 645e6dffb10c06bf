// What the editing features (completions, hover) hand to the LSP layer: plain data with offsets, so the service
// stays independent of LSP and the same entries serve ARM templates and YAML values files.
import type { TextRange } from '../types';

export type CompletionKind = 'property' | 'value' | 'snippet' | 'reference' | 'keyword';

export interface CompletionEntry {
  readonly label: string;
  readonly kind: CompletionKind;
  /** One line shown beside the label (a type, a default, a display name). */
  readonly detail?: string;
  /** Markdown shown in the details pane. */
  readonly documentation?: string;
  /** Text inserted; defaults to the label. With `snippet`, in LSP snippet syntax (`${1:placeholder}`). */
  readonly insertText?: string;
  readonly snippet?: boolean;
  /** The range the entry replaces; defaults to the word at the position. */
  readonly replace?: TextRange;
  readonly sortText?: string;
  readonly filterText?: string;
  readonly preselect?: boolean;
  /** Open the suggestions again after inserting (a property name whose value has completions of its own). */
  readonly retrigger?: boolean;
}

/** An entry's place in its list as a sortText that sorts as the number does (`0009` before `0010`). */
export function sortKey(index: number): string {
  return String(index).padStart(4, '0');
}

export interface HoverInfo {
  readonly markdown: string;
  readonly range: TextRange;
}
