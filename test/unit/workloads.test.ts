// The 2026-09-01 workloads (issue #16): what the fixtures of rules.test.ts can't show — cloudResourceNames arrays fed
// whole through a parameter default, a variable and a parameter file; values that can't be known stay silent; the
// spec's own request examples, deployed as template resources, get no finding from the workload rules; the job,
// service and workspace snippets are read by the rules (a changed cloud resource is caught); hover says write-only
// job fields are never returned; the job config's fields complete.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument, analyzeText, parseJson } from '../../server/src/service/analyze';
import { armHover } from '../../server/src/service/arm/features/armHover';
import { armCompletions } from '../../server/src/service/arm/features/completion';
import { TEMPLATE_SNIPPETS, templateAround } from '../../server/src/service/arm/features/completion/snippets';
import { workloadRules } from '../../server/src/service/rules/arm/workloads';
import { CORPUS } from '../support/paths';
import { expandSnippet } from '../support/snippetSyntax';

const WORKLOAD_CODES = new Set(workloadRules.map((rule) => rule.code));
const ID = (name: string) =>
  `/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Anyscale.Platform/clouds/my-cloud/cloudResources/${name}`;

/** A template with one workload whose inline compute config's cloudResourceNames is `names` (JSON text). */
function workloadTemplate(kind: 'services' | 'workspaces', names: string, extra: Record<string, unknown> = {}): string {
  const computeConfig = { spec: { options: [{ cloudResourceNames: 'NAMES', headNode: { name: 'head' } }] } };
  const properties =
    kind === 'services'
      ? {
          deploymentConfig: {
            imageUri: 'anyscale/ray:2.44.0-py312-cu124',
            applications: [{ importPath: 'app:app' }],
            computeConfig,
          },
        }
      : { imageUri: 'anyscale/ray:2.44.0-py312-cu124', computeConfig };
  const template = {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    ...extra,
    resources: [
      {
        type: `Anyscale.Platform/clouds/projects/${kind}`,
        apiVersion: '2026-09-01',
        name: 'my-cloud/my-project/w',
        properties,
      },
    ],
  };
  return JSON.stringify(template, null, 2).replace('"NAMES"', names);
}

const codes = (text: string) => analyzeText(text).findings.map((f) => f.code);

describe('cloudResourceNames fed as a whole array', () => {
  const names = JSON.stringify([ID('default'), ID('eks-uswest2')]);

  test("through a parameter default: reported on the default's item, pointing at the use", () => {
    const text = workloadTemplate('services', `"[parameters('names')]"`, {
      parameters: { names: { type: 'array', defaultValue: JSON.parse(names) } },
    });
    const analysis = analyzeText(text);
    const finding = analysis.findings.find((f) => f.code === 'service-not-on-primary');
    assert.ok(finding, JSON.stringify(analysis.findings));
    assert.equal(text.slice(finding.start, finding.end), JSON.stringify(ID('eks-uswest2')));
    assert.ok(text.slice(0, finding.start).includes('"defaultValue"'), 'the finding is on the default');
    assert.ok(
      finding.related?.some((r) => text.slice(r.start, r.end) === `"[parameters('names')]"`),
      JSON.stringify(finding.related),
    );
  });

  test('through a variable, several cloud resources in a workspace', () => {
    const text = workloadTemplate('workspaces', `"[variables('names')]"`, { variables: { names: JSON.parse(names) } });
    const finding = analyzeText(text).findings.find((f) => f.code === 'workspace-several-cloud-resources');
    assert.ok(finding);
    assert.equal(text.slice(finding.start, finding.end), JSON.stringify(ID('eks-uswest2')));
  });

  test('through a parameter file: reported in the file, on the item', () => {
    const text = workloadTemplate('services', `"[parameters('names')]"`, { parameters: { names: { type: 'array' } } });
    const fileText = JSON.stringify(
      {
        $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
        contentVersion: '1.0.0.0',
        parameters: { names: { value: JSON.parse(names) } },
      },
      null,
      2,
    );
    const uri = 'file:///t/template.parameters.json';
    const analysis = analyzeDocument(
      text,
      { fileName: '/t/template.json' },
      { parameterFiles: [{ uri, root: parseJson(fileText).root!, text: fileText }] },
    );
    const inFile = analysis.findings.find((f) => f.code === 'service-not-on-primary' && f.uri === uri);
    assert.ok(inFile, JSON.stringify(analysis.findings));
    assert.equal(fileText.slice(inFile.start, inFile.end), JSON.stringify(ID('eks-uswest2')));
  });

  test('bare names at 2026-09-01 in a parameter default are reported, and fixed there with resourceId()', () => {
    const text = workloadTemplate('services', `"[parameters('names')]"`, {
      parameters: { names: { type: 'array', defaultValue: ['default'] } },
    });
    const finding = analyzeText(text).findings.find((f) => f.code === 'resource-id-required');
    assert.ok(finding);
    assert.equal(
      finding.fixes?.[0]?.edits[0]?.newText,
      `"[resourceId('Anyscale.Platform/clouds/cloudResources', 'my-cloud', 'default')]"`,
    );
  });
});

