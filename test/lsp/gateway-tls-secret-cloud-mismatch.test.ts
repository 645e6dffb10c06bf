// Protocol tier (issue #17): the bundled server, started on a temporary workspace folder, reads the values file nobody
// opened next to a Gateway manifest, so the open manifest whose TLS secrets carry another cloud resource ID gets
// gateway-tls-secret-cloud-mismatch, and the hover on a secret name names the secret the operator creates instead; a
// second values file written into the folder (reported by the file watcher) makes the pairing ambiguous, the warning
// goes away and the hover names the secret's cloud resource only. A pre-1.0 values file (the flat layout) pairs through
// its top-level cloudDeploymentId, which the old chart read.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
  HoverRequest,
  type MarkupContent,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';

const RULE = 'gateway-tls-secret-cloud-mismatch';
const FIXTURE = path.join(FIXTURES, 'rules', RULE);
const gateway = fs.readFileSync(path.join(FIXTURE, 'fail.yaml'), 'utf8').replace(/ # @expect.*$/gm, '');
const values = fs.readFileSync(path.join(FIXTURE, 'siblings', 'values.yaml'), 'utf8');

/** Pre-1.0 values: the old chart read the cloud resource ID from the top-level cloudDeploymentId. */
const LEGACY_VALUES = `cloudDeploymentId: cldrsrc_9xk2m4p7q1
cloudProvider: azure
controlPlaneURL: https://console.azure.anyscale.com
operatorIamIdentity: 6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b
`;

let root: string;
let server: LspServer;
const reported = (p: PublishDiagnosticsParams) => p.diagnostics.filter((d) => d.code === RULE).length === 2;
const silent = (p: PublishDiagnosticsParams) => !p.diagnostics.some((d) => d.code === RULE);

/** The hover's own text (without the rule lines of the diagnostics there) on the secret name of `line`. */
async function hoverOnLine(uri: string, line: number): Promise<{ own: string; rules: string }> {
  const character = gateway.split('\n')[line].indexOf('anyscale-') + 2;
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri },
    position: { line, character },
  });
  assert.ok(hover, `a hover on line ${line}`);
  const [own, rules = ''] = (hover.contents as MarkupContent).value.split('\n\n---\n\n');
  return { own, rules };
}

before(async () => {
  root = temporaryDirectory('anyscale-lsp-secret-cloud-');
  fs.mkdirSync(path.join(root, 'cloud-b'));
  fs.writeFileSync(path.join(root, 'cloud-b', 'values.yaml'), values);
  fs.writeFileSync(path.join(root, 'cloud-b', 'gateway.yaml'), gateway);
  fs.mkdirSync(path.join(root, 'legacy'));
  fs.writeFileSync(path.join(root, 'legacy', 'values.yaml'), LEGACY_VALUES);
  fs.writeFileSync(path.join(root, 'legacy', 'gateway.yaml'), gateway);
  server = await startServer({
    settings: { validation: { delay: 20 } },
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'workspace' }],
  });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('the values file on disk beside the open manifest: both secret names are reported; a second values file silences them', async () => {
  const uri = pathToFileURL(path.join(root, 'cloud-b', 'gateway.yaml')).href;
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'yaml', version: 1, text: gateway },
  });
  const p = await server.latest(uri, reported, 'the warning from the values file nobody opened');
  const lines = gateway.split('\n');
  assert.deepEqual(
    p.diagnostics.filter((d) => d.code === RULE).map((d) => lines[d.range.start.line].trim()),
    ['name: anyscale-cldrsrc-abc123def456-certificate', 'name: anyscale-svc-cldrsrc-abc123def456-certificate'],
  );
  const [head, service] = p.diagnostics.filter((d) => d.code === RULE);
  const mismatched = await hoverOnLine(uri, head.range.start.line);
  assert.match(
    mismatched.own,
    /\n\nFor cloud resource `cldrsrc_abc123def456`, but `values\.yaml` beside this manifest sets `global\.cloudDeploymentId` to `cldrsrc_9xk2m4p7q1`: the operator creates `anyscale-cldrsrc-9xk2m4p7q1-certificate`/,
  );
  assert.match(mismatched.rules, new RegExp(`\`${RULE}\``));
  assert.match(
    (await hoverOnLine(uri, service.range.start.line)).own,
    /the operator creates `anyscale-svc-cldrsrc-9xk2m4p7q1-certificate`/,
  );
  const second = path.join(root, 'cloud-b', 'values-dev.yaml');
  fs.writeFileSync(second, values.replace('cldrsrc_9xk2m4p7q1', 'cldrsrc_abc123def456'));
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(second).href, type: FileChangeType.Created }],
  });
  await server.latest(uri, silent, 'no warning once two values files share the folder');
  const ambiguous = await hoverOnLine(uri, head.range.start.line);
  assert.match(ambiguous.own, /\n\nFor cloud resource `cldrsrc_abc123def456`\.\n\n/);
  assert.equal(ambiguous.rules, '');
});

test('a pre-1.0 values file on disk beside the open manifest pairs through its top-level cloudDeploymentId', async () => {
  const uri = pathToFileURL(path.join(root, 'legacy', 'gateway.yaml')).href;
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'yaml', version: 1, text: gateway },
  });
  const p = await server.latest(uri, reported, 'the warning from the pre-1.0 values file nobody opened');
  const [head] = p.diagnostics.filter((d) => d.code === RULE);
  assert.match(String(head.message), /\(values\.yaml\) set cloudDeploymentId cldrsrc_9xk2m4p7q1:/);
  assert.match(
    (await hoverOnLine(uri, head.range.start.line)).own,
    /\n\nFor cloud resource `cldrsrc_abc123def456`, but `values\.yaml` beside this manifest sets `cloudDeploymentId` to `cldrsrc_9xk2m4p7q1`/,
  );
});
