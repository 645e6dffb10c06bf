// A node --test reporter that writes the run's counts as one JSON object, `{"passed":N,"failed":N,"skipped":N}`, for
// scripts/test-all.sh to read instead of grepping the spec reporter's text. Use it beside the spec reporter:
//   node --test --test-reporter=spec --test-reporter-destination=stdout \
//     --test-reporter=./scripts/test-counts-reporter.mjs --test-reporter-destination=counts.json out/test/unit/
// Counted like the spec summary: tests and subtests, not suites; a cancelled test counts as failed, a skipped or todo
// one as skipped. A file that fails outside any test (a syntax error, a crash at load) counts as one failed test, as
// in the spec summary; a suite whose own hook or body fails shows in node's exit code, which test-all.sh reads too.
export default async function* testCounts(source) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { details, skip, todo } = event.data;
    if (details?.type === 'suite') continue; // a suite's failure is its tests' (or the run's exit code)
    if (skip !== undefined || todo !== undefined) counts.skipped++;
    else if (event.type === 'test:pass') counts.passed++;
    else counts.failed++;
  }
  yield `${JSON.stringify(counts)}\n`;
}
