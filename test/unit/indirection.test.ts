// Every ARM template rule fed through indirection (issue #3): for each fail fixture, one finding that sits on a
// literal property value is re-fed (a) through a parameter's defaultValue, (b) through a variable, (c) through a
// parameter file, and (d) with its cloud resource wrapped in a serial copy loop of count 1. Through (a)-(c) the same
// code must be reported where the value is written, pointing at where it is used; with (d) as often as without the
// loop. Pairs that cannot apply, known product gaps and rules with nothing to feed are listed below with the reason;
// a listed pair that starts working fails the test, so the lists stay honest.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { findNodeAtLocation } from 'jsonc-parser';
import { analyzeText } from '../../server/src/service/analyze';
import type { Analysis } from '../../server/src/service/types';
import type { ArmResource } from '../../server/src/service/arm/template';
import { CLOUD_RESOURCE_TYPE } from '../../server/src/service/catalog/anyscale';
import { equalsIgnoreCase, propertyValue, type JsonNode } from '../../server/src/service/json/nodes';
import { RULES } from '../../server/src/service/rules/registry';
import {
  casesOf,
  edit,
  nodeAt,
  pathOf,
  PARAMETER_FILE_URI,
  span,
  throughParameterDefault,
  throughParameterFile,
  throughVariable,
  where,
  type Case,
} from '../support/indirection';

type Variant = 'parameter default' | 'variable' | 'parameter file' | 'copy loop';
const VARIANTS: readonly Variant[] = ['parameter default', 'variable', 'parameter file', 'copy loop'];

/** Rules about expressions and suppressions themselves: indirection is what they check, not what they are fed. */
const ABOUT_EXPRESSIONS = /^(parameter|variable|expression|function|suppression)-/;

/** The variants that feed the literal through an expression (the copy loop keeps it in place). */
const THROUGH_EXPRESSIONS: readonly Variant[] = ['parameter default', 'variable', 'parameter file'];

/** Keys `<code>/<fixture>/<variant>`, with `*` for every fixture of the code. */
function listed(
  code: string,
  reason: string,
  fixtures: readonly string[] = ['*'],
  variants = THROUGH_EXPRESSIONS,
): Array<[string, string]> {
  return fixtures.flatMap((fixture) =>
    variants.map((variant): [string, string] => [`${code}/${fixture}/${variant}`, reason]),
  );
}

/**
 * Rule/variant pairs that legitimately do not apply, with why. The test fails when one of them works after all, so
 * the list stays honest.
 */
const DOES_NOT_APPLY: ReadonlyMap<string, string> = new Map<string, string>([
  ...listed(
    'required-property-missing',
    'the finding is anchored on the resource name; the fault is a missing property, not the name',
    ['fail-missing.json'],
  ),
  ...listed(
    'workload-property-missing',
    'the finding is anchored on the resource name; the fault is missing properties, not the name',
    ['fail-top-level.json'],
  ),
  ...listed(
    'cloud-resources-not-chained',
    'the finding is anchored on the resource name; the fault is the missing dependsOn, not the name',
  ),
  ...listed(
    'container-image-source',
    'the finding is anchored on the resource name; the fault is a missing property, not the name',
    ['fail-neither.json'],
  ),
  ...listed(
    'cloud-resource-not-deployed',
    'the finding is anchored on the resource name, to say which resource is not in Azure; a name from a parameter or variable is reported at its use',
  ),
  ...listed(
    'values-control-plane-url-not-azure',
    'the finding is anchored on extensionType because the setting is missing; the literal is not the fault',
    ['fail-extension.json'],
  ),
  ...listed(
    'operator-extension-plan-missing',
    'the finding is anchored on extensionType because the plan is missing; the literal is not the fault',
    ['fail-no-plan.json'],
  ),
]);

/**
 * Bugs this test found that are not fixed yet (none today): the pair fails today, and the test fails
 * once it works, so the entry goes with the fix.
 */
const KNOWN_GAPS: ReadonlyMap<string, string> = new Map<string, string>([]);

