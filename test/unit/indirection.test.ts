// Every ARM template rule fed through indirection (issue #3): for each fail fixture, one finding that sits on a
// literal property value is re-fed (a) through a parameter's defaultValue, (b) through a variable, (c) through a
// parameter file, and (d) with its cloud resource wrapped in a serial copy loop of count 1. Through (a)-(c) the same
// code must be reported where the value is written, pointing at where it is used; with (d) as often as without the
// loop. Pairs that cannot apply, known product gaps and rules with nothing to feed are listed below with the reason;
// a listed pair that starts working fails the test, so the lists stay honest.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits, findNodeAtLocation, getNodePath, getNodeValue, modify, type JSONPath } from 'jsonc-parser';
import { analyzeText, parseJson, type Analysis, type AnalysisOptions } from '../../server/src/service/analyze';
import type { ArmResource, TemplateScope } from '../../server/src/service/arm/template';
import { effectiveScope } from '../../server/src/service/arm/expressions/scopes';
import { CLOUD_RESOURCE_TYPE } from '../../server/src/service/catalog/anyscale';
import { equalsIgnoreCase, propertyValue, type JsonNode } from '../../server/src/service/json/nodes';
import { isExpression } from '../../server/src/service/arm/value';
import type { Finding } from '../../server/src/service/rules/rule';
import { RULES } from '../../server/src/service/rules/registry';
import { FIXTURES } from '../support/paths';

type Variant = 'parameter default' | 'variable' | 'parameter file' | 'copy loop';
const VARIANTS: readonly Variant[] = ['parameter default', 'variable', 'parameter file', 'copy loop'];

/** Rules about expressions and suppressions themselves: indirection is what they check, not what they are fed. */
const ABOUT_EXPRESSIONS = /^(parameter|variable|expression|function|suppression)-/;

/** The variants that feed the literal through an expression (the copy loop keeps it in place). */
const THROUGH_EXPRESSIONS: readonly Variant[] = ['parameter default', 'variable', 'parameter file'];

/** Keys `<code>/<fixture>/<variant>`, with `*` for every fixture of the code. */
function listed(code: string, reason: string, fixtures: readonly string[] = ['*'], variants = THROUGH_EXPRESSIONS): Array<[string, string]> {
  return fixtures.flatMap((fixture) => variants.map((variant): [string, string] => [`${code}/${fixture}/${variant}`, reason]));
}

/**
 * Rule/variant pairs that legitimately do not apply, with why. The test fails when one of them works after all, so
 * the list stays honest.
 */
const DOES_NOT_APPLY: ReadonlyMap<string, string> = new Map<string, string>([
  ...listed('required-property-missing', 'the finding is anchored on the resource name; the fault is a missing property, not the name', ['fail-missing.json']),
  ...listed('cloud-resources-not-chained', 'the finding is anchored on the resource name; the fault is the missing dependsOn, not the name'),
  ...listed('values-control-plane-url-not-azure', 'the finding is anchored on extensionType because the setting is missing; the literal is not the fault'),
]);

/**
 * Bugs this test found that are not fixed yet (none today): the pair fails today, and the test fails
 * once it works, so the entry goes with the fix.
 */
const KNOWN_GAPS: ReadonlyMap<string, string> = new Map<string, string>([]);

/** Rules none of whose ARM fail fixtures has a finding on a literal property value, so nothing here feeds them. */
const NOTHING_TO_FEED: ReadonlyMap<string, string> = new Map<string, string>([
  ...['api-version-preview', 'api-version-unknown'].map((code): [string, string] => [code, 'reported on apiVersion, which ARM requires as a literal']),
  ['multi-line-string', 'about how a string is written (a line break between its quotes), not the value it holds'],
  ...['cloud-resource-copy-parallel', 'egress-fqdns-not-allowed', 'values-legacy-key', 'values-unknown-key', 'values-cli-token-in-plain-text'].map((code): [string, string] => [code, 'reported on a property key']),
  ...[
    'values-value-not-allowed', 'values-iam-identity-format', 'values-auth-audience', 'values-cli-token-missing', 'values-deprecated-key', 'values-aws-region-missing',
    'values-gateway-name-missing', 'values-gateway-ip-and-hostname', 'values-workload-service-account', 'values-iam-identity-is-principal-id', 'values-cloud-provider-mismatch',
  ].map((code): [string, string] => [code, 'no ARM fail fixture: its fixtures are operator values YAML']),
]);

