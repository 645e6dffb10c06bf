// The document Language Status item's words and severity (client/src/features/status/documentStatusView.ts): a check
// mark only with no problem; with problems, their severity and no check mark.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { documentStatusView } from '../../client/src/features/status/documentStatusView';

const stats = (problems: number, errors: number) => ({ anyscaleResources: 3, problems, errors, durationMs: 12.5 });

test('no problem: a check mark, information', () => {
  assert.deepEqual(documentStatusView(stats(0, 0)), {
    text: '$(check) 3 Anyscale resources',
    detail: 'validated in 12.5 ms · 0 problems',
    severity: 'information',
  });
});

test('warnings only: a warning, no check mark', () => {
  const view = documentStatusView(stats(16, 0));
  assert.equal(view.text, '3 Anyscale resources');
  assert.equal(view.detail, 'validated in 12.5 ms · 16 problems');
  assert.equal(view.severity, 'warning');
});

test('an error among the problems: an error, no check mark', () => {
  const view = documentStatusView(stats(16, 1));
  assert.doesNotMatch(view.text, /\$\(check\)/);
  assert.equal(view.severity, 'error');
  assert.equal(documentStatusView({ ...stats(1, 1), anyscaleResources: 1 }).detail, 'validated in 12.5 ms · 1 problem');
});
