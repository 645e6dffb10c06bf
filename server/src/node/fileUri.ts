// The file path of a document's URI, for the lookups that need one: its `.anyscale-azure.json`, the parameter files
// beside it, the workspace scan. Not every URI has one — untitled: and other schemes, a UNC host (`file://server/…`
// outside Windows), an encoded `/` (`%2F`), a malformed `%` escape — and those documents are checked all the same,
// only without what lives beside them on disk.
import { fileURLToPath } from 'node:url';

export function filePathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
