// A fix never destroys an expression (issue #14 §1). For every rule whose ARM fail fixtures offer a fix on a literal
// property value, that value is written (a) in place as an expression computing it, (b) as a variable whose value is
// such an expression, (c) as a parameter whose default is such an expression, (d) as a literal parameter default and
// (e) as a literal parameter-file value. Each time the finding is still reported, no quick fix and no fix-all edit
// overlaps an expression string, and every fix applied keeps the document valid JSON; with (a)-(c) a value fix's
// finding sits on the expression and says the evaluated value, and with (d) and (e) the value fix is offered — on
// the default, and in the parameter file when that is the open document (unless it would retype the value). Rules not
// covered are listed with why. Then the issue's own examples, YAML value fixes, and the helper itself.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findNodeAtLocation, type JSONPath } from 'jsonc-parser';
import { analyzeDocument, analyzeText, parseJson } from '../../server/src/service/analyze';
import type { Analysis, Finding, TextEdit, TextRange } from '../../server/src/service/types';
import { fixAllEdits, fixesAt } from '../../server/src/service/features/fixes';
import { isExpression, known, literalValue, type KnownValue } from '../../server/src/service/arm/value';
import { valueFix } from '../../server/src/service/rules/support/valueEdits';
import type { JsonNode } from '../../server/src/service/json/nodes';
import { RULES } from '../../server/src/service/rules/registry';
import { findingsInParameterFile } from '../../server/src/lsp/parameterFiles';
import {
  casesOf,
  nodeAt,
  PARAMETER_FILE_URI,
  throughParameterDefault,
  throughParameterFile,
  throughVariable,
  type Case,
} from '../support/indirection';
import { FIXTURES } from '../support/paths';
import { applyEdits } from '../support/textEdits';

const TEMPLATE_URI = 'file:///indirection/template.json';

/**
 * Rules with a fix that this test cannot feed, with why. The test fails when one of them gets a case after all, or has
 * no fix, or when a rule with a fix is neither covered nor listed, so the list stays honest. (The parameter-file rules
 * are not among them: their fixes edit a parameter file, whose values are literals, never expressions; see the test
 * of parameter-value-not-allowed's fix below.)
 */
const NOT_COVERED: ReadonlyMap<string, string> = new Map<string, string>([
  ...['api-version-preview', 'api-version-unknown'].map((code): [string, string] => [
    code,
    'apiVersion must be a literal in ARM: it cannot be an expression',
  ]),
  ...[
    'cloud-resource-copy-parallel',
    'egress-fqdns-not-allowed',
    'values-legacy-key',
    'values-unknown-key',
    'extension-secret-in-settings',
  ].map((code): [string, string] => [code, 'reported on a property key, not on a value']),
  [
    'required-property-missing',
    'reported on the resource or an empty value; its fix adds a property rather than replacing a value',
  ],
  [
    'multi-line-string',
    'about how a string is written; its fix is offered only on literal strings (parseJson.test.ts), never on an expression',
  ],
  ...['parameter-file-value-missing', 'parameter-file-schema'].map((code): [string, string] => [
    code,
    "about a parameter file's shape, whose values are literals: no value to feed",
  ]),
  ['suppression-unknown-code', 'its fix edits a suppression comment, which has no value to feed'],
  ['suppression-unused', 'its fix edits a suppression comment, which has no value to feed'],
  ...['values-deprecated-key', 'values-value-not-allowed', 'values-workload-service-account'].map(
    (code): [string, string] => [
      code,
      'no ARM fail fixture: its fixtures are operator values YAML (see the YAML tests below)',
    ],
  ),
  [
    'values-wrong-type',
    "its fixes are YAML (see the YAML tests below): in an extension a value that is not a string is extension-setting-not-string's",
  ],
  ...['gateway-tls-secret-invalid'].map((code): [string, string] => [
    code,
    'Gateway manifests are YAML: no ARM expressions (see the YAML tests below)',
  ]),
]);

/**
 * Covered rules whose fix does not replace the value the finding sits on (it adds a property elsewhere): (d) and (e)
 * do not expect a value fix of them, and the finding need not sit on the expression. Checked both ways.
 */
