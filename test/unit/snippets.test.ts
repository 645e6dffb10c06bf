// Every template snippet the server offers, expanded as VS Code expands it (test/support/snippetSyntax.ts: escapes,
// mirrors, choices, and a `$name` read as a variable, which VS Code resolves to nothing) where it is offered: an empty
// JSON document, the `resources` array of a template, the `resources` object of a languageVersion 2.0 template. The
// result must parse and pass our rules; the only finding left is a placeholder the user must fill. (The YAML snippets
// go through the same expander in yamlEditing.test.ts.)
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText } from '../../server/src/service/analyze';
import { armCompletions } from '../../server/src/service/arm/features/completion';
import { TEMPLATE_SNIPPETS } from '../../server/src/service/arm/features/completion/snippets';
import type { CompletionEntry } from '../../server/src/service/features/editing';
import { expandSnippet } from '../support/snippetSyntax';
import { REPO_ROOT } from '../support/paths';

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';
const CURSOR = '/*|*/';

/** Where each template snippet is offered: the host text, the cursor marked `/*|*​/`. */
const ARM_PLACES: Record<string, string> = {
  'an empty document': `\n${CURSOR}\n`,
  "a template's resources array": `{\n  "$schema": "${SCHEMA}",\n  "contentVersion": "1.0.0.0",\n  "resources": [\n    ${CURSOR}\n  ]\n}\n`,
  "a languageVersion 2.0 template's resources object": `{\n  "$schema": "${SCHEMA}",\n  "languageVersion": "2.0",\n  "contentVersion": "1.0.0.0",\n  "resources": {\n    ${CURSOR}\n  }\n}\n`,
};

/** The document after the user accepts `entry` at `offset` of `text`, every placeholder kept. */
function accept(text: string, offset: number, entry: CompletionEntry): string {
  assert.ok(entry.snippet && entry.insertText, `${entry.label} is a snippet`);
  const expansion = expandSnippet(entry.insertText);
  assert.deepEqual(
    expansion.variables,
    [],
    `${entry.label}: a \`$\` read as a variable is lost on insertion (escape it as \\$)`,
  );
  const { start, end } = entry.replace ?? { start: offset, end: offset };
  return text.slice(0, start) + expansion.text + text.slice(end);
}

function problems(
  findings: readonly { code: string; severity: string; start: number; end: number }[],
  text: string,
): string[] {
  return findings
    .filter((f) => f.severity === 'error' || f.severity === 'warning')
    .map((f) => `${f.code} ${text.slice(f.start, f.end)}`);
}

describe('the snippet expander reads VS Code snippet syntax', () => {
  test('escapes, mirrors, nested placeholders, choices, variables', () => {
    assert.deepEqual(expandSnippet('a \\$HOME ${1:x} ${1} $1 ${2|p,q|} $2 \\} \\\\ $0'), {
      text: 'a $HOME x x x p p } \\ ',
      variables: [],
    });
    assert.deepEqual(expandSnippet('${1} then ${1:later} ${2:outer ${3:inner}} $3'), {
      text: 'later then later outer inner inner',
      variables: [],
    });
    assert.deepEqual(expandSnippet('"$schema": ${name:default} ${other}'), {
      text: '"": default ',
      variables: ['schema', 'name', 'other'],
    });
    assert.deepEqual(expandSnippet('$ 5 ${|x} ${1|a\\,b,c|}'), { text: '$ 5 ${|x} a,b', variables: [] });
    assert.throws(() => expandSnippet('${1/(.*)/$1/}'), /transforms are not supported/);
  });
});

