// Documents and their settings in a real VS Code: a template whose language is `arm-template` (what Microsoft's ARM
// Tools extension gives it; a stand-in extension contributes the id here) is checked like a JSON one; the document
// Language Status item, read from the status bar's hover; and `anyscaleAzure.validation.delay`, which holds the
// diagnostics of an edit back for that long (0: at once); and the server's process, started with the Node options
// the bench measured.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SERVER_NODE_OPTIONS } from '../../../shared/serverProcess';
import {
  activateExtension,
  describe,
  EXTENSION_ID,
  find,
  openEditor,
  ours,
  sleep,
  waitFor,
  type ExtensionApi,
} from './helpers';
import { languageStatus } from './ui';

/** Replaces the first occurrence of `from` through the editor, as typing would. */
async function replaceInEditor(editor: vscode.TextEditor, from: string, to: string): Promise<void> {
  const offset = editor.document.getText().indexOf(from);
  assert.ok(offset >= 0, `"${from}" not found in ${editor.document.uri.toString()}`);
  const range = new vscode.Range(editor.document.positionAt(offset), editor.document.positionAt(offset + from.length));
  assert.ok(await editor.edit((edit) => edit.replace(range, to)), 'editor.edit was not applied');
}

suite('Documents and settings in a real VS Code', () => {
  let api: ExtensionApi;

  suiteSetup(async () => {
    api = await activateExtension();
  });

  test('the language server runs with the Node options the bench measured it with (SERVER_NODE_OPTIONS)', () => {
    const server = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'server.js');
    // The command lines of this machine's processes (Linux): the one that runs our server's script.
    const commandLines = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((pid) => {
        try {
          return [fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')];
        } catch {
          return []; // the process ended while we read
        }
      });
    const running = commandLines.filter((argv) => argv.includes(server));
    assert.equal(running.length, 1, `one process runs ${server}; found ${running.length}`);
    const argv = running[0];
    const options = argv.slice(1, argv.indexOf(server));
    for (const option of SERVER_NODE_OPTIONS) assert.ok(options.includes(option), `${option} in ${argv.join(' ')}`);
  });

  test('a template opened with the arm-template language id gets our diagnostics', async () => {
    const files = vscode.workspace.getConfiguration('files');
    await files.update('associations', { '**/arm-tools/*.json': 'arm-template' }, vscode.ConfigurationTarget.Workspace);
    try {
      const editor = await openEditor('arm-tools/template.json', 'arm-template');
      const uri = editor.document.uri;
      const diagnostic = await waitFor(`provider-invalid on the arm-template document (have ${describe(uri)})`, () =>
        find(uri, 'provider-invalid'),
      );
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
      assert.equal(api.documentStats(uri)?.kind, 'armTemplate');
    } finally {
      await files.update('associations', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('the document Language Status item: Anyscale resources, validation time and problems; "not an ARM template" otherwise', async () => {
    const template = await openEditor('bad-template.json');
    const problems = await waitFor(
      'the template validated',
      () => ours(template.document.uri).length > 0 && ours(template.document.uri).length,
    );
    const rows = await waitFor('the document status item', async () => {
      const found = await languageStatus();
      return found.some((row) => /Anyscale resource/.test(row.line)) && found;
    });
    const item = rows.find((row) => /Anyscale resource/.test(row.line))!;
    assert.match(item.line, new RegExp(`^1 Anyscale resource validated in [\\d.]+ ms · ${problems} problems?$`));
    assert.equal(item.severity, 'error', 'a template with errors among its problems is an error');

    await openEditor('not-arm.json', 'json');
    await waitFor('stats for not-arm.json', () => api.documentStats(vscode.window.activeTextEditor!.document.uri));
    const other = await waitFor('the status of a JSON file that is not a template', async () =>
      (await languageStatus()).find((row) => /^Anyscale/.test(row.line)),
    );
    assert.equal(other.line, 'Anyscale: not an ARM template');
    assert.equal(other.severity, 'information', 'nothing is wrong with a file that is not ours');
  });

  test("anyscaleAzure.validation.delay: 5000 holds an edit's diagnostics back, 0 publishes them at once", async () => {
    const editor = await openEditor('validation-delay.json');
    const uri = editor.document.uri;
    await waitFor(`provider-invalid (have ${describe(uri)})`, () => find(uri, 'provider-invalid'));
    const settings = vscode.workspace.getConfiguration('anyscaleAzure');
    // The server reads all its settings at once when any changes: a rule level it visibly applies after the delay
    // was set shows that it has the delay too.
    const setDelay = async (delay: number | undefined, providerLevel: 'warning' | undefined) => {
      await settings.update('validation.delay', delay, vscode.ConfigurationTarget.Workspace);
      await settings.update(
        'rules',
        providerLevel ? { 'provider-invalid': providerLevel } : undefined,
        vscode.ConfigurationTarget.Workspace,
      );
      const expected = providerLevel ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error;
      await waitFor(
        `provider-invalid at level ${providerLevel ?? 'error'} (have ${describe(uri)})`,
        () => find(uri, 'provider-invalid')?.severity === expected,
      );
    };
    const validated = () => api.documentStats(uri)?.version === editor.document.version;
    try {
      await setDelay(5000, 'warning');
      const edited = Date.now();
      await replaceInEditor(editor, '"computeStack": "K8S"', '"computeStack": "K8s"');
      await sleep(2500);
      assert.equal(find(uri, 'compute-stack-invalid'), undefined, 'published before the 5 s delay was over');
      assert.ok(!validated(), 'validated before the 5 s delay was over');
      await waitFor(
        `compute-stack-invalid after the delay (have ${describe(uri)})`,
        () => validated() && find(uri, 'compute-stack-invalid'),
        10000,
      );
      assert.ok(
        Date.now() - edited >= 4500,
        `published ${Date.now() - edited} ms after the edit, with a 5000 ms delay`,
      );

      await setDelay(0, undefined);
      const fixed = Date.now();
      await replaceInEditor(editor, '"computeStack": "K8s"', '"computeStack": "K8S"');
      await waitFor(
        `compute-stack-invalid to clear at once (have ${describe(uri)})`,
        () => validated() && !find(uri, 'compute-stack-invalid'),
        1500,
      );
      assert.ok(Date.now() - fixed < 1500, `published ${Date.now() - fixed} ms after the edit, with no delay`);
    } finally {
      await settings.update('validation.delay', undefined, vscode.ConfigurationTarget.Workspace);
      await settings.update('rules', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