const NOT_A_VALUE_FIX: ReadonlyMap<string, string> = new Map<string, string>([
  ['cloud-resources-not-chained', 'the finding sits on the name; its fix adds dependsOn'],
  ...['extension-version-with-auto-upgrade', 'extension-version-with-auto-upgrade-old-api'].map(
    (code): [string, string] => [
      code,
      'the finding sits on version; its fixes remove the literal version or set autoUpgradeMinorVersion',
    ],
  ),
  [
    'extension-release-train-ignored',
    'the finding sits on releaseTrain; its fix removes the property when it is a literal',
  ],
  ['operator-extension-plan-missing', 'the finding sits on extensionType; its fix adds the plan'],
]);

/**
 * Covered rules whose value fix changes the literal's type (`true` to `"true"`): offered only in place, so with (d) and
 * (e), where a parameter must keep its declared type, the test expects no fix of them at all. Checked both ways.
 */
const RETYPING_FIX: ReadonlyMap<string, string> = new Map<string, string>([
  ['extension-setting-not-string', 'extension settings are strings: its fix writes `true` as `"true"`'],
]);

/**
 * Covered rules whose value fix writes an expression (`[resourceId(…)]`): offered where the literal is written in the
 * template (in place, a variable, a parameter's default), never in a parameter file, which cannot hold expressions —
 * so with (e) the test expects no fix of them there. Checked both ways.
 */
const TEMPLATE_ONLY_FIX: ReadonlyMap<string, string> = new Map<string, string>([
  ['resource-id-required', 'its fix writes [resourceId(…)], which a parameter file cannot hold'],
]);

/** An ARM expression argument that evaluates to the JSON value. */
function argument(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number') return value < 0 ? `sub(0, ${-value})` : String(value);
  if (typeof value === 'boolean') return value ? 'true()' : 'false()';
  if (value === null) return 'null()';
  return `json(${argument(JSON.stringify(value))})`;
}

/** Expressions that evaluate to the value: one computing it from parts, one choosing it with if(). */
function expressionsOf(value: unknown): Array<{ readonly form: string; readonly text: string }> {
  let computed: string;
  if (typeof value === 'string') {
    const half = Math.ceil(value.length / 2);
    computed = `[concat(${argument(value.slice(0, half))}, ${argument(value.slice(half))})]`;
  } else if (typeof value === 'number') computed = `[add(${argument(value - 1)}, 1)]`;
  else if (typeof value === 'boolean') computed = `[not(${argument(!value)})]`;
  else computed = `[json(${argument(JSON.stringify(value))})]`;
  const other = typeof value === 'string' ? "'x'" : typeof value === 'number' ? '0' : 'null()';
  return [
    { form: 'computed', text: computed },
    { form: 'if', text: `[if(true(), ${argument(value)}, ${other})]` },
  ];
}

/** Every string node of a tree that is an ARM expression, keys included. */
function expressionStrings(root: JsonNode | undefined): JsonNode[] {
  const out: JsonNode[] = [];
  const visit = (node: JsonNode) => {
    if (node.type === 'string' && isExpression(node.value as string)) out.push(node);
    for (const child of node.children ?? []) visit(child);
  };
  if (root) visit(root);
  return out;
}

/** True when an edit changes text inside the node (an insertion at its very edge does not). */
function touches(edit: TextRange, node: JsonNode): boolean {
  const end = node.offset + node.length;
  return edit.start === edit.end
    ? node.offset < edit.start && edit.start < end
    : edit.start < end && node.offset < edit.end;
}

function inside(edit: TextRange, node: JsonNode): boolean {
  return node.offset <= edit.start && edit.end <= node.offset + node.length;
}

/** Every quick fix offered in a document and the fix-all edits: none may touch an expression, each keeps the JSON valid. */
function assertFixesSafe(text: string, findings: readonly Finding[], label: string): void {
  const expressions = expressionStrings(parseJson(text).root);
  const offered = fixesAt(findings, { start: 0, end: text.length });
  const fixAll = fixAllEdits(findings);
  const all: Array<[string, readonly TextEdit[]]> = [
    ...offered.map(({ fix }): [string, readonly TextEdit[]] => [`"${fix.title}"`, fix.edits]),
    ['fix-all', fixAll],
  ];
  for (const [title, edits] of all) {
    for (const edit of edits) {
      const hit = expressions.find((node) => touches(edit, node));
      assert.ok(
        !hit,
        `${label}: ${title} rewrites the expression ${JSON.stringify(hit?.value)} with ${JSON.stringify(edit.newText)}`,
      );
    }
    assert.deepEqual(parseJson(applyEdits(text, edits)).errors, [], `${label}: ${title} breaks the JSON`);
  }
}

