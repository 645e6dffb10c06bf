// formatDuration (shared/egress/duration.ts): how long an egress run took, in the CLI's summary and the editor's report.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { formatDuration } from '../../shared/egress/duration';

test('under a second in milliseconds, from a second on in seconds to a tenth', () => {
  assert.equal(formatDuration(30), '30 ms', 'a 30 ms run is not "0.0 s"');
  assert.equal(formatDuration(0), '0 ms');
  assert.equal(formatDuration(999.4), '999 ms');
  assert.equal(formatDuration(999.6), '1.0 s', 'what rounds to 1000 ms is a second');
  assert.equal(formatDuration(1234), '1.2 s');
  assert.equal(formatDuration(61_060), '61.1 s');
});
