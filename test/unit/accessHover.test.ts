// Hover on what access and residency mean for a cloud: the Anyscale Platform Contributor role on an
// Anyscale.Platform/clouds resource and on a role assignment that names an Anyscale Platform role, the US control
// plane on a cloud's location and a cloud resource's region, and on a cloud resource's location that it only places
// the record.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';
import { armHover } from '../../server/src/service/arm/features/armHover';

const TEMPLATE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "parameters": { "userObjectId": { "type": "string" } },
  "variables": { "anyscalePlatformContributorRoleId": "00000000-0000-0000-0000-000000000001" },
  "resources": [
    {
      "type": "Anyscale.Platform/clouds",
      "apiVersion": "2026-09-01",
      "name": "my-cloud",
      "location": "westeurope",
      "properties": {}
    },
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/default",
      "location": "westeurope",
      "dependsOn": ["[resourceId('Anyscale.Platform/clouds', 'my-cloud')]"],
      "properties": { "provider": "Azure", "computeStack": "K8S", "region": "westeurope" }
    },
    {
      "type": "Microsoft.Authorization/roleAssignments",
      "apiVersion": "2022-04-01",
      "name": "[guid('my-cloud', parameters('userObjectId'), 'Anyscale Platform Contributor')]",
      "scope": "[resourceId('Anyscale.Platform/clouds', 'my-cloud')]",
      "properties": {
        "roleDefinitionId": "[subscriptionResourceId('Microsoft.Authorization/roleDefinitions', variables('anyscalePlatformContributorRoleId'))]",
        "principalId": "[parameters('userObjectId')]"
      }
    },
    {
      "type": "Microsoft.Authorization/roleAssignments",
      "apiVersion": "2022-04-01",
      "name": "[guid('acct', 'blob')]",
      "properties": { "roleDefinitionId": "[subscriptionResourceId('Microsoft.Authorization/roleDefinitions', 'ba92f5b4-2d11-453d-a403-e96b0029c9fe')]", "principalId": "x" }
    },
    {
      "type": "Microsoft.Storage/storageAccounts",
      "apiVersion": "2023-05-01",
      "name": "acct",
      "location": "westeurope"
    }
  ]
}`;

const analysis = analyzeText(TEMPLATE);
const OPTIONS = {
  parameterFiles: [],
  docsUrl: (code: string) => `https://docs.example.test/rules/${code}.md`,
  docsPageUrl: (page: string) => `https://docs.example.test/${page}`,
};

/** The hover markdown at the `nth` occurrence of `needle`, `into` characters into it ('' when there is none). */
function hoverAt(needle: string, into = 2, nth = 0): string {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = TEMPLATE.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, needle);
  return armHover(TEMPLATE, analysis, offset + into, OPTIONS)?.markdown ?? '';
}

const CONTRIBUTOR =
  /each user who creates workspaces, jobs or services needs the \*\*Anyscale Platform Contributor\*\* role explicitly on this cloud/;
const NOT_403 = /\*\*HTTP 404\*\* instead of 403/;
const RESIDENCY =
  /control plane is in the \*\*United States\*\* whatever the region.*system logs, metrics and cluster state.*structured application logs when log ingestion is on/s;

test("a cloud's type and name say who needs the Anyscale Platform Contributor role, that a missing one shows as 404, and link the docs page", () => {
  for (const [needle, nth] of [
    ['"Anyscale.Platform/clouds"', 0],
    ['"type": "Anyscale.Platform/clouds"', 0],
    ['"name"', 0],
    ['"my-cloud"', 0],
  ] as const) {
    const markdown = hoverAt(needle, 2, nth);
    assert.match(markdown, CONTRIBUTOR, needle);
    assert.match(markdown, NOT_403, needle);
    assert.match(markdown, /Owner or Contributor on the subscription does not carry over/, needle);
    assert.match(markdown, /\[more\]\(https:\/\/docs\.example\.test\/rbac\.md\)/, needle);
    assert.match(markdown, /quickstart-azure-cli/, needle);
  }
});

test('a role assignment naming an Anyscale Platform role explains it; another role assignment does not', () => {
  assert.match(hoverAt('"roleDefinitionId"'), CONTRIBUTOR);
  assert.match(hoverAt("variables('anyscalePlatformContributorRoleId')", 3), NOT_403);
  assert.match(hoverAt('"Microsoft.Authorization/roleAssignments"'), CONTRIBUTOR);
  assert.doesNotMatch(hoverAt('"roleDefinitionId"', 2, 1), CONTRIBUTOR);
  assert.doesNotMatch(hoverAt('"Microsoft.Authorization/roleAssignments"', 2, 1), CONTRIBUTOR);
});

test("a cloud's location and a cloud resource's region say the control plane is in the US", () => {
  const cloudLocation = hoverAt('"westeurope"', 3, 0);
  assert.match(cloudLocation, /\*\*West Europe\*\* \(`westeurope`\): Anyscale on Azure is available here\./);
  assert.match(cloudLocation, RESIDENCY);
  assert.match(cloudLocation, /\[more\]\(https:\/\/docs\.example\.test\/regions\.md\)/);
  assert.match(cloudLocation, /supported-regions/);
  assert.match(hoverAt('"location"', 3, 0), RESIDENCY);
  assert.match(hoverAt('"westeurope"', 3, 2), RESIDENCY);
  assert.match(hoverAt('"region"', 3, 0), RESIDENCY);
  // Residency is about the cloud, not about every Azure resource's region, nor every property of the cloud resource.
  assert.equal(hoverAt('"westeurope"', 3, 3), '');
  assert.doesNotMatch(hoverAt('"computeStack"'), RESIDENCY);
  assert.doesNotMatch(hoverAt('"my-cloud/default"'), CONTRIBUTOR);
});

test("a cloud resource's location says it only places the record, compute running in its region: no residency note", () => {
  const location = hoverAt('"westeurope"', 3, 1);
  assert.match(location, /\*\*West Europe\*\* \(`westeurope`\): Anyscale on Azure is available here\./);
  assert.match(
    location,
    /a cloud resource's `location` is the Azure region Azure Resource Manager keeps its record in; use its cloud's location\. It doesn't affect where compute runs: that is `properties\.region`\. Here compute runs in \*\*West Europe\*\* \(`westeurope`\)\./,
  );
  assert.match(location, /cloud-resources-overview.*\[more\]\(https:\/\/docs\.example\.test\/regions\.md\)/);
  assert.doesNotMatch(location, /Data residency/);
  // The key says what location is (its documentation), without the note either.
  const key = hoverAt('"location"', 3, 1);
  assert.match(key, /it does not decide where compute runs/);
  assert.doesNotMatch(key, /Data residency/);
});
