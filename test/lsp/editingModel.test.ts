// Protocol tier: completion and hover right after an edit, before the edited version is analysed, answer what a
// fresh server answers for the same text. One server gets keystrokes as incremental didChange (its validation
// waits 30 s, so its answers come from the editing model built from the version before: server/src/service/documents/editingModel.ts);
// the other opens each version as a new document. Edits cover typing into values, keys and expressions, JSON that is
// broken while a name is typed, two changes in one didChange, a pasted resource and YAML; a keystroke in a literal
// keeps the version before's template model. Hover names the
// diagnostics the editor shows until the version is validated: the last published ones, moved by the edits.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  LogTraceNotification,
  SetTraceNotification,
  type CompletionItem,
  type CompletionList,
  type Hover,
  type LogTraceParams,
  type MarkupContent,
  type Position,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { generateParameterizedTemplate, generateTemplate } from '../bench/generate';
import { startServer, type LspServer } from '../support/lspServer';

let edited: LspServer;
let fresh: LspServer;
let traces: LogTraceParams[];
let freshDocuments = 0;

/** One edit: the changes (each against the text the previous one left), and where the cursor is after them. */
interface Edit {
  readonly name: string;
  readonly changes: (text: string) => Array<{ start: number; end: number; text: string }>;
}

/** Typing `keys` one keystroke at a time at the offset `at` finds. */
function typing(name: string, at: (text: string) => number, keys: readonly string[]): Edit[] {
  let cursor = -1;
  return keys.map((key, index) => ({
    name: `${name} (${JSON.stringify(key)})`,
    changes: (text) => {
      cursor = index === 0 ? at(text) : cursor;
      const change = { start: cursor, end: cursor, text: key };
      cursor += key.length;
      return [change];
    },
  }));
}

/** The offset `at` for typing right after `needle` (the first one from `from`). */
const endOf =
  (needle: string, from = 0) =>
  (text: string) => {
    const found = text.indexOf(needle, from);
    assert.ok(found >= 0, needle);
    return found + needle.length;
  };

const EDITS: Edit[] = [
  ...typing('a region value', endOf('"region": "'), [...'uk']),
  ...typing('a new property name', endOf('"properties": {', 3000), [
    '\n        "',
    ...'clo',
    'udStorageBucketRegion": "",',
  ]),
  ...typing('a parameter name in an expression', (text) => endOf("[parameters('provider0')]")(text) - 2, [
    "', parameters('",
    'r',
  ]),
  {
    name: 'a character deleted from a provider value',
    changes: (text) => [{ start: text.indexOf('"GCP"') + 2, end: text.indexOf('"GCP"') + 3, text: '' }],
  },
  {
    name: 'two changes in one didChange',
    changes: (text) => {
      const first = text.indexOf('"K8S"') + 2;
      return [
        { start: first, end: first + 1, text: 'x' },
        { start: text.lastIndexOf('"K8S"') + 3, end: text.lastIndexOf('"K8S"') + 3, text: 'y' },
      ];
    },
  },
  {
    name: 'a closing brace deleted',
    changes: (text) => [
      { start: text.indexOf('"properties": {}') + 15, end: text.indexOf('"properties": {}') + 16, text: '' },
    ],
  },
  {
    name: 'the closing brace typed again',
    changes: (text) => [
      { start: endOf('"properties": {', 0)(text), end: endOf('"properties": {', 0)(text), text: '}' },
    ],
  },
  {
    name: 'a resource pasted',
    changes: (text) => {
      const at = endOf('"resources": [')(text);
      const resource =
        '\n    {"type": "Anyscale.Platform/clouds/cloudResources", "apiVersion": "2026-09-01", "name": "pasted/one", "location": "uksouth",\n      "properties": {"provider": "Azure", "region": "uk"}},';
      return [{ start: at, end: at, text: resource }];
    },
  },
  ...typing('a top-level key', (text) => text.indexOf('"contentVersion"'), ['"outputs": {},\n  ']),
];