/** Rules none of whose ARM fail fixtures has a finding on a literal property value, so nothing here feeds them. */
const NOTHING_TO_FEED: ReadonlyMap<string, string> = new Map<string, string>([
  ...['api-version-preview', 'api-version-unknown'].map((code): [string, string] => [
    code,
    'reported on apiVersion, which ARM requires as a literal',
  ]),
  ...['service-not-on-primary', 'workspace-several-cloud-resources', 'zones-any-not-alone'].map(
    (code): [string, string] => [
      code,
      'reported on an array item (cloudResourceNames, zones): workloads.test.ts feeds whole arrays through a parameter, a variable and a parameter file',
    ],
  ),
  ['multi-line-string', 'about how a string is written (a line break between its quotes), not the value it holds'],
  ['ingress-application-gateway', 'reported on the resource type, which ARM requires as a literal'],
  ['template-limit-exceeded', 'about how many declarations a template has and its size, not a value it holds'],
  ...[
    'cloud-resource-copy-parallel',
    'egress-fqdns-not-allowed',
    'values-legacy-key',
    'values-unknown-key',
    'extension-scope-conflict',
    'extension-secret-in-settings',
  ].map((code): [string, string] => [code, 'reported on a property key']),
  ...[
    'values-value-not-allowed',
    'values-iam-identity-format',
    'values-auth-audience',
    'values-cli-token-missing',
    'values-deprecated-key',
    'values-aws-region-missing',
    'values-gateway-name-missing',
    'values-gateway-ip-and-hostname',
    'values-workload-service-account',
    'values-iam-identity-is-principal-id',
    'values-cloud-provider-mismatch',
    'values-cli-token-in-plain-text',
  ].map((code): [string, string] => [code, 'no ARM fail fixture: its fixtures are operator values YAML']),
]);

function listing(
  map: ReadonlyMap<string, string>,
  code: string,
  fixture: string,
  variant: Variant,
): string | undefined {
  return map.get(`${code}/${fixture}/${variant}`) ?? map.get(`${code}/*/${variant}`);
}

interface Variation {
  readonly text: string;
  readonly options: Case['options'];
  /** Why the variant failed, or undefined when the rule reported as it should. */
  readonly problem: (analysis: Analysis) => string | undefined;
}

/** Checks that the code is reported at `origin` (in `uri`), pointing at `usage` in the template. */
function reportedAt(
  c: Case,
  analysis: Analysis,
  origin: JsonNode | undefined,
  usage: JsonNode | undefined,
  uri?: string,
): string | undefined {
  if (!origin || !usage) return 'the variant could not be built';
  const ours = analysis.findings.filter((f) => f.code === c.code);
  const hit = ours.find((f) => f.uri === uri && f.start === origin.offset && f.end === origin.offset + origin.length);
  if (!hit)
    return `no ${c.code} at ${where({ ...span(origin), uri })}; found ${ours.map(where).join(', ') || 'none'}; others: ${analysis.findings.map((f) => f.code).join(', ')}`;
  const pointsAtUse = hit.related?.some(
    (r) => r.uri === undefined && r.start === usage.offset && r.end === usage.offset + usage.length,
  );
  if (!pointsAtUse)
    return `the finding does not point at the use ${where(span(usage))}: ${JSON.stringify(hit.related)}`;
  return undefined;
}

function parameterDefault(c: Case): Variation {
  const { text, origin, usage } = throughParameterDefault(c);
  return {
    text,
    options: c.options,
    problem: (analysis) => reportedAt(c, analysis, nodeAt(text, origin), nodeAt(text, usage)),
  };
}

function variable(c: Case): Variation {
  const { text, origin, usage } = throughVariable(c);
  return {
    text,
    options: c.options,
    problem: (analysis) => reportedAt(c, analysis, nodeAt(text, origin), nodeAt(text, usage)),
  };
}

function parameterFile(c: Case): Variation {
  const { text, fileText, fileRoot, origin: originPath, usage: usagePath } = throughParameterFile(c);
  return {
    text,
    options: { ...c.options, parameterFiles: [{ uri: PARAMETER_FILE_URI, root: fileRoot, text: fileText }] },
    problem: (analysis) => {
      const usage = nodeAt(text, usagePath);
      const origin = findNodeAtLocation(fileRoot, originPath);
      const inFile = reportedAt(c, analysis, origin, usage, PARAMETER_FILE_URI);
      if (inFile) return inFile;
      // The template's reader also sees it where the value enters, with a link back to the parameter file.
      const mirrored = analysis.findings.some(
        (f) =>
          f.code === c.code &&
          f.uri === undefined &&
          f.start === usage!.offset &&
          f.end === usage!.offset + usage!.length &&
          f.related?.some((r) => r.uri === PARAMETER_FILE_URI && r.start === origin!.offset),
      );
      return mirrored ? undefined : `no ${c.code} at the use ${where(span(usage!))} pointing at the parameter file`;
    },
  };
}

