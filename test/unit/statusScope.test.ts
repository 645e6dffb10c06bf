// Where the egress Language Status item shows (client/src/features/egress/statusScope.ts): next to documents with
// Anyscale resources, operator values and Gateway manifests, or anywhere while the egress results view is visible.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { egressStatusApplies } from '../../client/src/features/egress/statusScope';

test('the egress status applies to Anyscale templates, operator values and Gateway manifests, not to other files', () => {
  const applies = (kind: string, anyscaleResources = 0) => egressStatusApplies({ kind, anyscaleResources }, false);
  assert.equal(applies('armTemplate', 2), true);
  assert.equal(applies('operatorValues'), true);
  assert.equal(applies('legacyOperatorValues'), true);
  assert.equal(applies('gatewayManifest'), true);
  assert.equal(applies('armTemplate', 0), false, 'a template without Anyscale resources');
  assert.equal(applies('armParameters'), false);
  assert.equal(applies('other'), false, 'package.json, tsconfig.json, …');
  assert.equal(egressStatusApplies(undefined, false), false, 'a document the server has not reported on');
});

test('while the egress results view is visible, the status applies to any document', () => {
  assert.equal(egressStatusApplies({ kind: 'other', anyscaleResources: 0 }, true), true);
  assert.equal(egressStatusApplies(undefined, true), true);
});