async function completions(server: LspServer, uri: string, position: Position): Promise<CompletionItem[]> {
  const result = (await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as
    CompletionItem[] | CompletionList | null;
  return Array.isArray(result) ? result : (result?.items ?? []);
}

/** A hover's sections other than the rule lines of diagnostics, and its range when it has one of them. */
function withoutDiagnostics(hover: Hover | null): unknown {
  const sections = ((hover?.contents as MarkupContent | undefined)?.value ?? '')
    .split('\n\n---\n\n')
    .filter((section) => section && !/^`[a-z0-9-]+`.* — \[documentation\]/.test(section));
  return sections.length > 0 ? { sections, range: hover?.range } : undefined;
}

/** What a fresh server answers at `offset` of `text`, opened as a new document and analysed. */
async function freshAnswers(
  text: string,
  languageId: string,
  offsets: number[],
): Promise<Array<{ items: CompletionItem[]; hover: unknown }>> {
  const uri = `file:///workspace/after-edit/fresh-${++freshDocuments}.${languageId === 'yaml' ? 'yaml' : 'json'}`;
  await fresh.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId, version: 1, text },
  });
  await fresh.diagnosticsFor(uri, () => true, 20_000);
  const lines = new LineIndex(text);
  return Promise.all(
    offsets.map(async (offset) => ({
      items: await completions(fresh, uri, lines.positionAt(offset)),
      hover: withoutDiagnostics(
        await fresh.connection.sendRequest(HoverRequest.type, {
          textDocument: { uri },
          position: lines.positionAt(Math.max(0, offset - 1)),
        }),
      ),
    })),
  );
}

/**
 * Sends the edits as keystrokes and compares every answer right after each with a fresh server's: at the cursor, at
 * two places the edits do not touch, and right after each of `alsoAfter` in the text.
 */
async function compareAfterEdits(
  uri: string,
  languageId: string,
  original: string,
  edits: Edit[],
  alsoAfter: readonly string[] = [],
): Promise<void> {
  await edited.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId, version: 1, text: original },
  });
  await edited.diagnosticsFor(uri, () => true, 20_000);
  let text = original;
  let version = 1;
  for (const edit of edits) {
    const contentChanges: TextDocumentContentChangeEvent[] = [];
    let cursor = 0;
    for (const change of edit.changes(text)) {
      const lines = new LineIndex(text);
      contentChanges.push({
        range: { start: lines.positionAt(change.start), end: lines.positionAt(change.end) },
        text: change.text,
      });
      text = text.slice(0, change.start) + change.text + text.slice(change.end);
      cursor = change.start + change.text.length;
    }
    await edited.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: ++version },
      contentChanges,
    });
    // At the cursor, and at a place the edit did not touch (an expression and a property name of the first resource).
    const offsets = [
      cursor,
      text.indexOf("parameters('location')") + 3,
      text.indexOf('"apiVersion"') + 3,
      ...alsoAfter.map((needle) => endOf(needle)(text)),
    ].filter((offset) => offset > 2);
    const lines = new LineIndex(text);
    const answers = [];
    for (const offset of offsets) {
      answers.push({
        items: await completions(edited, uri, lines.positionAt(offset)),
        hover: withoutDiagnostics(
          await edited.connection.sendRequest(HoverRequest.type, {
            textDocument: { uri },
            position: lines.positionAt(Math.max(0, offset - 1)),
          }),
        ),
      });
    }
    assert.deepEqual(
      answers,
      await freshAnswers(text, languageId, offsets),
      `after ${edit.name}: ${JSON.stringify(text.slice(Math.max(0, cursor - 60), cursor + 20))}`,
    );
  }
}

before(async () => {
  edited = await startServer({
    settings: { validation: { delay: 30_000 } },
    collect: [LogTraceNotification.type.method],
  });
  traces = edited.notifications(LogTraceNotification.type.method);
  await edited.connection.sendNotification(SetTraceNotification.type, { value: 'verbose' });
  fresh = await startServer({ settings: {} });
});

after(async () => {
  // Both stopped before either exit code is checked: a server left running keeps this test process from ending.
  assert.deepEqual(await Promise.all([edited.stop(), fresh.stop()]), [0, 0]);
});

