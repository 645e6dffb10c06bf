// How the language server's process is started: the Node options the extension passes when it starts the server,
// which the protocol tests and `npm run bench` pass too, so that what they measure is the server users run.

/**
 * A young generation of at most 4 MB per semi-space. Each analysis of a large template leaves megabytes of results
 * that outlive the young generation, and a young-generation collection copies every live object in it: with the
 * runtime's default (16 MB semi-spaces on Node 20, 64 MB on Node 24) one such collection took 9–32 ms and landed in
 * the completion that followed an edit. At 4 MB it stays a few ms. Measured with the 4 MB envelope over stdio
 * (docs/performance.md, "Stop 29"): completion p95 4.7–8.5 ms, under the 10 ms goal in 12 of 12 runs on
 * Node 20 (without it 7.6–22.7 ms, 2 of 9) and 2 of 2 on Node 24 (without it 9.2 and 11.3 ms); an edit's
 * diagnostics take 10–25% longer at p95 (more, smaller collections during the analysis). It also makes the
 * server's collections alike on whichever Node runs it (VS Code's Electron, code-server's Node), whose defaults
 * differ fourfold.
 */
export const SERVER_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=4'];