/** The finding of the code that sits exactly on a node of the template. */
function findingOn(analysis: Analysis, code: string, node: JsonNode | undefined): Finding | undefined {
  return (
    node &&
    analysis.findings.find(
      (f) => f.code === code && f.uri === undefined && f.start === node.offset && f.end === node.offset + node.length,
    )
  );
}

/** True when the message shows the value the rule saw. */
function mentions(message: string, value: unknown): boolean {
  if (typeof value !== 'string') return message.includes(JSON.stringify(value));
  // A resource name is quoted by its last segment.
  return message.includes(value) || message.includes(value.slice(value.lastIndexOf('/') + 1));
}

/** True when one of the finding's fixes replaces the literal it sits on, and nothing else. */
function isValueFix(c: Case): boolean {
  const literal = nodeAt(c.text, c.valuePath)!;
  return (c.finding.fixes ?? []).some((fix) => fix.edits.every((edit) => inside(edit, literal)));
}

const withFixes = (finding: Finding) => (finding.fixes?.length ?? 0) > 0;
const covered = new Set<string>();

for (const rule of RULES.filter((r) => r.appliesTo === 'armTemplate')) {
  const cases = casesOf(rule.code, withFixes);
  if (cases.length === 0) continue;
  covered.add(rule.code);
  describe(`fix safety: ${rule.code}`, () => {
    for (const c of cases) {
      const valueFix = isValueFix(c);
      const label = `${c.fixture} "${c.propertyName}": ${JSON.stringify(c.literal)}`;

      test(`${label}: ${valueFix ? 'a value fix' : 'not a value fix'}, as listed`, () => {
        const why = valueFix
          ? `${c.code} replaces the value: drop it from NOT_A_VALUE_FIX`
          : `${c.code}'s fix does not replace the value: list it in NOT_A_VALUE_FIX`;
        assert.equal(!valueFix, NOT_A_VALUE_FIX.has(c.code), why);
      });

      for (const { form, text: expression } of expressionsOf(c.literal)) {
        const variants: Array<[string, { text: string; origin: JSONPath }]> = [
          ['in place', { text: replaceAt(c, expression), origin: c.valuePath }],
          ['as a variable', throughVariable(c, expression)],
          ['as a parameter default', throughParameterDefault(c, expression)],
        ];
        for (const [how, { text, origin }] of variants) {
          test(`${label} written ${how} as ${form} ${expression}: reported, no fix touches it`, () => {
            const analysis = analyzeText(text);
            assert.deepEqual(analysis.syntaxErrors, [], 'the variant is valid JSON');
            assert.ok(
              analysis.findings.some((f) => f.code === c.code),
              `${c.code} is no longer reported`,
            );
            if (valueFix) {
              const finding = findingOn(analysis, c.code, nodeAt(text, origin));
              assert.ok(finding, `${c.code} is not reported on the expression`);
              assert.ok(
                mentions(finding.message, c.literal),
                `the message does not show the evaluated value ${JSON.stringify(c.literal)}: ${finding.message}`,
              );
            }
            assertFixesSafe(text, analysis.findings, how);
          });
        }
      }

      /** The value fix of the literal `written` is offered, or for a retyping fix, no fix of the code there. */
      const assertOffered = (offered: ReturnType<typeof fixesAt>, written: JsonNode, where: string) => {
        const fixes = offered.filter(({ finding }) => finding.code === c.code);
        // A retyping fix is not offered on the moved literal (other findings of the fixture may keep theirs, in place).
        if (RETYPING_FIX.has(c.code))
          assert.deepEqual(
            fixes.filter(({ fix }) => fix.edits.some((edit) => inside(edit, written))),
            [],
            `${c.code}'s fix retypes the value ${where}`,
          );
        else
          assert.ok(
            fixes.some(({ fix }) => fix.edits.every((edit) => inside(edit, written))),
            `no ${c.code} fix ${where}; offered: ${JSON.stringify(fixes.map(({ fix }) => fix.edits))}`,
          );
      };

      test(`${label} as a literal parameter default: ${valueFix ? 'the fix is offered there' : 'no fix touches an expression'}`, () => {
        const { text, origin } = throughParameterDefault(c);
        const analysis = analyzeText(text);
        assertFixesSafe(text, analysis.findings, 'parameter default');
        if (valueFix)
          assertOffered(
            fixesAt(analysis.findings, { start: 0, end: text.length }),
            nodeAt(text, origin)!,
            'of the default',
          );
      });

      test(`${label} as a literal parameter-file value: ${valueFix && !TEMPLATE_ONLY_FIX.has(c.code) ? 'the fix is offered in the parameter file' : 'no fix touches an expression'}`, () => {
        const { text, fileText, fileRoot, origin } = throughParameterFile(c);
        const analysis = analyzeDocument(
          text,
          { fileName: '/indirection/template.json' },
          { parameterFiles: [{ uri: PARAMETER_FILE_URI, root: fileRoot, text: fileText }] },
        );
        assertFixesSafe(text, analysis.findings, 'template');
        const inFile = findingsInParameterFile(analysis.findings, PARAMETER_FILE_URI, TEMPLATE_URI);
        assertFixesSafe(fileText, inFile, 'parameter file');
        if (TEMPLATE_ONLY_FIX.has(c.code))
          assert.deepEqual(
            fixesAt(inFile, { start: 0, end: fileText.length }).filter(({ finding }) => finding.code === c.code),
            [],
            `${c.code}'s fix is offered in the parameter file`,
          );
        else if (valueFix)
          assertOffered(
            fixesAt(inFile, { start: 0, end: fileText.length }),
            findNodeAtLocation(fileRoot, origin)!,
            'in the parameter file',
          );
      });
    }
  });
}

