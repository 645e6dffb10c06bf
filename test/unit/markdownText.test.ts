// escapeMarkdown (shared/markdownText.ts): text put into a hover or a tooltip shows as written, whatever Markdown or
// HTML characters it holds.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { escapeMarkdown } from '../../shared/markdownText';

/** What a CommonMark renderer shows of backslash-escaped text: each escaped character as itself. */
const shown = (markdown: string) => markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');

test('HTML, emphasis, code and theme-icon characters are escaped, and show as written', () => {
  const text = 'api://<application ID>/.default, *.i.azure.com, cloud_resource_id, `kubectl`, $(error) [x](y) # 1. - +';
  const escaped = escapeMarkdown(text);
  assert.equal(shown(escaped), text);
  // None of them left unescaped: not a tag, an emphasis, a code span, an icon or a link.
  assert.doesNotMatch(escaped, /(^|[^\\])[<>*_`$[\]()]/);
  assert.match(escaped, /api:\/\/\\<application ID\\>\/\\\.default/);
});

test('a line break stays a line break in Markdown', () => {
  assert.equal(escapeMarkdown('first\nsecond\r\nthird'), 'first  \nsecond  \nthird');
});