test("a template: completion and hover right after each edit are a fresh server's, answered without analysing the edited versions", async () => {
  const uri = 'file:///workspace/after-edit/template.json';
  // The first cloud resource named literally, with its region written as a literal: typing into it gets the region
  // list of its provider, which is an expression (evaluated by the Anyscale view).
  const template = generateParameterizedTemplate(6)
    .replace(`"[concat(parameters('cloudName'), '/', parameters('prefix'), '-', '0')]"`, '"bench-cloud/res-0"')
    .replace(`"region": "[parameters('region0')]"`, '"region": ""');
  await compareAfterEdits(uri, 'json', template, EDITS);
  const work = traces.filter((trace) => trace.message.startsWith(uri)).map((trace) => trace.message.slice(uri.length));
  assert.ok(
    !work.some((line) => /version ([2-9]|\d\d): analysed/.test(line)),
    `an edited version was analysed: ${work.join('; ')}`,
  );
  assert.ok(
    work.some((line) => /tree spliced/.test(line)),
    `no tree was spliced: ${work.join('; ')}`,
  );
  // A keystroke in a literal (the region value) kept the version before's template model, as the analysis does.
  assert.ok(
    work.some((line) => /tree spliced, model kept/.test(line)),
    `no template model was kept: ${work.join('; ')}`,
  );
});

