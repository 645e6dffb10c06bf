// Protocol tier: the bundled server, started on a temporary workspace folder, reads a pre-1.0 values file nobody
// opened (the flat layout: `enableGateway`, `gatewayName`) beside a Gateway manifest, as the old chart read it: the
// open manifest whose name is not the one `gatewayName` gives gets gateway-values-mismatch naming that key.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidOpenTextDocumentNotification, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';

const RULE = 'gateway-values-mismatch';
const gateway = fs.readFileSync(path.join(FIXTURES, 'rules', RULE, 'fail.yaml'), 'utf8').replace(/ # @expect.*$/gm, '');

/** Pre-1.0 values: the old chart read whether the gateway is on and its name from these flat keys. */
const LEGACY_VALUES = `cloudDeploymentId: cldrsrc_abc123def456
cloudProvider: azure
operatorIamIdentity: 6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b
enableGateway: true
gatewayName: envoy-gateway
`;

let root: string;
let server: LspServer;

before(async () => {
  root = temporaryDirectory('anyscale-lsp-gateway-values-');
  fs.writeFileSync(path.join(root, 'values.yaml'), LEGACY_VALUES);
  fs.writeFileSync(path.join(root, 'gateway.yaml'), gateway);
  server = await startServer({
    settings: { validation: { delay: 20 } },
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'workspace' }],
  });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test("a pre-1.0 values file on disk names another Gateway with gatewayName: the open manifest's name is flagged", async () => {
  const uri = pathToFileURL(path.join(root, 'gateway.yaml')).href;
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'yaml', version: 1, text: gateway },
  });
  const reported = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === RULE);
  const p = await server.latest(uri, reported, 'the warning from the pre-1.0 values file nobody opened');
  const [mismatch] = p.diagnostics.filter((d) => d.code === RULE);
  assert.equal(gateway.split('\n')[mismatch.range.start.line].trim(), 'name: anyscale-gateway');
  assert.match(
    String(mismatch.message),
    /^Gateway "anyscale-gateway" in namespace "anyscale-operator" is not the Gateway the operator values name \(gatewayName\): "envoy-gateway"\./,
  );
});
