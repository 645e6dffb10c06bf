// A source rule of the analysis engine that the benchmarks depend on: no object literal in the service defines a
// getter or setter. Each evaluation of such a literal gives its object a hidden class of its own, kept in V8's old
// generation, and that hidden class holds the accessor's closure: whatever the closure sees (a whole template) then
// survives every young-generation collection until the next full one. One such literal made the 300-resource
// analysis six times slower (docs/performance.md, "Objects an analysis keeps"). Classes with accessors are fine.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';
import { REPO_ROOT } from '../support/paths';

// Loaded at run time, not bundled into the test: the compiler is only needed to read the sources.
const ts = createRequire(__filename)('typescript') as typeof TypeScript;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** `file:line` of every object literal in the text that defines a get or set accessor. */
function literalsWithAccessors(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: TypeScript.Node) => {
    if (ts.isObjectLiteralExpression(node) && node.properties.some((member) => ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member))) {
      found.push(`${path.relative(REPO_ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('the check finds an object literal with a getter, and not a class with one', () => {
  assert.deepEqual(literalsWithAccessors('a.ts', 'const usage = { get references() { return []; } };'), ['a.ts:1']);
  assert.deepEqual(literalsWithAccessors('a.ts', 'const usage = {\n  set value(v: number) {},\n};'), ['a.ts:1']);
  assert.deepEqual(literalsWithAccessors('a.ts', 'class Usage { get references() { return []; } }\nconst o = { references() { return []; } };'), []);
});

test('no object literal in the analysis engine defines a getter or setter', () => {
  const files = sourceFiles(path.join(REPO_ROOT, 'server', 'src', 'service'));
  assert.ok(files.length > 100, `expected the service sources, found ${files.length} files`);
  const found = files.flatMap((file) => literalsWithAccessors(file, fs.readFileSync(file, 'utf8')));
  assert.deepEqual(found, [], 'make these classes: an object literal with an accessor gets a hidden class of its own per object');
});
