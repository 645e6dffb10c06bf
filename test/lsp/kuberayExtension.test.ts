// Protocol tier (issue #16): a new user's managed KubeRay template — the docs' extension with a pinned `version` and
// auto-upgrade left at its default — opened over real LSP (stdio) gets extension-version-with-auto-upgrade as an error
// on the version; the preferred quick fix "Remove version" applied through the code action clears it, and the other
// fix, pinning with autoUpgradeMinorVersion false, turns it into the release-train warning. Hover on the resource type
// explains the extension.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  DiagnosticSeverity,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  type CodeAction,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { startServer, type LspServer } from '../support/lspServer';
import { applyLspEdits } from '../support/textEdits';
import { temporaryDirectory } from '../support/temporaryDirectory';

const TEXT = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "parameters": { "clusterName": { "type": "string", "defaultValue": "aks-ray" } },
  "resources": [
    {
      "type": "Microsoft.ContainerService/managedClusters",
      "apiVersion": "2025-10-01",
      "name": "[parameters('clusterName')]",
      "location": "eastus2",
      "identity": { "type": "SystemAssigned" },
      "properties": {
        "kubernetesVersion": "1.34",
        "dnsPrefix": "aksray",
        "agentPoolProfiles": [{ "name": "system", "count": 3, "vmSize": "Standard_D4s_v5", "mode": "System" }]
      }
    },
    {
      "type": "Microsoft.KubernetesConfiguration/extensions",
      "apiVersion": "2024-11-01",
      "name": "kuberay",
      "scope": "[format('Microsoft.ContainerService/managedClusters/{0}', parameters('clusterName'))]",
      "dependsOn": ["[resourceId('Microsoft.ContainerService/managedClusters', parameters('clusterName'))]"],
      "properties": {
        "extensionType": "microsoft.kuberay",
        "releaseTrain": "stable",
        "version": "1.4.2",
        "scope": { "cluster": { "releaseNamespace": "kuberay-system" } }
      }
    }
  ]
}
`;

const FOLDER = temporaryDirectory('anyscale-kuberay-');
const CODE = 'extension-version-with-auto-upgrade';
let server: LspServer;
let version = 0;

before(async () => {
  server = await startServer({ settings: {} });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

async function open(name: string): Promise<{ uri: string; diagnostic: Diagnostic }> {
  const uri = pathToFileURL(path.join(FOLDER, name)).toString();
  fs.writeFileSync(new URL(uri), TEXT);
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: ++version, text: TEXT },
  });
  const published = await server.diagnosticsFor(uri, (p) => p.diagnostics.some((d) => d.code === CODE));
  return { uri, diagnostic: published.diagnostics.find((d) => d.code === CODE)! };
}

async function fixNamed(uri: string, diagnostic: Diagnostic, title: string): Promise<CodeAction> {
  const offered = (await server.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic] },
  })) as CodeAction[];
  const fix = offered.find((action) => action.title === title);
  assert.ok(fix, `no "${title}" among ${JSON.stringify(offered.map((a) => a.title))}`);
  return fix;
}

/** Applies the fix's edits as the editor would, sends the change, and returns the diagnostics of the new text. */
async function apply(uri: string, fix: CodeAction): Promise<{ text: string; diagnostics: Diagnostic[] }> {
  const edits = fix.edit?.changes?.[uri];
  assert.ok(edits && edits.length > 0, 'the fix has no edits for the document');
  const text = applyLspEdits(TEXT, edits);
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: ++version },
    contentChanges: [{ text }],
  });
  const published = await server.diagnosticsFor(uri, (p) => p.version === undefined || p.version === version);
  return { text, diagnostics: published.diagnostics };
}

test('the pinned version is an error on the version; "Remove version" (preferred) clears it', async () => {
  const { uri, diagnostic } = await open('kuberay-remove.json');
  assert.equal(diagnostic.severity, DiagnosticSeverity.Error);
  assert.equal(
    TEXT.split('\n')[diagnostic.range.start.line].slice(
      diagnostic.range.start.character,
      diagnostic.range.end.character,
    ),
    '"1.4.2"',
  );
  assert.match(String(diagnostic.message), /autoUpgradeMinorVersion is true by default/);
  const fix = await fixNamed(uri, diagnostic, 'Remove "version" (follow the release train)');
  assert.equal(fix.isPreferred, true);
  const { text, diagnostics } = await apply(uri, fix);
  assert.ok(!text.includes('"version"'), text);
  assert.doesNotThrow(() => JSON.parse(text));
  assert.deepEqual(
    diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning),
    [],
  );
});

test('"Set autoUpgradeMinorVersion to false" pins the version; the now ignored release train is a warning', async () => {
  const { uri, diagnostic } = await open('kuberay-pin.json');
  const fix = await fixNamed(uri, diagnostic, 'Set autoUpgradeMinorVersion to false (pin the version)');
  const { text, diagnostics } = await apply(uri, fix);
  assert.equal(JSON.parse(text).resources[1].properties.autoUpgradeMinorVersion, false);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['extension-release-train-ignored'],
  );
});

test('hover on the extension resource type explains managed KubeRay', async () => {
  const { uri } = await open('kuberay-hover.json');
  const line = TEXT.split('\n').findIndex((l) => l.includes('"Microsoft.KubernetesConfiguration/extensions"'));
  const character = TEXT.split('\n')[line].indexOf('Microsoft.KubernetesConfiguration');
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri },
    position: { line, character },
  });
  const markdown = JSON.stringify(hover?.contents);
  assert.match(markdown, /RayCronJob/);
  assert.match(markdown, /Never delete the `\*\.ray\.io` CRDs/);
});
