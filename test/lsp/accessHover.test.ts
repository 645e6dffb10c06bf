// Protocol tier (issue #17): over real LSP (stdio), hovering a cloud's type explains the Anyscale Platform Contributor
// role and a missing one's 404, hovering its location says the control plane is in the US, and both link docs pages
// that exist in the installed extension (the server's default docs folder). A cloud resource's location says it only
// places the record (compute runs in its region, which has the residency note), its provider value what it means, and
// its computeStack value what it runs compute on, with the key's source. A property name being typed without its colon
// says its requirement for the provider written below it, which the parser skips.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  type MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';

const TEXT = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "resources": [
    {
      "type": "Anyscale.Platform/clouds",
      "apiVersion": "2026-09-01",
      "name": "my-cloud",
      "location": "swedencentral",
      "properties": {}
    },
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/eks",
      "location": "uksouth",
      "dependsOn": ["[resourceId('Anyscale.Platform/clouds', 'my-cloud')]"],
      "properties": {
        "provider": "AWS",
        "computeStack": "K8S",
        "region": "us-west-2",
        "cloudStorageBucketName": "s3://my-anyscale-eks-bucket",
        "anyscaleOperatorIamIdentity": "arn:aws:iam::123456789012:role/anyscale-operator-role"
      }
    }
  ]
}
`;

const FOLDER = temporaryDirectory('anyscale-access-hover-');
let server: LspServer;

before(async () => {
  server = await startServer({ settings: {} });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

async function hoverOn(uri: string, needle: string): Promise<string> {
  const lines = TEXT.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri },
    position: { line, character: lines[line].indexOf(needle) + 2 },
  });
  assert.ok(hover, needle);
  return (hover.contents as MarkupContent).value;
}

/** The file behind the `[more](…)` link of the hover, which must exist. */
function linkedPage(markdown: string): string {
  const link = /\[more\]\((file:[^)]+)\)/.exec(markdown)?.[1];
  assert.ok(link, markdown);
  const file = fileURLToPath(link);
  assert.ok(fs.existsSync(file), `${file} does not exist`);
  return fs.readFileSync(file, 'utf8');
}

test("hover on a cloud's type and location: the Contributor role, the 404, the US control plane, each with its docs page", async () => {
  const uri = pathToFileURL(path.join(FOLDER, 'cloud.json')).toString();
  fs.writeFileSync(new URL(uri), TEXT);
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: TEXT },
  });
  const type = await hoverOn(uri, '"Anyscale.Platform/clouds"');
  assert.match(type, /needs the \*\*Anyscale Platform Contributor\*\* role explicitly on this cloud/);
  assert.match(type, /\*\*HTTP 404\*\* instead of 403/);
  assert.match(linkedPage(type), /^# Access: the Anyscale Platform roles/m);
  const location = await hoverOn(uri, '"swedencentral"');
  assert.match(location, /\*\*Sweden Central\*\*/);
  assert.match(location, /control plane is in the \*\*United States\*\* whatever the region/);
  assert.match(linkedPage(location), /^## Data residency/m);
});

test("hover on a cloud resource's location, region and provider: the record, where compute runs, what the provider means", async () => {
  const uri = pathToFileURL(path.join(FOLDER, 'cloud-resource.json')).toString();
  fs.writeFileSync(new URL(uri), TEXT);
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: TEXT },
  });
  const location = await hoverOn(uri, '"uksouth"');
  assert.match(location, /\*\*UK South\*\*/);
  assert.match(
    location,
    /a cloud resource's `location` is the Azure region Azure Resource Manager keeps its record in/,
  );
  assert.match(location, /Here compute runs in \*\*US West \(Oregon\)\*\* \(`us-west-2`\)\./);
  assert.doesNotMatch(location, /Data residency/);
  assert.match(linkedPage(location), /^## Location and region of a cloud resource/m);
  const region = await hoverOn(uri, '"us-west-2"');
  assert.match(region, /\*\*US West \(Oregon\)\*\* \(`us-west-2`\): AWS region\./);
  assert.match(region, /control plane is in the \*\*United States\*\* whatever the region/);
  const provider = await hoverOn(uri, '"AWS"');
  assert.match(provider, /^`AWS`: a cloud resource on \*\*EKS\*\*\./);
  assert.match(provider, /- `cloudStorageBucketName` \(required, documented\): `s3:\/\/<bucket>`/);
  assert.match(provider, /- `cloudStorageBucketEndpoint` \(optional, documented\): /);
  assert.match(provider, /\*\*properties\.provider\*\*[\s\S]*case-sensitive/);
  const stack = await hoverOn(uri, '"K8S"');
  assert.match(
    stack,
    /^`K8S`: the cloud resource runs its compute on \*\*Kubernetes\*\*: with provider `AWS`, on \*\*EKS\*\*\./,
  );
  assert.match(stack, /\*\*properties\.computeStack\*\*[\s\S]*case-sensitive/);
  assert.match(stack, /\(https:\/\/learn\.microsoft\.com\/en-us\/azure\/anyscale-on-azure\/add-cloud-resource\)/);
});

test("hover on a key typed without its colon above the provider: the requirement is that provider's", async () => {
  const uri = pathToFileURL(path.join(FOLDER, 'typing.json')).toString();
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: TEXT },
  });
  // As in the editor: the key typed on a new line above the provider, its colon not yet.
  const line = TEXT.split('\n').findIndex((l) => l.includes('"provider": "AWS"'));
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [
      {
        range: { start: { line, character: 0 }, end: { line, character: 0 } },
        text: '        "cloudStorageBucketEndpoint"\n',
      },
    ],
  });
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri },
    position: { line, character: 12 },
  });
  assert.ok(hover);
  const markdown = (hover.contents as MarkupContent).value;
  assert.match(markdown, /^\*\*properties\.cloudStorageBucketEndpoint\*\*/);
  assert.match(markdown, /^Optional for AWS\.$/m);
});