/** The fixture with the literal replaced by an expression string. */
function replaceAt(c: Case, expression: string): string {
  const literal = nodeAt(c.text, c.valuePath)!;
  return c.text.slice(0, literal.offset) + JSON.stringify(expression) + c.text.slice(literal.offset + literal.length);
}

test('every rule whose fail fixtures offer a fix is covered here, or listed with why not', () => {
  assert.ok(covered.size > 0, 'no rule is covered');
  const rulesDir = path.join(FIXTURES, 'rules');
  const withFix = RULES.filter((rule) => {
    const dir = path.join(rulesDir, rule.code);
    if (!fs.existsSync(dir)) return false;
    return fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('fail') && /\.(json|ya?ml)$/.test(f))
      .some((f) => {
        const file = path.join(dir, f);
        const analysis = analyzeDocument(fs.readFileSync(file, 'utf8'), { fileName: file });
        return analysis.findings.some((finding) => finding.code === rule.code && withFixes(finding));
      });
  }).map((rule) => rule.code);
  const missing = withFix.filter((code) => !covered.has(code) && !NOT_COVERED.has(code));
  assert.deepEqual(
    missing,
    [],
    'rules with a fix but no case here: add a fail fixture with the fix on a literal value, or list them in NOT_COVERED',
  );
  const stale = [...NOT_COVERED.keys()].filter((code) => covered.has(code) || !withFix.includes(code));
  assert.deepEqual(
    stale,
    [],
    'listed in NOT_COVERED but covered now, or without a fix in its fail fixtures: drop them',
  );
  for (const code of [...NOT_A_VALUE_FIX.keys(), ...RETYPING_FIX.keys(), ...TEMPLATE_ONLY_FIX.keys()])
    assert.ok(covered.has(code), `${code} in NOT_A_VALUE_FIX or RETYPING_FIX is not covered`);
});

