// Test-only preload for `npm run soak`: the soak starts the bundled server as
// `node --expose-gc --require out/fuzz/heapProbe.js dist/server.js --stdio` with an IPC channel, and this answers
// each "heap" message on that channel with `process.memoryUsage().heapUsed` after full garbage collections.
// Nothing of it is in the product: the server itself is unchanged.
const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (message) => {
  if (message !== 'heap') return;
  gc?.();
  gc?.();
  process.send?.({ heapUsed: process.memoryUsage().heapUsed, collected: gc !== undefined });
});
// The channel must not keep the server alive once it has been told to exit.
process.channel?.unref();
