// The Cloud Resources view's message (client/src/features/cloudTree/viewMessage.ts): the scan under way, stopped at
// its file limit, and the files the index could not read, named with check's reason so that a missing template is
// explained, with the settings that leave a file out.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { cloudTreeMessage } from '../../client/src/features/cloudTree/viewMessage';

const TOO_LARGE =
  'too large to check: 17.0 MB, over the limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB)';
const display = (uri: string) => uri.replace('file:///ws/', '');
const EXCLUDE = 'A file excluded with files.exclude or search.exclude is left out of the index and of this message.';
const unread = (...names: string[]) => names.map((name) => ({ uri: `file:///ws/${name}`, reason: TOO_LARGE }));

test('no message once the index is complete and whole; "Reading the workspace…" before', () => {
  assert.equal(cloudTreeMessage({ complete: true, truncated: false, unread: [] }, display), undefined);
  assert.equal(cloudTreeMessage({ complete: false, truncated: false, unread: [] }, display), 'Reading the workspace…');
});

test("a file the index could not read is named with check's reason, and how to leave it out", () => {
  assert.equal(
    cloudTreeMessage({ complete: true, truncated: false, unread: unread('infra/huge.json') }, display),
    `1 file not read, so not in the tree: infra/huge.json: ${TOO_LARGE}. ${EXCLUDE}`,
  );
});

test('three files are named, the others counted; the file limit is said first', () => {
  assert.equal(
    cloudTreeMessage(
      { complete: true, truncated: true, unread: unread('a.json', 'b.json', 'c.json', 'd.json') },
      display,
    ),
    'The workspace has more than 20,000 candidate files: some were not read. ' +
      `4 files not read, so not in the tree: a.json: ${TOO_LARGE}; b.json: ${TOO_LARGE}; c.json: ${TOO_LARGE}; and 1 more. ${EXCLUDE}`,
  );
});
