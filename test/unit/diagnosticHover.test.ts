// The diagnostic lines every hover ends with (service/features/diagnosticHover.ts): one per rule at the position, with
// its title and docs link, after what the position is; the same lines in a YAML hover as in an ARM one.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { withDiagnostics } from '../../server/src/service/features/diagnosticHover';
import { yamlHover } from '../../server/src/service/yaml/features/yamlEditing';
import { analyzeDocument } from '../../server/src/service/analyze';
import { ruleByCode } from '../../server/src/service/rules/registry';
import type { Finding } from '../../server/src/service/types';
import { escapeMarkdown } from '../../shared/markdownText';

const docsUrl = (code: string) => `https://docs.example.test/rules/${code}.md`;
const finding = (code: string, start: number, end: number, extra: Partial<Finding> = {}): Finding => ({
  code,
  severity: 'error',
  message: `${code} message`,
  start,
  end,
  ...extra,
});
const line = (code: string) =>
  `\`${code}\`: ${escapeMarkdown(ruleByCode(code)!.title)} — [documentation](${docsUrl(code)})`;

test('each rule at the position once, after the hover, over the hover range; other documents and other places left out', () => {
  const findings = [
    finding('provider-invalid', 10, 20),
    finding('provider-invalid', 12, 18),
    finding('region-missing', 15, 30),
    finding('bucket-subpath', 10, 20, { uri: 'file:///other.json' }),
    finding('name-invalid', 40, 50),
  ];
  const hover = withDiagnostics({ markdown: 'what it is', range: { start: 14, end: 16 } }, 15, { findings, docsUrl });
  assert.deepEqual(hover, {
    markdown: ['what it is', line('provider-invalid'), line('region-missing')].join('\n\n---\n\n'),
    range: { start: 14, end: 16 },
  });
});

test('without a hover of its own: the diagnostic lines over the first finding; with neither, no hover', () => {
  const findings = [finding('region-missing', 15, 30), finding('json-too-deep', 10, 40)];
  assert.deepEqual(withDiagnostics(undefined, 20, { findings, docsUrl }), {
    markdown: `${line('region-missing')}\n\n---\n\n\`json-too-deep\`: json\\-too\\-deep message`,
    range: { start: 15, end: 30 },
  });
  assert.equal(withDiagnostics(undefined, 35, { findings: findings.slice(0, 1), docsUrl }), undefined);
});

test("a YAML hover given the document's findings ends with their rule lines", () => {
  const text = 'global:\n  cloudDeploymentId: cldrsrc_abc123def456\n  cloudProvider: Azure\n';
  const { findings } = analyzeDocument(text, { languageId: 'yaml' });
  const code = findings.find((f) => text.slice(f.start, f.end).includes('Azure'))?.code;
  assert.ok(code, JSON.stringify(findings.map((f) => [f.code, text.slice(f.start, f.end)])));
  const offset = text.indexOf('Azure') + 1;
  assert.equal(yamlHover(text, offset), undefined, 'a values value has no catalog hover');
  assert.equal(yamlHover(text, offset, { diagnostics: { findings, docsUrl } })?.markdown, line(code));
});

test("a rule's title and a finding's message show as written: their <…>, *, _ and backticks are not Markdown", () => {
  const findings = [
    finding('values-auth-audience', 0, 6),
    finding('json-too-deep', 0, 6, { message: 'nested past <depth> *here*: `a_b_c`' }),
  ];
  const markdown = withDiagnostics(undefined, 3, { findings, docsUrl })?.markdown ?? '';
  assert.match(markdown, /shaped api:\/\/\\<application ID\\>\/\\\.default — \[documentation\]/);
  assert.ok(markdown.endsWith('nested past \\<depth\\> \\*here\\*: \\`a\\_b\\_c\\`'), markdown);
});
