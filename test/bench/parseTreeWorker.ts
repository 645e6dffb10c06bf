// The anchor of the envelope's stdio bench (stdioEditing.ts) in a worker thread: jsonc-parser's parseTree of each
// text it is sent, timed in wall time. Its heap is its own, so the garbage of parsing 4 MB is never collected in the
// bench's thread while that waits for the server's answer to a timed request.
import { parentPort } from 'node:worker_threads';
import { parseTree } from 'jsonc-parser';

parentPort!.on('message', (text: string) => {
  const started = performance.now();
  parseTree(text, [], { allowTrailingComma: true });
  parentPort!.postMessage(performance.now() - started);
});
