// The message above the Cloud Resources view's rows: the first scan under way, a scan stopped at its file limit, or
// the files the index could not read, each with why in the words `anyscale-azure check` uses for it, and how to leave
// one out. Pure: no vscode.
import type { UnreadFile } from '../../../../shared/protocol';

/** Files named in the message; the others are counted. */
const NAMED_UNREAD = 3;

export interface IndexState {
  readonly complete: boolean;
  readonly truncated: boolean;
  readonly unread: readonly UnreadFile[];
}

/** The view's message, or none; `displayPath` names a file as the user sees it (relative to its workspace folder). */
export function cloudTreeMessage(state: IndexState, displayPath: (uri: string) => string): string | undefined {
  if (!state.complete) return 'Reading the workspace…';
  const parts: string[] = [];
  if (state.truncated) parts.push('The workspace has more than 20,000 candidate files: some were not read.');
  if (state.unread.length > 0) {
    const count = state.unread.length;
    const named = state.unread.slice(0, NAMED_UNREAD).map((file) => `${displayPath(file.uri)}: ${file.reason}`);
    const others = count - named.length;
    parts.push(
      `${count} file${count === 1 ? '' : 's'} not read, so not in the tree: ${named.join('; ')}` +
        (others > 0 ? `; and ${others} more.` : '.'),
      // The scan passes over what these settings exclude (docs/index.md), so the file is no longer named.
      'A file excluded with files.exclude or search.exclude is left out of the index and of this message.',
    );
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}
