// The editing model completion and hover read right after a keystroke (server/src/service/documents/editingModel.ts)
// keeps the previous version's template model when the splice left standing every node it was built from, as the
// analysis does (arm/template.ts carryTemplate): a keystroke in a literal does not build the model again. Each
// model of a chain of edits — named ones, and seeded-random keystrokes into names, values and brackets — must be
// what a model built from nothing gives for the same text: the scopes, declarations and resources, and the
// completions at the cursor and inside an expression. A keystroke that breaks the JSON reads the version's own line
// index to tell its syntax errors apart, rather than building one of the whole text again.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { EditingModel } from '../../server/src/service/documents/editingModel';
import type { Value } from '../../server/src/service/arm/value';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { completionItems } from '../../server/src/lsp/completion';
import { generateParameterizedTemplate } from '../bench/generate';
import { random } from '../support/random';

const TEMPLATE = generateParameterizedTemplate(4).replace(`"[parameters('region1')]"`, '"westus2"');

function modelOf(text: string, version: number, previous?: EditingModel): EditingModel {
  return EditingModel.build({ version, languageId: 'json', text, lines: new LineIndex(text) }, previous, []);
}

const valueOf = (value: Value) =>
  value.known ? { value: value.value, at: value.origin.offset } : { reason: value.reason };

/** What completion and hover read of a model, as plain data. */
function readOf(model: EditingModel, cursor: number): unknown {
  const { kind, template, syntaxErrors } = model.analysis;
  const completions = (offset: number) =>
    completionItems(
      { textDocument: { uri: 'file:///t.json' }, position: model.lines.positionAt(offset) },
      { languageId: 'json', text: model.text },
      model.analysis,
      model.lines,
    ).map((item) => item.label);
  const expression = model.text.indexOf("[variables('");
  return {
    kind,
    syntaxErrors,
    scopes: template?.scopes.map((scope) => ({
      at: scope.node.offset,
      declarations: [scope.parameters, scope.variables, scope.outputs].map((section) =>
        [...section.values()].map(({ name, keyNode }) => `${name}@${keyNode.offset}`),
      ),
      resources: scope.resources.map((resource) => ({
        at: resource.node.offset,
        length: resource.node.length,
        type: resource.type,
        name: valueOf(resource.name),
        properties: resource.properties?.offset,
      })),
    })),
    cloudResources: model.analysis.anyscale?.cloudResources.length,
    atCursor: completions(cursor),
    inExpression: expression < 0 ? [] : completions(expression + "[variables('".length),
  };
}

/** Applies each edit to the text and builds its model from the one before; each must read as a fresh model. */
function typeInto(edits: ReadonlyArray<{ at: number; delete?: number; insert: string }>, text = TEMPLATE) {
  const first = modelOf(text, 1);
  let model = first;
  let version = 1;
  const how: string[] = [];
  for (const edit of edits) {
    text = text.slice(0, edit.at) + edit.insert + text.slice(edit.at + (edit.delete ?? 0));
    model = modelOf(text, ++version, model);
    how.push(model.how);
    const cursor = edit.at + edit.insert.length;
    assert.deepEqual(readOf(model, cursor), readOf(modelOf(text, 1), cursor), JSON.stringify(edit));
  }
  return { first, model, how };
}

test("a keystroke in a resource's literal value keeps the template model, which reads as a fresh one's", () => {
  const at = TEMPLATE.indexOf('"westus2"') + '"westus2'.length;
  const { first, model, how } = typeInto([
    { at, insert: 'x' },
    { at: at + 1, insert: 'y' },
  ]);
  assert.deepEqual(how, ['tree spliced, model kept', 'tree spliced, model kept']);
  // The same resources, scopes and declarations: none was built again.
  assert.equal(model.analysis.template?.resources, first.analysis.template?.resources);
  assert.equal(model.analysis.template?.text, model.text);
});

test('a keystroke that declares a variable, or renames a resource, builds the model again: the new name is read', () => {
  const variables = TEMPLATE.indexOf('"variables": {') + '"variables": {'.length;
  const { model, how } = typeInto([
    { at: variables, insert: '\n    "' },
    { at: variables + 6, insert: 'fresh' },
    { at: variables + 11, insert: '": "x",' },
  ]);
  assert.ok(
    how.every((made) => made === 'tree spliced'),
    how.join('; '),
  );
  assert.ok(model.analysis.template?.rootScope.variables.has('fresh'));
  const literalName = TEMPLATE.replace(`"name": "[parameters('cloudName')]"`, '"name": "bench-cloud"');
  const name = literalName.indexOf('"name": "bench-cloud') + '"name": "bench-cloud'.length;
  const renamed = typeInto([{ at: name, insert: '-2' }], literalName);
  assert.deepEqual(renamed.how, ['tree spliced']);
});

test('seeded-random keystrokes: every model built from the one before reads as a fresh model of its text', () => {
  const next = random(20261205);
  const letters = 'abx1';
  const structural = ['"', ',', '}', ']', '{', '[', ':', "'", '\n', ' '];
  let kept = 0;
  for (let round = 0; round < 25; round++) {
    let text = TEMPLATE;
    const edits: Array<{ at: number; delete?: number; insert: string }> = [];
    for (let keystroke = 0; keystroke < 12; keystroke++) {
      // Mostly typing or deleting a letter next to a letter (in a name, a value or an expression), sometimes a bracket or quote.
      let at = 1 + next(text.length - 2);
      while (next(10) < 8 && !/[a-z0-9]/i.test(text[at - 1]) && at < text.length - 2) at++;
      const edit =
        next(10) < 7
          ? { at, insert: letters[next(letters.length)] }
          : next(2) === 0
            ? { at, delete: 1, insert: '' }
            : { at, insert: structural[next(structural.length)] };
      text = text.slice(0, edit.at) + edit.insert + text.slice(edit.at + (edit.delete ?? 0));
      edits.push(edit);
    }
    kept += typeInto(edits).how.filter((made) => made === 'tree spliced, model kept').length;
  }
  console.log(`${kept} of 300 keystrokes kept the model`);
  assert.ok(kept > 20, `only ${kept} keystrokes kept the model: the chain hardly tested carrying it`);
});

test("a keystroke that breaks the JSON finds its syntax problems with the version's line index, not a new one", () => {
  class ReadLines extends LineIndex {
    reads = 0;
    override positionAt(offset: number) {
      this.reads++;
      return super.positionAt(offset);
    }
  }
  const at = TEMPLATE.indexOf('"variables": {') + '"variables": {'.length;
  const text = TEMPLATE.slice(0, at) + '\n    "fr' + TEMPLATE.slice(at);
  const lines = new ReadLines(text);
  const model = EditingModel.build({ version: 2, languageId: 'json', text, lines }, modelOf(TEMPLATE, 1), []);
  assert.equal(model.how, 'tree spliced');
  assert.ok(model.analysis.syntaxErrors.length > 0);
  assert.ok(lines.reads > 0, 'the line index of the version was not read');
  assert.deepEqual(model.analysis.syntaxErrors, modelOf(text, 1).analysis.syntaxErrors);
});