describe('values that cannot be known stay silent', () => {
  test('a parameter without a value, a reference(), an unknown cloud in resourceId()', () => {
    const text = workloadTemplate(
      'services',
      `["[parameters('one')]", "[reference('x').id]", "[resourceId('Anyscale.Platform/clouds/cloudResources', parameters('cloud'), parameters('one'))]"]`,
      {
        parameters: { one: { type: 'string' }, cloud: { type: 'string' } },
      },
    );
    assert.deepEqual(
      codes(text).filter((code) => WORKLOAD_CODES.has(code)),
      [],
    );
  });

  test('a computeConfigName from a parameter without a value is not a bare name', () => {
    const text = workloadTemplate('workspaces', '[]', { parameters: { cc: { type: 'string' } } }).replace(
      '"spec": {',
      `"computeConfigName": "[parameters('cc')]",\n"spec": {`,
    );
    assert.deepEqual(
      codes(text).filter((code) => WORKLOAD_CODES.has(code)),
      [],
    );
  });
});

const EXAMPLES = path.join(CORPUS, 'arm', 'spec-examples');
describe(
  "the spec's 2026-09-01 request examples, as template resources, get no workload finding",
  { skip: !fs.existsSync(EXAMPLES) && `${EXAMPLES} is not present` },
  () => {
    /** The example's request body as a resource of its response's type and name, at the example's API version. */
    function asTemplate(file: string): string {
      const example = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));
      const response = example.responses['200'].body;
      const id: string = response.id;
      const fullName = id
        .split('/providers/')[1]
        .split('/')
        .filter((_, i) => i >= 2 && i % 2 === 0)
        .join('/');
      const resource = {
        type: response.type,
        apiVersion: example.parameters['api-version'],
        name: fullName,
        ...example.parameters.resource,
      };
      return JSON.stringify(
        {
          $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
          contentVersion: '1.0.0.0',
          resources: [resource],
        },
        null,
        2,
      );
    }
    for (const file of fs.existsSync(EXAMPLES)
      ? fs.readdirSync(EXAMPLES).filter((f) => f.startsWith('stable_2026-09-01_'))
      : []) {
      test(file, () => {
        const text = asTemplate(file);
        const analysis = analyzeText(text);
        assert.equal(analysis.kind, 'armTemplate');
        assert.deepEqual(
          analysis.findings.filter((f) => WORKLOAD_CODES.has(f.code)).map((f) => `${f.code}: ${f.message}`),
          [],
        );
      });
    }
    test('the Jobs example is read as a job with an inline compute config (the test is not vacuous)', () => {
      const text = asTemplate('stable_2026-09-01_Jobs_CreateOrUpdate.json').replace(
        /"\/subscriptions\/[^"]*\/cloudResources\/eastus-cloud-resource"/,
        '"eastus-cloud-resource"',
      );
      assert.ok(codes(text).includes('resource-id-required'));
    });
  },
);