function listing(map: ReadonlyMap<string, string>, code: string, fixture: string, variant: Variant): string | undefined {
  return map.get(`${code}/${fixture}/${variant}`) ?? map.get(`${code}/*/${variant}`);
}

const NAME = 'indirect0';
const PARAMETER_FILE_URI = 'file:///indirection/template.parameters.json';
const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
/** Properties ARM requires as literals, or that shape the deployment: they cannot be fed through expressions. */
const MUST_BE_LITERAL = new Set(['type', 'apiversion', 'copy', 'dependson', 'resources']);

interface Case {
  readonly code: string;
  readonly fixture: string;
  readonly text: string;
  readonly original: Finding[];
  /** The path of the literal the finding sits on. */
  readonly valuePath: JSONPath;
  readonly literal: unknown;
  readonly propertyName: string;
  /** The template scope whose parameters() and variables() the literal's expressions would resolve in. */
  readonly scope: TemplateScope;
  readonly resource: ArmResource;
}

const pathOf = (node: JsonNode): JSONPath => getNodePath(node);
const span = (node: JsonNode) => ({ start: node.offset, end: node.offset + node.length });
const where = (f: { start: number; end: number; uri?: string }) => `${f.uri ?? 'template'}@${f.start}-${f.end}`;

/** The innermost resource declared around a node. */
function resourceAround(resources: readonly ArmResource[], node: JsonNode): ArmResource | undefined {
  let best: ArmResource | undefined;
  for (const resource of resources) {
    const { offset, length } = resource.node;
    if (node.offset >= offset && node.offset + node.length <= offset + length && (!best || offset >= best.node.offset)) best = resource;
  }
  return best;
}

/** The literal property value a finding sits on exactly, when it can be fed through an expression. */
function literalUnder(root: JsonNode, finding: Finding): JsonNode | undefined {
  if (finding.uri !== undefined) return undefined;
  let node: JsonNode | undefined = root;
  // Descend to the deepest node that covers the range, then require an exact match.
  for (;;) {
    const child: JsonNode | undefined = node.children?.find((c) => c.offset <= finding.start && finding.end <= c.offset + c.length);
    if (!child) break;
    node = child;
  }
  if (node.offset !== finding.start || node.length !== finding.end - finding.start) return undefined;
  if (node.type === 'null' || node.type === 'property' || containsExpression(node)) return undefined;
  const property = node.parent;
  if (property?.type !== 'property' || property.children?.[1] !== node) return undefined;
  if (MUST_BE_LITERAL.has(String(property.children[0].value).toLowerCase())) return undefined;
  if (node.type === 'number' && !Number.isInteger(node.value)) return undefined;
  return node;
}

/** True when a value holds an expression string (or an escaped `[[`): moving it would change what it means. */
function containsExpression(node: JsonNode): boolean {
  if (node.type === 'string') return isExpression(node.value) || String(node.value).startsWith('[[');
  const values = node.type === 'object' ? (node.children ?? []).map((property) => property.children?.[1]) : (node.children ?? []);
  return values.some((value) => value !== undefined && containsExpression(value));
}