/** The cloud resource around the literal, when a copy loop can wrap it (top level: ARM rejects copy on child resources). */
function loopable(c: Case): ArmResource | undefined {
  const resource = c.resource;
  if (resource.parent || !equalsIgnoreCase(resource.type ?? '', CLOUD_RESOURCE_TYPE)) return undefined;
  return propertyValue(resource.node, 'copy') ? undefined : resource;
}

function copyLoop(c: Case, resource: ArmResource): Variation {
  const text = edit(c.text, [...pathOf(resource.node), 'copy'], {
    name: 'loop',
    count: 1,
    mode: 'serial',
    batchSize: 1,
  });
  return {
    text,
    options: c.options,
    problem: (analysis) => {
      const before = c.original.length;
      const after = analysis.findings.filter((f) => f.code === c.code).length;
      if (after !== before) return `${c.code} reported ${after} times, ${before} without the loop`;
      const copies = analysis.findings.filter((f) => f.code === 'cloud-resource-copy-parallel');
      return copies.length > 0 ? `a serial batchSize 1 loop is reported as parallel` : undefined;
    },
  };
}

function variationOf(c: Case, variant: Variant): Variation | undefined {
  if (variant === 'parameter default') return parameterDefault(c);
  if (variant === 'variable') return variable(c);
  if (variant === 'parameter file') return parameterFile(c);
  const resource = loopable(c);
  return resource && copyLoop(c, resource);
}

const templateRules = RULES.filter((rule) => rule.appliesTo === 'armTemplate' && !ABOUT_EXPRESSIONS.test(rule.code));
/** Which (code, variant) pairs ran at least once, and which list entries matched a run, for the checks at the end. */
const exercised = new Set<string>();
const usedListings = new Set<string>();

for (const rule of templateRules) {
  describe(`indirection: ${rule.code}`, () => {
    for (const c of casesOf(rule.code)) {
      for (const variant of VARIANTS) {
        const variation = variationOf(c, variant);
        if (!variation) continue;
        const pair = `${c.code}/${c.fixture}/${variant}`;
        exercised.add(`${c.code}/${variant}`);
        const notApplicable = listing(DOES_NOT_APPLY, c.code, c.fixture, variant);
        const gap = listing(KNOWN_GAPS, c.code, c.fixture, variant);
        for (const key of [`${c.code}/${c.fixture}/${variant}`, `${c.code}/*/${variant}`])
          if (DOES_NOT_APPLY.has(key) || KNOWN_GAPS.has(key)) usedListings.add(key);
        const reason = notApplicable ?? gap;
        const label = notApplicable ? ' (does not apply)' : gap ? ' (known gap)' : '';
        test(`${c.fixture} "${c.propertyName}": ${JSON.stringify(c.literal)} through a ${variant}${label}`, () => {
          const analysis = analyzeText(variation.text, variation.options);
          assert.deepEqual(analysis.syntaxErrors, [], 'the variant is valid JSON');
          const problem = variation.problem(analysis);
          if (reason)
            assert.ok(
              problem !== undefined,
              `${pair} is listed as not working (${reason}) but works: remove it from its list`,
            );
          else assert.equal(problem, undefined, problem);
          // A finding anchored on the literal (not caused by it) must still be reported, as often as before.
          if (notApplicable)
            assert.equal(
              analysis.findings.filter((f) => f.code === c.code && f.uri === undefined).length,
              c.original.length,
              `${c.code} is no longer reported as often`,
            );
        });
      }
    }
  });
}

test('every rule is fed through a parameter default, a variable and a parameter file, or says why not', () => {
  for (const rule of templateRules) {
    const fed = THROUGH_EXPRESSIONS.every((variant) => exercised.has(`${rule.code}/${variant}`));
    if (NOTHING_TO_FEED.has(rule.code)) assert.ok(!fed, `${rule.code} is fed now: drop it from NOTHING_TO_FEED`);
    else
      assert.ok(
        fed,
        `no fail fixture of ${rule.code} has a finding on a literal property value: add one, or list it in NOTHING_TO_FEED`,
      );
  }
});

test('every allow-list and known-gap entry matches a rule, a variant and a run', () => {
  const codes = new Set(templateRules.map((r) => r.code));
  for (const code of NOTHING_TO_FEED.keys()) assert.ok(codes.has(code), code);
  for (const key of [...DOES_NOT_APPLY.keys(), ...KNOWN_GAPS.keys()])
    assert.ok(usedListings.has(key), `${key} matched no run: drop it`);
});