describe('every template snippet, accepted where it is offered, is a template our rules accept', () => {
  for (const [place, marked] of Object.entries(ARM_PLACES)) {
    const offset = marked.indexOf(CURSOR);
    const host = marked.replace(CURSOR, '');
    const entries = armCompletions(host, analyzeText(host), offset).filter((entry) => entry.kind === 'snippet');
    test(`${place}: every snippet is offered`, () =>
      assert.deepEqual(
        entries.map((e) => e.label),
        TEMPLATE_SNIPPETS.map((s) => s.label),
      ));
    for (const entry of entries) {
      test(`${entry.label}, in ${place}`, () => {
        const text = accept(host, offset, entry);
        const analysis = analyzeText(text);
        assert.deepEqual(analysis.syntaxErrors, [], text);
        assert.equal(analysis.kind, 'armTemplate');
        assert.match(text, /"\$schema": "https:\/\/schema\.management\.azure\.com\//);
        // The identity placeholder stays visibly a placeholder: flagged until the user writes the principal ID.
        const expected = text.includes('<managed-identity-principal-id>')
          ? ['operator-identity-format "<managed-identity-principal-id>"']
          : [];
        assert.deepEqual(problems(analysis.findings, text), expected, text);
      });
    }
  }
});

describe('a snippet names what the template already declares, and depends on it', () => {
  const CLOUD = `{ "type": "Anyscale.Platform/clouds", "apiVersion": "2026-09-01", "name": "prod-cloud", "location": "uksouth", "properties": {} }`;
  const cloudResource = (name: string, provider: string, dependsOn: string) =>
    `{ "type": "Anyscale.Platform/clouds/cloudResources", "apiVersion": "2026-09-01", "name": "prod-cloud/${name}", "location": "uksouth", "dependsOn": ["${dependsOn}"], "properties": { "provider": "${provider}", "computeStack": "K8S", "region": "${provider === 'Azure' ? 'uksouth' : 'us-west-2'}", "cloudStorageBucketName": "${provider === 'Azure' ? 'abfss://d@acct.dfs.core.windows.net' : 's3://b'}", "cloudStorageBucketEndpoint": "${provider === 'Azure' ? 'https://acct.blob.core.windows.net' : ''}", "anyscaleOperatorIamIdentity": "${provider === 'Azure' ? '11111111-2222-3333-4444-555555555555' : 'arn:aws:iam::123456789012:role/r'}" } }`;
  const TO_CLOUD = "[resourceId('Anyscale.Platform/clouds', 'prod-cloud')]";
  const TO_DEFAULT = "[resourceId('Anyscale.Platform/clouds/cloudResources', 'prod-cloud', 'default')]";
  const DEFAULT = cloudResource('default', 'Azure', TO_CLOUD);
  const host = (...resources: string[]) =>
    `{\n  "$schema": "${SCHEMA}",\n  "contentVersion": "1.0.0.0",\n  "resources": [\n    ${[...resources, CURSOR].join(',\n    ')}\n  ]\n}\n`;
  /** The template after accepting the snippet of `prefix` at the cursor of `marked`, its entry and its findings. */
  function accepted(marked: string, prefix: string) {
    const offset = marked.indexOf(CURSOR);
    const text = marked.replace(CURSOR, '');
    const entry = armCompletions(text, analyzeText(text), offset).find((e) => e.detail?.startsWith(`${prefix} ·`))!;
    const result = accept(text, offset, entry);
    const analysis = analyzeText(result);
    assert.deepEqual(analysis.syntaxErrors, [], result);
    const left = problems(analysis.findings, result).filter((p) => !p.startsWith('operator-identity-format'));
    return { entry, text: result, problems: left };
  }
  /** The dependsOn of the resource named `name` in `text`. */
  const dependsOnOf = (text: string, name: string) =>
    (JSON.parse(text) as { resources: { name: string; dependsOn?: string[] }[] }).resources.find((r) => r.name === name)
      ?.dependsOn;

  test("under the cloud's default, each cloud resource snippet names the cloud and depends on default: no error", () => {
    for (const [prefix, name] of [
      ['anyscale-cloud-resource-aws', 'prod-cloud/eksuswest2'],
      ['anyscale-cloud-resource-gcp', 'prod-cloud/gkeuscentral1'],
      ['anyscale-cloud-resource-generic', 'prod-cloud/onpremdc1'],
      ['anyscale-cloud-resource', 'prod-cloud/aksuksouth'],
    ]) {
      const { text, problems: left } = accepted(host(CLOUD, DEFAULT), prefix);
      assert.deepEqual(dependsOnOf(text, name), [TO_DEFAULT], prefix);
      assert.deepEqual(left, [], text);
    }
  });

  test('after other cloud resources, it waits for the last one declared, so they stay chained', () => {
    const eks = cloudResource('eks', 'AWS', TO_DEFAULT);
    const { text, problems: left } = accepted(host(CLOUD, DEFAULT, eks), 'anyscale-cloud-resource-gcp');
    assert.deepEqual(dependsOnOf(text, 'prod-cloud/gkeuscentral1'), [
      "[resourceId('Anyscale.Platform/clouds/cloudResources', 'prod-cloud', 'eks')]",
    ]);
    assert.deepEqual(left, [], text);
  });

  test("a cloud without cloud resources: an Azure one depends on the cloud; a non-Azure one says it can't be first", () => {
    const azure = accepted(host(CLOUD), 'anyscale-cloud-resource');
    assert.deepEqual(dependsOnOf(azure.text, 'prod-cloud/aksuksouth'), [TO_CLOUD]);
    assert.deepEqual(azure.problems, [], azure.text);
    const aws = accepted(host(CLOUD), 'anyscale-cloud-resource-aws');
    assert.match(aws.entry.documentation ?? '', /its first must use provider Azure \(`primary-resource-not-azure`\)/);
    assert.deepEqual(aws.problems, ['primary-resource-not-azure "AWS"'], aws.text);
  });

  test("each cloud resource snippet takes its cloud's location as written, an expression too", () => {
    const locationOf = (text: string, name: string) =>
      (JSON.parse(text) as { resources: { name: string; location?: string }[] }).resources.find((r) => r.name === name)
        ?.location;
    const inEastUs = (resource: string) => resource.replace('"location": "uksouth"', '"location": "East US"');
    for (const [prefix, name] of [
      ['anyscale-cloud-resource-aws', 'prod-cloud/eksuswest2'],
      ['anyscale-cloud-resource-gcp', 'prod-cloud/gkeuscentral1'],
      ['anyscale-cloud-resource-generic', 'prod-cloud/onpremdc1'],
      ['anyscale-cloud-resource', 'prod-cloud/akseastus'],
    ]) {
      const { text, problems: left } = accepted(host(inEastUs(CLOUD), inEastUs(DEFAULT)), prefix);
      assert.equal(locationOf(text, name), 'East US', prefix);
      assert.deepEqual(left, [], text);
    }
    // The same expression in the same template is the same location: location-differs-from-cloud stays silent.
    const computed = (resource: string) =>
      resource.replace('"location": "uksouth"', `"location": "[resourceGroup().location]"`);
    const { text, problems: left } = accepted(host(computed(CLOUD), computed(DEFAULT)), 'anyscale-cloud-resource-aws');
    assert.equal(locationOf(text, 'prod-cloud/eksuswest2'), '[resourceGroup().location]', text);
    assert.deepEqual(left, [], text);
  });

  test("the AKS cloud resource's name follows the cloud's location (aks<location>); its region keeps the example", () => {
    const resourceOf = (text: string) =>
      (JSON.parse(text) as { resources: { name: string; properties?: { region?: string } }[] }).resources.at(-1)!;
    const inSweden = (resource: string) => resource.replace('"location": "uksouth"', '"location": "swedencentral"');
    const { entry, text } = accepted(host(inSweden(CLOUD), inSweden(DEFAULT)), 'anyscale-cloud-resource');
    assert.match(entry.insertText ?? '', /"name": "\$\{1:prod-cloud\}\/\$\{2:aksswedencentral\}"/);
    assert.equal(resourceOf(text).name, 'prod-cloud/aksswedencentral');
    // That an Azure cloud resource's region must be its location is not documented: the example stays.
    assert.equal(resourceOf(text).properties?.region, 'uksouth');
    // A location no name segment can hold, or one the cloud computes: the example name stays.
    for (const location of ['uk.south', '[resourceGroup().location]']) {
      const cloud = CLOUD.replace('"location": "uksouth"', `"location": "${location}"`);
      assert.equal(
        resourceOf(accepted(host(cloud, DEFAULT), 'anyscale-cloud-resource').text).name,
        'prod-cloud/aksuksouth',
      );
    }
  });

  test('without a cloud, with two, or beside a cloud resource named by an expression, the placeholder stays and nothing is depended on', () => {
    const other = CLOUD.replace('prod-cloud', 'other-cloud');
    // Which cloud it is of is known only once the template is evaluated, which a completion does not wait for.
    const computed = DEFAULT.replace('"prod-cloud/default"', `"[concat('prod-cloud', '/default')]"`);
    for (const marked of [host(), host(CLOUD, other), host(CLOUD, computed)]) {
      const { text } = accepted(marked, 'anyscale-cloud-resource-aws');
      assert.match(text, /"name": "my-cloud\/eksuswest2"/);
      assert.equal(dependsOnOf(text, 'my-cloud/eksuswest2'), undefined, text);
    }
  });

  test('in a languageVersion 2.0 template, the dependsOn is the symbolic name', () => {
    const marked = `{\n  "$schema": "${SCHEMA}",\n  "languageVersion": "2.0",\n  "contentVersion": "1.0.0.0",\n  "resources": {\n    "cloud": ${CLOUD},\n    "primary": ${DEFAULT.replace(`"${TO_CLOUD}"`, '"cloud"')},\n    ${CURSOR}\n  }\n}\n`;
    const { text, problems: left } = accepted(marked, 'anyscale-cloud-resource-aws');
    const resources = (JSON.parse(text) as { resources: Record<string, { name: string; dependsOn?: string[] }> })
      .resources;
    const added = Object.values(resources).find((r) => r.name === 'prod-cloud/eksuswest2');
    assert.deepEqual(added?.dependsOn, ['primary'], text);
    assert.deepEqual(left, [], text);
  });

  test('a job, a service and a workspace name the cloud, in their name and compute config, and wait for its last cloud resource', () => {
    const eks = cloudResource('eks', 'AWS', TO_DEFAULT);
    const TO_EKS = "[resourceId('Anyscale.Platform/clouds/cloudResources', 'prod-cloud', 'eks')]";
    for (const [prefix, name] of [
      ['anyscale-job', 'prod-cloud/my-project/my-job'],
      ['anyscale-service', 'prod-cloud/my-project/my-service'],
      ['anyscale-workspace', 'prod-cloud/my-project/my-workspace'],
    ]) {
      const { text, problems: left } = accepted(host(CLOUD, DEFAULT, eks), prefix);
      assert.deepEqual(dependsOnOf(text, name), [TO_EKS], text);
      assert.ok(
        text.includes("[resourceId('Anyscale.Platform/clouds/cloudResources', 'prod-cloud', 'default')]"),
        text,
      );
      assert.ok(!text.includes('my-cloud'), text);
      assert.deepEqual(left, [], text);
    }
    // Without a cloud in the template: the placeholder, and nothing depended on.
    const { text } = accepted(host(), 'anyscale-job');
    assert.equal(dependsOnOf(text, 'my-cloud/my-project/my-job'), undefined, text);
  });

  describe("a job, a service and a workspace name the cloud's one project and depend on it", () => {
    const PROJECT = `{ "type": "Anyscale.Platform/clouds/projects", "apiVersion": "2026-09-01", "name": "prod-cloud/ml", "dependsOn": ["${TO_CLOUD}"], "properties": {} }`;
    const TO_PROJECT = "[resourceId('Anyscale.Platform/clouds/projects', 'prod-cloud', 'ml')]";
    const WORKLOADS = [
      ['anyscale-job', 'my-job'],
      ['anyscale-service', 'my-service'],
      ['anyscale-workspace', 'my-workspace'],
    ];

    test('a project declared at the top level, or nested in the cloud: its name, and a dependsOn on it beside the cloud resource', () => {
      const nested = CLOUD.replace(
        '"properties": {} }',
        '"properties": {}, "resources": [{ "type": "projects", "apiVersion": "2026-09-01", "name": "ml", "properties": {} }] }',
      );
      for (const marked of [host(CLOUD, DEFAULT, PROJECT), host(nested, DEFAULT)])
        for (const [prefix, name] of WORKLOADS) {
          const { text, problems: left } = accepted(marked, prefix);
          assert.deepEqual(dependsOnOf(text, `prod-cloud/ml/${name}`), [TO_DEFAULT, TO_PROJECT], text);
          assert.ok(!text.includes('my-project'), text);
          assert.deepEqual(left, [], text);
        }
    });

    test('in a languageVersion 2.0 template, the dependsOn is the symbolic name; a project named by an expression is not proposed', () => {
      const symbolic = (project: string) =>
        `{\n  "$schema": "${SCHEMA}",\n  "languageVersion": "2.0",\n  "contentVersion": "1.0.0.0",\n  "resources": {\n    "cloud": ${CLOUD},\n    "primary": ${DEFAULT.replace(`"${TO_CLOUD}"`, '"cloud"')},\n    "mlProject": ${project.replace(`"${TO_CLOUD}"`, '"cloud"')},\n    ${CURSOR}\n  }\n}\n`;
      const added = (text: string, name: string) =>
        Object.values(
          (JSON.parse(text) as { resources: Record<string, { name: string; dependsOn?: string[] }> }).resources,
        ).find((r) => r.name === name);
      const { text, problems: left } = accepted(symbolic(PROJECT), 'anyscale-job');
      assert.deepEqual(added(text, 'prod-cloud/ml/my-job')?.dependsOn, ['primary', 'mlProject'], text);
      assert.deepEqual(left, [], text);
      // Its symbolic name would do for dependsOn, but the name it evaluates to holds only for these parameter values.
      const computed = accepted(
        symbolic(PROJECT.replace('"prod-cloud/ml"', `"[concat('prod-cloud', '/ml')]"`)),
        'anyscale-job',
      );
      assert.deepEqual(added(computed.text, 'prod-cloud/my-project/my-job')?.dependsOn, ['primary'], computed.text);
    });

    test('with no project, two, one of another cloud or one named by an expression, the placeholder stays and only the cloud is depended on', () => {
      const second = PROJECT.replace('prod-cloud/ml', 'prod-cloud/research');
      const ofAnother = PROJECT.replace('prod-cloud/ml', 'other-cloud/ml');
      const computed = PROJECT.replace('"prod-cloud/ml"', `"[concat('prod-cloud', '/ml')]"`);
      for (const marked of [
        host(CLOUD, DEFAULT),
        host(CLOUD, DEFAULT, PROJECT, second),
        host(CLOUD, DEFAULT, ofAnother),
        host(CLOUD, DEFAULT, computed),
        // Beside one named by an expression, which may be of this cloud too: which is its one project is not known.
        host(CLOUD, DEFAULT, PROJECT, computed),
      ]) {
        const { text } = accepted(marked, 'anyscale-job');
        assert.deepEqual(dependsOnOf(text, 'prod-cloud/my-project/my-job'), [TO_DEFAULT], text);
      }
    });

    test('the project snippet names the cloud and depends on it; without a cloud, the placeholder and no dependsOn', () => {
      const { text, problems: left } = accepted(host(CLOUD, DEFAULT), 'anyscale-project');
      assert.deepEqual(dependsOnOf(text, 'prod-cloud/my-project'), [TO_CLOUD], text);
      assert.deepEqual(left, [], text);
      const alone = accepted(host(), 'anyscale-project');
      assert.equal(dependsOnOf(alone.text, 'my-cloud/my-project'), undefined, alone.text);
      assert.deepEqual(alone.problems, [], alone.text);
    });
  });

  test('kuberay names the AKS cluster the template declares and depends on it; the AKS cluster runs Kubernetes 1.34', () => {
    const cluster = accepted(host(), 'aks-cluster');
    assert.match(cluster.text, /"kubernetesVersion": "1\.34",/);
    const marked = cluster.text
      .replace(/\n {2}\]\n\}\n$/, `,\n    ${CURSOR}\n  ]\n}\n`)
      .replace(/aks-cluster/g, 'aks-prod');
    const { text, problems: left } = accepted(marked, 'kuberay');
    const extension = (
      JSON.parse(text) as { resources: { type: string; scope?: string; dependsOn?: string[] }[] }
    ).resources.find((r) => r.type === 'Microsoft.KubernetesConfiguration/extensions');
    assert.equal(extension?.scope, 'Microsoft.ContainerService/managedClusters/aks-prod');
    assert.deepEqual(extension?.dependsOn, ["[resourceId('Microsoft.ContainerService/managedClusters', 'aks-prod')]"]);
    assert.deepEqual(left, [], text);
    // Without the cluster in the template: no dependsOn on it (ARM rejects one on a resource it does not deploy).
    assert.equal(dependsOnOf(accepted(host(), 'kuberay').text, 'kuberay'), undefined);
  });
});

test("the walkthrough's template page names each template snippet by the prefix it is typed with, and no other", () => {
  const page = fs
    .readFileSync(path.join(REPO_ROOT, 'media', 'walkthrough', 'template.md'), 'utf8')
    .replace(/\s+/g, ' ');
  const prefixes = new Set(TEMPLATE_SNIPPETS.map((snippet) => snippet.prefix));
  for (const prefix of prefixes) assert.ok(page.includes(`\`${prefix}\``), `the walkthrough does not name ${prefix}`);
  const named = [...page.matchAll(/`((?:anyscale|kuberay|aks)[\w-]*)`/g)].map((match) => match[1]);
  assert.deepEqual(
    named.filter((name) => name !== 'anyscale' && !prefixes.has(name)),
    [],
    'the walkthrough names a snippet prefix that does not exist',
  );
});
