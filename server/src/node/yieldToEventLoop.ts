// A turn of the event loop in the middle of a long walk of the workspace, so that the language server answers the
// requests and notifications that came in meanwhile.
/** Resolves after the I/O and messages already waiting have been handled. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
