// A string literal as code that writes an ARM expression spells it (lexical.ts: armStringLiteral, which fixes, the
// workspace index and the Cloud Resources tree write their literals with): the parser reads it back as its text.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { armStringLiteral } from '../../server/src/service/arm/expressions/lexical';
import { parseExpression } from '../../server/src/service/arm/expressions/parse';

test('a string literal is quoted with each quote in it doubled, and reads back as the text it was written from', () => {
  assert.equal(armStringLiteral("it's"), "'it''s'");
  for (const text of ['', 'my-cloud', "it's", "''", "'quoted'", "[parameters('x')]", 'a, b)', '/default']) {
    const parsed = parseExpression(`[${armStringLiteral(text)}]`);
    assert.ok(parsed.ok, `${JSON.stringify(text)} written as ${armStringLiteral(text)} does not parse`);
    assert.deepEqual(
      { kind: parsed.expression.kind, value: parsed.expression.kind === 'string' && parsed.expression.value },
      { kind: 'string', value: text },
    );
  }
});
