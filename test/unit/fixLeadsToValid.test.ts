// Fixing one problem must not simply reveal another on the same spot (#19): for every rule's fail fixture, the first
// fix offered on each of that rule's findings (the one the lightbulb lists first) is applied and the document checked
// again; no error or warning that was not there before may now sit where the fix wrote. A value wrong for two reasons
// gets one fix for both. Fixes that insert a visible placeholder (`"<bucket-uri>"`) are left out: they mark what the
// user still has to write, and the check on the placeholder says so. Fixtures that need a workspace are left out too.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument } from '../../server/src/service/analyze';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { RULES } from '../../server/src/service/rules/registry';
import type { Finding, TextEdit } from '../../server/src/service/types';
import { FIXTURES } from '../support/paths';
import { applyEdits } from '../support/textEdits';

const RULE_FIXTURES = path.join(FIXTURES, 'rules');

/** Where the edits' new text lies in the fixed document. */
function writtenRanges(edits: readonly TextEdit[]): Array<{ start: number; end: number }> {
  let shift = 0;
  return [...edits]
    .sort((a, b) => a.start - b.start)
    .map((edit) => {
      const start = edit.start + shift;
      shift += edit.newText.length - (edit.end - edit.start);
      return { start, end: start + edit.newText.length };
    });
}

const PLACEHOLDER = /"<[^"<>]+>"/;

const serious = (f: Finding) => f.severity === 'error' || f.severity === 'warning';

test("the first fix of a fail fixture's finding reveals no new error or warning where it wrote", () => {
  const revealed: string[] = [];
  let fixesTried = 0;
  for (const rule of RULES) {
    const dir = path.join(RULE_FIXTURES, rule.code);
    if (
      !fs.existsSync(dir) ||
      fs.existsSync(path.join(dir, 'workspace')) ||
      fs.existsSync(path.join(dir, 'deployed.json'))
    )
      continue;
    for (const file of fs.readdirSync(dir).filter((f) => /^fail.*\.(json|ya?ml)$/.test(f))) {
      const fileName = path.join(dir, file);
      const text = fs.readFileSync(fileName, 'utf8');
      const before = analyzeDocument(text, { fileName }, { uri: fileName, workspace: new WorkspaceIndex() });
      if (before.kind === 'armParameters') continue;
      const known = new Set(before.findings.filter(serious).map((f) => f.code));
      for (const finding of before.findings.filter((f) => f.code === rule.code)) {
        for (const fix of (finding.fixes ?? []).slice(0, 1)) {
          if (fix.uri && fix.uri !== fileName) continue;
          if (fix.edits.some((edit) => PLACEHOLDER.test(edit.newText))) continue;
          fixesTried++;
          const fixed = applyEdits(text, fix.edits);
          const after = analyzeDocument(fixed, { fileName }, { uri: fileName, workspace: new WorkspaceIndex() });
          const ranges = writtenRanges(fix.edits);
          for (const found of after.findings.filter(serious)) {
            if (known.has(found.code)) continue;
            if (!ranges.some((range) => found.start <= range.end && range.start <= found.end)) continue;
            revealed.push(
              `${rule.code}/${file}: "${fix.title}" reveals ${found.code} (${found.severity}): ${found.message}`,
            );
          }
        }
      }
    }
  }
  assert.ok(fixesTried > 40, `only ${fixesTried} fixes tried`);
  assert.deepEqual(revealed, []);
});
