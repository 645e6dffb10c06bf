// The Anyscale Egress view's target tooltip (client/src/features/egress/targetTooltip.ts): Markdown that shows a
// wildcard host and a hint's `<id>` as written.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { targetTooltip } from '../../client/src/features/egress/targetTooltip';
import type { EgressProbeResult } from '../../shared/protocol';

const WILDCARD: EgressProbeResult = {
  target: {
    host: '*.azure.anyscale-cloud.dev',
    port: 443,
    flow: 'aks-control-plane',
    purpose: 'the control plane (cld-<id>.azure.anyscale-cloud.dev)',
    source: { title: 'test', url: 'https://example.com' },
    required: true,
    origin: 'catalog',
  },
  outcome: 'needs-host',
  ok: false,
  ms: 0,
  phases: {},
  hint: 'add a concrete host name such as cld-<id>.azure.anyscale-cloud.dev with anyscaleAzure.egress.targets',
};

/** What Markdown shows of `markdown`'s text: each backslash escape read as the character it escapes. */
const shown = (markdown: string) => markdown.replace(/\\(.)/g, '$1');

test("a wildcard host stays in bold and reads as written; a hint's <id> is not taken for HTML", () => {
  const markdown = targetTooltip(WILDCARD, 'local', '');
  // Unescaped, `***.azure…**` would open bold italics at the host's `*`, and `<id>` would vanish as an HTML tag.
  assert.ok(markdown.startsWith('**\\*\\.azure\\.anyscale\\-cloud\\.dev:443** — needs\\-host'), markdown);
  assert.doesNotMatch(markdown, /[^\\]</, 'every < escaped');
  assert.equal(
    shown(markdown),
    '**' +
      '*.azure.anyscale-cloud.dev:443** — needs-host\n\n' +
      'AKS → control plane: the control plane (cld-<id>.azure.anyscale-cloud.dev)\n\n' +
      'add a concrete host name such as cld-<id>.azure.anyscale-cloud.dev with anyscaleAzure.egress.targets',
  );
});

test('an optional target says so after its outcome; no hint, no hint paragraph', () => {
  const markdown = targetTooltip({ ...WILDCARD, hint: undefined }, 'local', ' (optional: reported, never failed)');
  assert.match(shown(markdown), /— needs-host \(optional: reported, never failed\)\n\nAKS → control plane: [^\n]+$/);
});