/** The snippet as VS Code inserts it, every placeholder kept, tabs shown as two spaces. */
const expand = (body: string) => expandSnippet(body).text.replace(/\t/g, '  ');

describe('workload snippets run on the primary cloud resource, and the rules read them', () => {
  const snippet = (kind: string) =>
    expand(
      templateAround(TEMPLATE_SNIPPETS.find((s) => s.label.startsWith(`Anyscale ${kind} (primary`))!.body).join('\n'),
    );

  for (const kind of ['job', 'service', 'workspace']) {
    test(`${kind}: names the primary cloud resource by resource ID, with the snippet's cloud`, () => {
      const text = snippet(kind);
      assert.ok(
        text.includes(`"[resourceId('Anyscale.Platform/clouds/cloudResources', 'my-cloud', 'default')]"`),
        text,
      );
      assert.deepEqual(
        analyzeText(text).findings.map((f) => f.code),
        [],
      );
    });
  }

  test('service: another cloud resource than the primary is an error', () => {
    assert.ok(
      codes(snippet('service').replace("'my-cloud', 'default'", "'my-cloud', 'eks-uswest2'")).includes(
        'service-not-on-primary',
      ),
    );
  });

  test('workspace: a second cloud resource is a warning', () => {
    const text = snippet('workspace').replace(
      /("\[resourceId\('Anyscale.Platform\/clouds\/cloudResources', 'my-cloud', 'default'\)\]")/,
      `$1, "[resourceId('Anyscale.Platform/clouds/cloudResources', 'my-cloud', 'aks2')]"`,
    );
    assert.ok(codes(text).includes('workspace-several-cloud-resources'));
  });

  test('job: a bare cloud resource name is an error at 2026-09-01', () => {
    assert.ok(
      codes(
        snippet('job').replace(
          `"[resourceId('Anyscale.Platform/clouds/cloudResources', 'my-cloud', 'default')]"`,
          '"default"',
        ),
      ).includes('resource-id-required'),
    );
  });
});

describe('job config: hover and completions', () => {
  const text = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "resources": [
    {
      "type": "Anyscale.Platform/clouds/projects/jobs",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/my-project/train",
      "properties": {
        "config": {
          "imageUri": "anyscale/ray:2.44.0-py312-cu124",
          "entrypoint": "python train.py",
          "maxRetries": 3,
          ""
        }
      }
    }
  ]
}`;
  const analysis = analyzeText(text);
  const hoverAt = (needle: string) =>
    armHover(text, analysis, text.indexOf(needle) + 2, {
      parameterFiles: [],
      docsUrl: (code) => code,
      docsPageUrl: (page) => page,
    });

  test('a write-only field says ARM never returns it', () => {
    const markdown = hoverAt('"entrypoint"')?.markdown ?? '';
    assert.match(markdown, /properties\.config\.entrypoint/);
    assert.match(markdown, /never returns it/);
  });

  test('a field ARM returns does not say so', () => {
    const markdown = hoverAt('"maxRetries"')?.markdown ?? '';
    assert.match(markdown, /retried/);
    assert.doesNotMatch(markdown, /never returns/);
  });

  test("the job config's fields complete, without those already written, numbers as numbers", () => {
    const entries = armCompletions(text, analysis, text.indexOf('""') + 1);
    const labels = entries.map((e) => e.label);
    for (const name of ['computeConfig', 'workingDir', 'pyModules', 'pipRequirements', 'envVars', 'timeout'])
      assert.ok(labels.includes(name), `${name} in ${labels.join(', ')}`);
    for (const name of ['imageUri', 'entrypoint', 'maxRetries'])
      assert.ok(!labels.includes(name), `${name} is written already`);
    assert.equal(entries.find((e) => e.label === 'timeout')?.insertText, '"timeout": ${1:0}');
  });
});