describe("issue #14's examples: a value an expression computes is reported with its value, and never fixed", () => {
  /** A template with one Azure cloud resource whose properties (and location) are written as given. */
  const template = (written: { provider?: string; region?: string; location?: string }) =>
    JSON.stringify(
      {
        $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
        contentVersion: '1.0.0.0',
        resources: [
          {
            type: 'Anyscale.Platform/clouds/cloudResources',
            apiVersion: '2026-09-01',
            name: 'my-cloud/aks',
            location: written.location ?? 'uksouth',
            properties: {
              provider: written.provider ?? 'Azure',
              computeStack: 'K8S',
              region: written.region ?? 'uksouth',
              cloudStorageBucketName: 'abfss://anyscale@mystorageacct.dfs.core.windows.net',
              cloudStorageBucketEndpoint: 'https://mystorageacct.blob.core.windows.net',
              anyscaleOperatorIamIdentity: '11111111-2222-3333-4444-555555555555',
            },
          },
        ],
      },
      null,
      2,
    );
  const examples = [
    { code: 'provider-invalid', property: 'provider', expression: "[toLower('AZURE')]", value: 'azure' },
    { code: 'region-invalid', property: 'region', expression: "[concat('West', 'US2')]", value: 'WestUS2' },
    {
      code: 'location-unsupported',
      property: 'location',
      expression: "[if(true(), 'uk-south', 'uksouth')]",
      value: 'uk-south',
    },
  ] as const;

  for (const { code, property, expression, value } of examples) {
    test(`${property} ${expression}: ${code} says "${value}", no fix, fix-all leaves it`, () => {
      const text = template({ [property]: expression });
      const analysis = analyzeText(text);
      const at = text.indexOf(JSON.stringify(expression));
      const finding = analysis.findings.find((f) => f.code === code);
      assert.ok(finding, `no ${code}: ${JSON.stringify(analysis.findings.map((f) => f.code))}`);
      assert.deepEqual(
        [finding.start, finding.end],
        [at, at + JSON.stringify(expression).length],
        'the finding sits on the expression',
      );
      assert.ok(
        finding.message.includes(`"${value}"`),
        `the message does not say the evaluated value: ${finding.message}`,
      );
      assert.equal(finding.fixes, undefined, 'a fix is offered');
      const fixed = applyEdits(text, fixAllEdits(analysis.findings));
      assert.ok(fixed.includes(JSON.stringify(expression)), `fix-all rewrote ${expression}`);
    });

    test(`${property} written as the literal "${value}": ${code} offers its fix (the control)`, () => {
      const text = template({ [property]: value });
      const finding = analyzeText(text).findings.find((f) => f.code === code);
      assert.ok(finding?.fixes?.length, `no ${code} fix of the literal`);
    });
  }
});

describe('YAML value fixes rewrite only a plain scalar that reads as the value the rule saw', () => {
  /** An operator values file for Azure with the controlPlaneURL and workload service account lines given. */
  const values = (controlPlaneUrl: string, serviceAccount: string) =>
    [
      'global:',
      '  cloudDeploymentId: cldrsrc_abc123def456',
      '  cloudProvider: azure',
      `  controlPlaneURL: ${controlPlaneUrl}`,
      '  auth:',
      '    iamIdentity: 6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b',
      '    audience: api://086bc555-6989-4362-ba30-fded273e432b/.default',
      'workloads:',
      '  serviceAccount:',
      `    name:${serviceAccount}`,
      '',
    ].join('\n');
  const analyze = (text: string) => analyzeDocument(text, { fileName: 'values.yaml' });
  const fixesOf = (text: string, code: string) =>
    fixesAt(analyze(text).findings, { start: 0, end: text.length }).filter(({ finding }) => finding.code === code);

  test('a templated value ({{ }}) is reported but never rewritten', () => {
    const text = values('"{{ .Values.controlPlane }}/"', ' anyscale-operator');
    assert.ok(
      analyze(text).findings.some((f) => f.code === 'values-control-plane-url-trailing-slash'),
      'the finding is gone',
    );
    assert.deepEqual(fixesOf(text, 'values-control-plane-url-trailing-slash'), []);
    assert.deepEqual(fixAllEdits(analyze(text).findings), []);
  });

  test('an alias is never rewritten with a literal', () => {
    const text = values('&url https://console.azure.anyscale.com', ' *url');
    const alias = text.indexOf('*url');
    for (const { fix } of fixesAt(analyze(text).findings, { start: 0, end: text.length })) {
      for (const edit of fix.edits)
        assert.ok(edit.end <= alias || edit.start >= alias + 4, `"${fix.title}" rewrites the alias *url`);
    }
  });

  test('a fix in a CRLF file changes the literal and nothing else', () => {
    const text = values('"https://console.azure.anyscale.com/"', ' anyscale-operator').replace(/\n/g, '\r\n');
    const [offered] = fixesOf(text, 'values-control-plane-url-trailing-slash');
    assert.ok(offered, 'no fix of the literal');
    assert.equal(applyEdits(text, offered.fix.edits), text.replace('anyscale.com/"', 'anyscale.com"'));
  });

  test('an anchored scalar keeps its anchor', () => {
    const text = values('&url "https://console.azure.anyscale.com/"', ' anyscale-operator');
    const [offered] = fixesOf(text, 'values-control-plane-url-trailing-slash');
    assert.ok(offered, 'no fix of the literal');
    assert.ok(
      applyEdits(text, offered.fix.edits).includes('controlPlaneURL: &url "https://console.azure.anyscale.com"\n'),
    );
  });

  for (const [written, expected] of [
    ['', '    name: anyscale-operator\n'],
    [' # the default account', '    name: anyscale-operator # the default account\n'],
    [' ~', '    name: anyscale-operator\n'],
    [' ""', '    name: "anyscale-operator"\n'],
  ]) {
    test(`an empty value (name:${written}) is filled in as its own scalar`, () => {
      const text = values('https://console.azure.anyscale.com', written);
      const [offered] = fixesOf(text, 'values-workload-service-account');
      assert.ok(offered, 'no fix');
      const fixed = applyEdits(text, offered.fix.edits);
      assert.ok(fixed.endsWith(expected), `got ${JSON.stringify(fixed.slice(fixed.lastIndexOf('serviceAccount')))}`);
      assert.ok(
        !analyze(fixed).findings.some((f) => f.code === 'values-workload-service-account'),
        'still reported after the fix',
      );
    });
  }
});

