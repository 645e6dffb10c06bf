// The two text shapes the lowest layers (the JSON and YAML parsers) share with everything above them: a range of
// offsets and an edit of one. They sit here, below service/types.ts, so that the parsers need not import it.

export interface TextRange {
  readonly start: number;
  readonly end: number;
}

export interface TextEdit extends TextRange {
  readonly newText: string;
}