function casesOf(code: string): Case[] {
  const dir = path.join(FIXTURES, 'rules', code);
  if (!fs.existsSync(dir)) return [];
  const cases: Case[] = [];
  for (const fixture of fs.readdirSync(dir).filter((f) => f.startsWith('fail') && f.endsWith('.json')).sort()) {
    const text = fs.readFileSync(path.join(dir, fixture), 'utf8');
    const analysis = analyzeText(text);
    if (analysis.kind !== 'armTemplate' || !analysis.template) continue;
    const original = analysis.findings.filter((f) => f.code === code);
    const root = analysis.template.root;
    // One finding per fixture keeps the run short; the first one that sits on a literal property value.
    for (const finding of original) {
      const node = literalUnder(root, finding);
      if (!node) continue;
      const resource = resourceAround(analysis.template.resources, node);
      // A literal outside any resource (a parameter's own defaultValue) is already indirection.
      if (!resource) continue;
      const scope = effectiveScope(resource.scope);
      cases.push({ code, fixture, text, original, valuePath: pathOf(node), literal: getNodeValue(node), propertyName: String(node.parent!.children![0].value), scope, resource });
      break;
    }
  }
  return cases;
}

function edit(text: string, at: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, at, value, FORMAT));
}

function armType(literal: Case['literal']): string {
  if (Array.isArray(literal)) return 'array';
  return typeof literal === 'string' ? 'string' : typeof literal === 'number' ? 'int' : typeof literal === 'boolean' ? 'bool' : 'object';
}

interface Variation {
  readonly text: string;
  readonly options: AnalysisOptions;
  /** Why the variant failed, or undefined when the rule reported as it should. */
  readonly problem: (analysis: Analysis, parameterFileText?: string) => string | undefined;
}

/** The node at a path in a text. */
function nodeAt(text: string, at: JSONPath): JsonNode | undefined {
  const root = parseJson(text).root;
  return root && findNodeAtLocation(root, at);
}

/** Checks that the code is reported at `origin` (in `uri`), pointing at `usage` in the template. */
function reportedAt(c: Case, analysis: Analysis, origin: JsonNode | undefined, usage: JsonNode | undefined, uri?: string): string | undefined {
  if (!origin || !usage) return 'the variant could not be built';
  const ours = analysis.findings.filter((f) => f.code === c.code);
  const hit = ours.find((f) => f.uri === uri && f.start === origin.offset && f.end === origin.offset + origin.length);
  if (!hit) return `no ${c.code} at ${where({ ...span(origin), uri })}; found ${ours.map(where).join(', ') || 'none'}; others: ${analysis.findings.map((f) => f.code).join(', ')}`;
  const pointsAtUse = hit.related?.some((r) => r.uri === undefined && r.start === usage.offset && r.end === usage.offset + usage.length);
  if (!pointsAtUse) return `the finding does not point at the use ${where(span(usage))}: ${JSON.stringify(hit.related)}`;
  return undefined;
}

function parameterDefault(c: Case): Variation {
  const scopePath = pathOf(c.scope.node);
  let text = edit(c.text, c.valuePath, `[parameters('${NAME}')]`);
  text = edit(text, [...scopePath, 'parameters', NAME], { type: armType(c.literal), defaultValue: c.literal });
  return {
    text,
    options: {},
    problem: (analysis) => reportedAt(c, analysis, nodeAt(text, [...scopePath, 'parameters', NAME, 'defaultValue']), nodeAt(text, c.valuePath)),
  };
}

function variable(c: Case): Variation {
  const scopePath = pathOf(c.scope.node);
  let text = edit(c.text, c.valuePath, `[variables('${NAME}')]`);
  text = edit(text, [...scopePath, 'variables', NAME], c.literal);
  return {
    text,
    options: {},
    problem: (analysis) => reportedAt(c, analysis, nodeAt(text, [...scopePath, 'variables', NAME]), nodeAt(text, c.valuePath)),
  };
}

/**
 * Declares the parameter without a default in the literal's scope and, for an inner-scoped nested deployment,
 * passes it down from the enclosing scope through the deployment's `parameters`, up to the root.
 */