test('a parameter file value is a literal: its fix writes it verbatim, with no [[ escape', () => {
  const templateText = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters: { mode: { type: 'string', allowedValues: ['[preview]', 'stable'] } },
    resources: [],
  });
  const fileText = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
      contentVersion: '1.0.0.0',
      parameters: { mode: { value: '[previev]' } },
    },
    null,
    2,
  );
  const analysis = analyzeText(templateText, {
    parameterFiles: [{ uri: PARAMETER_FILE_URI, root: parseJson(fileText).root!, text: fileText }],
  });
  const inFile = findingsInParameterFile(analysis.findings, PARAMETER_FILE_URI, TEMPLATE_URI);
  const [offered] = fixesAt(inFile, { start: 0, end: fileText.length }).filter(
    ({ finding }) => finding.code === 'parameter-value-not-allowed',
  );
  assert.ok(offered, `no fix: ${JSON.stringify(inFile)}`);
  assert.ok(applyEdits(fileText, offered.fix.edits).includes('"value": "[preview]"'));
});

describe('valueFix, the one helper every value fix goes through', () => {
  const nodeOf = (json: string) => parseJson(json).root!;
  const fixed = (fix: ReturnType<typeof valueFix>) => fix?.edits.map((edit) => edit.newText);

  test('a template literal: `[[` reads as the `[` it escapes, and a replacement starting with `[` is written `[[`', () => {
    const node = nodeOf('"[[x"');
    assert.deepEqual(fixed(valueFix(literalValue(node) as KnownValue, '[y', 'Change')), ['"[[y"']);
    assert.equal(
      valueFix(known('[[x', node), '[y', 'Change'),
      undefined,
      'the value the rule saw is not what the literal says',
    );
  });

  test('a parameter file literal is written verbatim, and only its own value is replaced', () => {
    const node = nodeOf('"[x]"');
    const fix = valueFix(known('[x]', node, PARAMETER_FILE_URI), '[y]', 'Change');
    assert.deepEqual(fixed(fix), ['"[y]"']);
    assert.equal(fix?.uri, PARAMETER_FILE_URI);
  });

  test('an expression, an object, or a literal that is not the value seen gets no fix', () => {
    assert.equal(valueFix(known('a', nodeOf(`"[concat('a')]"`)), 'b', 'Change'), undefined);
    assert.equal(valueFix(known({ a: 1 }, nodeOf('{ "a": 1 }')), 'b', 'Change'), undefined);
    assert.equal(valueFix(known(6, nodeOf('5')), 'K8S', 'Change'), undefined);
    assert.deepEqual(fixed(valueFix(known(5, nodeOf('5')), 'K8S', 'Change')), ['"K8S"']);
    assert.deepEqual(fixed(valueFix(known(null, nodeOf('null')), 'westus2', 'Change')), ['"westus2"']);
  });

  test("a literal's type changes only in place: a parameter's default or file value keeps its declared type", () => {
    const literal = nodeOf('true');
    const usage = nodeOf(`"[parameters('enabled')]"`);
    assert.deepEqual(fixed(valueFix(known(true, literal), 'true', 'Write "true"')), ['"true"']);
    assert.equal(valueFix(known(true, literal, undefined, usage), 'true', 'Write "true"'), undefined);
    assert.equal(valueFix(known(true, literal, PARAMETER_FILE_URI, usage), 'true', 'Write "true"'), undefined);
    assert.deepEqual(fixed(valueFix(known(true, literal, undefined, usage), false, 'Write false')), ['false']);
  });
});