test('completion right after each keystroke is about that version: a variable being declared, its name still open, then offered', async () => {
  const uri = 'file:///workspace/after-edit/declared.json';
  const template = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "variables": {
    "first": "a"
  },
  "resources": [
    { "type": "Microsoft.Storage/storageAccounts", "apiVersion": "2023-01-01", "name": "[variables('')]", "location": "uksouth" }
  ]
}`;
  // The first version is analysed when opened; the keystrokes are not (the validation waits 30 s).
  const edits = [
    ...typing('a value', endOf('"first": "'), ['x']),
    ...typing('a variable', endOf('"variables": {'), ['\n    "', ...'sec', 'ond": "b",']),
  ];
  await compareAfterEdits(uri, 'json', template, edits, ["[variables('"]);
  const text = template.replace('"variables": {', '"variables": {\n    "second": "b",').replace('"a"', '"xa"');
  const labels = (await completions(edited, uri, new LineIndex(text).positionAt(endOf("[variables('")(text)))).map(
    (item) => item.label,
  );
  assert.ok(labels.includes('second') && labels.includes('first'), `offered: ${labels.join(', ')}`);
  // After the first (which parses a tree of its own: the analysis keeps the one it read), each keystroke's model, its
  // string left open or not, took the version before's tree over.
  const models = traces.filter(
    (trace) => trace.message.startsWith(`${uri} version`) && /editing model/.test(trace.message),
  );
  assert.equal(models.length, edits.length);
  assert.ok(
    models.slice(1).every((trace) => /tree spliced/.test(trace.message)),
    models.map((trace) => trace.message).join('; '),
  );
});

test("a values file: YAML completions right after each keystroke are a fresh server's", async () => {
  const values =
    'global:\n  cloudProvider: azure\n  controlPlaneURL: https://console.azure.anyscale.com\nworkloads:\n  serviceAccount:\n    name: anyscale-operator\n';
  const edits = [
    ...typing('a key in global', endOf('azure\n'), ['  ', ...'cl', 'oudDeploymentId: ', 'c']),
    ...typing('a new section', (text) => text.length, [...'net', 'working:\n  ', 'g']),
  ];
  await compareAfterEdits('file:///workspace/after-edit/values.yaml', 'yaml', values, edits);
});

test('hover right after an edit names the diagnostics the editor shows, where the edit moved them', async () => {
  const uri = 'file:///workspace/after-edit/diagnostics.json';
  const text = generateParameterizedTemplate(2).replace('"computeStack": "K8S"', '"computeStack": "K8s"');
  await edited.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const published = await edited.diagnosticsFor(
    uri,
    (p) => p.diagnostics.some((d) => d.code === 'compute-stack-invalid'),
    20_000,
  );
  const diagnostic = published.diagnostics.find((d) => d.code === 'compute-stack-invalid')!;
  // A line inserted above it: the diagnostic is a line lower until the version is validated again.
  await edited.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [
      { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: '  "metadata": {},\n' },
    ],
  });
  const position = { line: diagnostic.range.start.line + 1, character: diagnostic.range.start.character + 2 };
  const hover = await edited.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
  assert.match((hover?.contents as MarkupContent).value, /`compute-stack-invalid`: .+\[documentation\]/);
  assert.deepEqual(hover?.range, {
    start: { ...diagnostic.range.start, line: diagnostic.range.start.line + 1 },
    end: { ...diagnostic.range.end, line: diagnostic.range.end.line + 1 },
  });
  // Where it was, nothing is named any more.
  const above = await edited.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri },
    position: { ...position, line: position.line - 1 },
  });
  assert.doesNotMatch(JSON.stringify(above?.contents ?? ''), /compute-stack-invalid/);
});

test('completions and hovers on one version of a YAML document share its parse and lines: its editing model is built once', async () => {
  const uri = 'file:///workspace/after-edit/shared.yaml';
  const text = 'global:\n  cloudProvider: azure\n  controlPlaneURL: x\nworkloads:\n  serviceAccount:\n    name: y\n';
  await edited.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'yaml', version: 1, text },
  });
  await edited.diagnosticsFor(uri, () => true, 20_000);
  await edited.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: 5, character: 11 }, end: { line: 5, character: 11 } }, text: 'z' }],
  });
  for (const line of [1, 2, 5, 1]) {
    await completions(edited, uri, { line, character: 4 });
    await edited.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character: 3 } });
  }
  const built = traces.filter((trace) => trace.message.startsWith(`${uri} version 2:`));
  assert.deepEqual(
    built.map((trace) => trace.message.replace(/in \d+ ms/, 'in … ms')),
    [`${uri} version 2: editing model (YAML) in … ms`],
  );
});

test('a completion whose editing model is built answers before a validation that falls due meanwhile', async () => {
  // The first keystroke after opening a 1 MB template parses it whole (tens of ms): a document opened in the same
  // write (validated 0 ms after its open) falls due meanwhile. Conclusive when the model was built before that
  // document's analysis (on a busy machine the timer may fire before the request even runs); five attempts, as the
  // two messages are not always read at once.
  const template = generateTemplate(1720);
  let conclusive = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [a, b] = ['answered', 'opened'].map((name) => `file:///workspace/after-edit/due-${name}-${attempt}.json`);
    await edited.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: a, languageId: 'json', version: 1, text: template },
    });
    await edited.diagnosticsFor(a, () => true, 60_000);
    const at = new LineIndex(template).positionAt(template.indexOf('"region": "') + '"region": "'.length);
    await edited.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: a, version: 2 },
      contentChanges: [{ range: { start: at, end: at }, text: 'x' }],
    });
    edited.input.cork();
    const answer = edited.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri: a },
      position: { ...at, character: at.character + 1 },
    });
    // Not awaited while corked: the write completes once uncorked.
    const opened = edited.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: b, languageId: 'json', version: 1, text: generateParameterizedTemplate(40) },
    });
    await new Promise((resolve) => setImmediate(resolve));
    edited.input.uncork();
    await opened;
    await answer;
    const validatedFirst = edited.published.some((published) => published.uri === b);
    await edited.diagnosticsFor(b, () => true, 60_000, 0);
    const order = traces.map((trace) => trace.message);
    const built = order.findIndex((line) => line.startsWith(`${a} version 2: editing model`));
    const analysed = order.findIndex((line) => line.startsWith(`${b} version 1: analysed`));
    assert.ok(built >= 0 && analysed >= 0, order.slice(-5).join('; '));
    if (built > analysed) continue;
    conclusive++;
    assert.ok(!validatedFirst, 'the other document was validated between the model and the answer');
  }
  assert.ok(conclusive > 0, 'each attempt validated the other document before the request ran');
});
