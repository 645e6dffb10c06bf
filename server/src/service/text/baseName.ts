// The last segment of a URI or a file path, as node:path's basename gives it on Windows (after the last '/' or '\'),
// without node:path: the service names files in messages without touching the platform.

export function baseName(uriOrPath: string): string {
  return uriOrPath.slice(Math.max(uriOrPath.lastIndexOf('/'), uriOrPath.lastIndexOf('\\')) + 1);
}