function declareFromFile(text: string, scope: TemplateScope): string {
  let result = edit(text, [...pathOf(scope.node), 'parameters', NAME], { type: 'placeholder' });
  if (scope.deployment) {
    result = edit(result, [...pathOf(scope.deployment.node), 'properties', 'parameters', NAME], { value: `[parameters('${NAME}')]` });
    result = declareFromFile(result, effectiveScope(scope.deployment.scope));
  }
  return result;
}

function parameterFile(c: Case): Variation {
  let text = edit(c.text, c.valuePath, `[parameters('${NAME}')]`);
  text = declareFromFile(text, c.scope).replaceAll('"placeholder"', JSON.stringify(armType(c.literal)));
  const fileText = JSON.stringify(
    { $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#', contentVersion: '1.0.0.0', parameters: { [NAME]: { value: c.literal } } },
    null,
    2,
  );
  const fileRoot = parseJson(fileText).root!;
  return {
    text,
    options: { parameterFiles: [{ uri: PARAMETER_FILE_URI, root: fileRoot, text: fileText }] },
    problem: (analysis) => {
      const usage = nodeAt(text, c.valuePath);
      const origin = findNodeAtLocation(fileRoot, ['parameters', NAME, 'value']);
      const inFile = reportedAt(c, analysis, origin, usage, PARAMETER_FILE_URI);
      if (inFile) return inFile;
      // The template's reader also sees it where the value enters, with a link back to the parameter file.
      const mirrored = analysis.findings.some(
        (f) => f.code === c.code && f.uri === undefined && f.start === usage!.offset && f.end === usage!.offset + usage!.length && f.related?.some((r) => r.uri === PARAMETER_FILE_URI && r.start === origin!.offset),
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
  const text = edit(c.text, [...pathOf(resource.node), 'copy'], { name: 'loop', count: 1, mode: 'serial', batchSize: 1 });
  return {
    text,
    options: {},
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
        for (const key of [`${c.code}/${c.fixture}/${variant}`, `${c.code}/*/${variant}`]) if (DOES_NOT_APPLY.has(key) || KNOWN_GAPS.has(key)) usedListings.add(key);
        const reason = notApplicable ?? gap;
        const label = notApplicable ? ' (does not apply)' : gap ? ' (known gap)' : '';
        test(`${c.fixture} "${c.propertyName}": ${JSON.stringify(c.literal)} through a ${variant}${label}`, () => {
          const analysis = analyzeText(variation.text, variation.options);
          assert.deepEqual(analysis.syntaxErrors, [], 'the variant is valid JSON');
          const problem = variation.problem(analysis);
          if (reason) assert.ok(problem !== undefined, `${pair} is listed as not working (${reason}) but works: remove it from its list`);
          else assert.equal(problem, undefined, problem);
          // A finding anchored on the literal (not caused by it) must still be reported, as often as before.
          if (notApplicable) assert.equal(analysis.findings.filter((f) => f.code === c.code && f.uri === undefined).length, c.original.length, `${c.code} is no longer reported as often`);
        });
      }
    }
  });
}

test('every rule is fed through a parameter default, a variable and a parameter file, or says why not', () => {
  for (const rule of templateRules) {
    const fed = THROUGH_EXPRESSIONS.every((variant) => exercised.has(`${rule.code}/${variant}`));
    if (NOTHING_TO_FEED.has(rule.code)) assert.ok(!fed, `${rule.code} is fed now: drop it from NOTHING_TO_FEED`);
    else assert.ok(fed, `no fail fixture of ${rule.code} has a finding on a literal property value: add one, or list it in NOTHING_TO_FEED`);
  }
});

test('every allow-list and known-gap entry matches a rule, a variant and a run', () => {
  const codes = new Set(templateRules.map((r) => r.code));
  for (const code of NOTHING_TO_FEED.keys()) assert.ok(codes.has(code), code);
  for (const key of [...DOES_NOT_APPLY.keys(), ...KNOWN_GAPS.keys()]) assert.ok(usedListings.has(key), `${key} matched no run: drop it`);
});
