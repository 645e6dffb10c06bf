// Runs inside a real VS Code (code-server's Node extension host) with this repository loaded as a development
// extension and a copy of test/fixtures/e2e/workspace open. Everything goes through the public `vscode` API,
// exactly as a user's editor sees it: the language server's diagnostics, their docs links, edits, and the
// extension's exported API.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import {
  EXTENSION_ID,
  SOURCE,
  activateExtension,
  describe,
  find,
  openEditor,
  ours,
  waitFor,
  workspaceFile,
  type ExtensionApi,
} from './helpers';

function providerInvalid(uri: vscode.Uri): vscode.Diagnostic | undefined {
  return find(uri, 'provider-invalid');
}

/** Replaces the first occurrence of `from` in the editor's document through the editor (as typing would). */
async function replaceInEditor(editor: vscode.TextEditor, from: string, to: string): Promise<void> {
  const document = editor.document;
  const offset = document.getText().indexOf(from);
  assert.ok(offset >= 0, `"${from}" not found in ${document.uri.toString()}`);
  const range = new vscode.Range(document.positionAt(offset), document.positionAt(offset + from.length));
  const applied = await editor.edit((edit) => edit.replace(range, to));
  assert.ok(applied, 'editor.edit was not applied');
}

suite('Anyscale on Azure in a real VS Code', () => {
  let api: ExtensionApi;
  let template: vscode.Uri;
  let editor: vscode.TextEditor;

  suiteSetup(async () => {
    template = workspaceFile('bad-template.json');
    editor = await openEditor('bad-template.json');
    api = await activateExtension();
    assert.equal(typeof api?.documentStats, 'function', 'activate() did not return the documentStats API');
  });

  test('a wrong provider casing is an error from the language server, linked to its docs page', async () => {
    const diagnostic = await waitFor(
      `a provider-invalid diagnostic on ${template.path} (have ${describe(template)})`,
      () => providerInvalid(template),
      15000,
    );
    assert.equal(diagnostic.source, SOURCE);
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /"Aws"/);
    assert.ok(
      typeof diagnostic.code === 'object',
      `code should carry a docs link, got ${JSON.stringify(diagnostic.code)}`,
    );
    assert.equal(diagnostic.code.value, 'provider-invalid');
    // The link is the extension's own URI (VS Code hands it back to the extension, which opens the rendered page).
    const target = diagnostic.code.target;
    assert.equal(
      `${target.scheme}://${target.authority}${target.path}`,
      `${vscode.env.uriScheme}://${EXTENSION_ID}/docs/rules/provider-invalid.md`,
    );
    const page = vscode.Uri.joinPath(vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri, target.path);
    assert.ok(fs.existsSync(page.fsPath), `docs page ${page.fsPath} does not exist`);

    const document = editor.document;
    const providerLine = document
      .getText()
      .split(/\r?\n/)
      .findIndex((line) => line.includes('"provider": "Aws"'));
    assert.ok(providerLine > 0, 'fixture has no "provider": "Aws" line');
    assert.equal(diagnostic.range.start.line, providerLine, 'the diagnostic should start on the provider line');
    assert.equal(diagnostic.range.end.line, providerLine, 'the diagnostic should end on the provider line');
    assert.match(document.getText(diagnostic.range), /Aws/, 'the range should cover the provider value');
  });

  test('documentStats() reports the template as an ARM template with Anyscale resources', async () => {
    const stats = await waitFor('document stats for the template', () => api.documentStats(template), 15000);
    assert.equal(stats.kind, 'armTemplate');
    assert.ok(stats.anyscaleResources >= 1, `anyscaleResources is ${stats.anyscaleResources}`);
    assert.ok(stats.problems >= 1, `problems is ${stats.problems}, but the template has a provider-invalid error`);
    assert.equal(stats.uri, template.toString());
  });

  test('fixing the value through an edit clears the diagnostic, breaking it again brings it back', async () => {
    await waitFor('the initial provider-invalid diagnostic', () => providerInvalid(template), 15000);
    const settled = () => api.documentStats(template)?.version === editor.document.version;

    await replaceInEditor(editor, '"provider": "Aws"', '"provider": "AWS"');
    await waitFor(
      `provider-invalid to disappear after the fix (have ${describe(template)})`,
      () => settled() && !providerInvalid(template),
      10000,
    );
    assert.equal(providerInvalid(template), undefined);

    await replaceInEditor(editor, '"provider": "AWS"', '"provider": "Aws"');
    const back = await waitFor(
      `provider-invalid to come back (have ${describe(template)})`,
      () => settled() && providerInvalid(template),
      10000,
    );
    assert.equal(back.range.start.line, editor.document.positionAt(editor.document.getText().indexOf('"Aws"')).line);
  });

  test('a JSON file that is not an ARM template gets no diagnostics from us', async () => {
    const uri = workspaceFile('not-arm.json');
    await openEditor('not-arm.json', 'json');
    // Wait until the server has actually validated this document (it reports stats for every JSON file),
    // so the absence of diagnostics below means something.
    const stats = await waitFor('document stats for not-arm.json', () => api.documentStats(uri), 15000);
    assert.equal(stats.kind, 'other');
    assert.equal(stats.anyscaleResources, 0);
    assert.deepEqual(ours(uri), [], `unexpected diagnostics: ${describe(uri)}`);
  });

  test('the language server runs in its own Node process, a child of the extension host', async function () {
    if (!fs.existsSync('/proc/self/stat')) this.skip();
    const children = await waitFor(
      'a language server child process',
      () => {
        const found: { pid: number; cmdline: string }[] = [];
        for (const entry of fs.readdirSync('/proc')) {
          if (!/^\d+$/.test(entry)) continue;
          try {
            const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
            const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
            if (ppid !== process.pid) continue;
            const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
            if (cmdline.includes('dist/server.js')) found.push({ pid: Number(entry), cmdline });
          } catch {
            // the process ended while we looked
          }
        }
        return found.length > 0 ? found : undefined;
      },
      5000,
    );
    assert.equal(children.length, 1, `expected one server process, found ${JSON.stringify(children)}`);
    assert.notEqual(children[0].pid, process.pid);
    assert.match(children[0].cmdline, /--node-ipc/, `server command line: ${children[0].cmdline}`);
  });
});
