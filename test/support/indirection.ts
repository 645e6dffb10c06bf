// Feeding a rule's failing value through indirection, shared by the tests that check rules and fixes see through it
// (indirection.test.ts, fixSafety.test.ts): the fail fixtures' findings that sit on a literal property value, and the
// fixture rewritten so that the value comes from a parameter's default, a variable or a parameter file instead. A
// fixture folder's `deployed.json` (what "Connect to Azure" listed) is fed to the analyses, as test/unit/rules.test.ts does.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits, findNodeAtLocation, getNodePath, getNodeValue, modify, type JSONPath } from 'jsonc-parser';
import { analyzeText, parseJson } from '../../server/src/service/analyze';
import type { AnalysisOptions, Finding, WorkspaceOptions } from '../../server/src/service/types';
import { readDeployed } from '../../server/src/service/azure/deployed';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import type { ArmResource, TemplateScope } from '../../server/src/service/arm/template';
import { effectiveScope } from '../../server/src/service/arm/expressions/scopes';
import type { JsonNode } from '../../server/src/service/json/nodes';
import { isExpression } from '../../server/src/service/arm/value';
import { FIXTURES } from './paths';

/** The name of the parameter or variable the value is moved into. */
export const NAME = 'indirect0';
export const PARAMETER_FILE_URI = 'file:///indirection/template.parameters.json';
const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
/** Properties ARM requires as literals, or that shape the deployment: they cannot be fed through expressions. */
const MUST_BE_LITERAL = new Set(['type', 'apiversion', 'copy', 'dependson', 'resources']);

export interface Case {
  readonly code: string;
  readonly fixture: string;
  readonly text: string;
  /** The fixture's findings of the code. */
  readonly original: Finding[];
  /** The finding on the literal. */
  readonly finding: Finding;
  /** The path of the literal the finding sits on. */
  readonly valuePath: JSONPath;
  readonly literal: unknown;
  readonly propertyName: string;
  /** The template scope whose parameters() and variables() the literal's expressions would resolve in. */
  readonly scope: TemplateScope;
  readonly resource: ArmResource;
  /** What the fixture is analysed with, and every variant too: the deployed listing of its folder, if any. */
  readonly options: AnalysisOptions & WorkspaceOptions;
}

export const pathOf = (node: JsonNode): JSONPath => getNodePath(node);
export const span = (node: JsonNode) => ({ start: node.offset, end: node.offset + node.length });
export const where = (f: { start: number; end: number; uri?: string }) => `${f.uri ?? 'template'}@${f.start}-${f.end}`;

/** The innermost resource declared around a node. */
function resourceAround(resources: readonly ArmResource[], node: JsonNode): ArmResource | undefined {
  let best: ArmResource | undefined;
  for (const resource of resources) {
    const { offset, length } = resource.node;
    if (node.offset >= offset && node.offset + node.length <= offset + length && (!best || offset >= best.node.offset))
      best = resource;
  }
  return best;
}

/** True when a value holds an expression string (or an escaped `[[`): moving it would change what it means. */
function containsExpression(node: JsonNode): boolean {
  if (node.type === 'string') return isExpression(node.value) || String(node.value).startsWith('[[');
  const values =
    node.type === 'object' ? (node.children ?? []).map((property) => property.children?.[1]) : (node.children ?? []);
  return values.some((value) => value !== undefined && containsExpression(value));
}

/** The literal property value a finding sits on exactly, when it can be fed through an expression. */
function literalUnder(root: JsonNode, finding: Finding): JsonNode | undefined {
  if (finding.uri !== undefined) return undefined;
  let node: JsonNode | undefined = root;
  // Descend to the deepest node that covers the range, then require an exact match.
  for (;;) {
    const child: JsonNode | undefined = node.children?.find(
      (c) => c.offset <= finding.start && finding.end <= c.offset + c.length,
    );
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

/**
 * One case per ARM fail fixture of the code: its first finding that `wanted` accepts and that sits on a literal
 * property value inside a resource (a literal outside any resource, a parameter's own default, is already indirection).
 */
export function casesOf(code: string, wanted: (finding: Finding) => boolean = () => true): Case[] {
  const dir = path.join(FIXTURES, 'rules', code);
  if (!fs.existsSync(dir)) return [];
  const options = deployedOptions(dir);
  const cases: Case[] = [];
  for (const fixture of fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('fail') && f.endsWith('.json'))
    .sort()) {
    const text = fs.readFileSync(path.join(dir, fixture), 'utf8');
    const analysis = analyzeText(text, options);
    if (analysis.kind !== 'armTemplate' || !analysis.template) continue;
    const original = analysis.findings.filter((f) => f.code === code);
    const root = analysis.template.root;
    for (const finding of original.filter(wanted)) {
      const node = literalUnder(root, finding);
      if (!node) continue;
      const resource = resourceAround(analysis.template.resources, node);
      if (!resource) continue;
      const scope = effectiveScope(resource.scope);
      cases.push({
        code,
        fixture,
        text,
        original,
        finding,
        valuePath: pathOf(node),
        literal: getNodeValue(node),
        propertyName: String(node.parent!.children![0].value),
        scope,
        resource,
        options,
      });
      break;
    }
  }
  return cases;
}

/** A workspace holding the fixture folder's `deployed.json` listing, or no options when it has none. */
function deployedOptions(dir: string): AnalysisOptions & WorkspaceOptions {
  const file = path.join(dir, 'deployed.json');
  if (!fs.existsSync(file)) return {};
  const read = readDeployed(JSON.parse(fs.readFileSync(file, 'utf8')));
  if ('problem' in read) throw new Error(`${file}: ${read.problem}`);
  const workspace = new WorkspaceIndex();
  workspace.deployed = read.index;
  return { workspace };
}

/** The text with the value at a path set (added when absent), formatted as the fixtures are. */
export function edit(text: string, at: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, at, value, FORMAT));
}

/** The ARM parameter type of a JSON value. */
export function armType(literal: unknown): string {
  if (Array.isArray(literal)) return 'array';
  return typeof literal === 'string'
    ? 'string'
    : typeof literal === 'number'
      ? 'int'
      : typeof literal === 'boolean'
        ? 'bool'
        : 'object';
}

/** The node at a path in a text. */
export function nodeAt(text: string, at: JSONPath): JsonNode | undefined {
  const root = parseJson(text).root;
  return root && findNodeAtLocation(root, at);
}

/** A rewritten fixture: where the value is now written (`origin`) and where it is used (`usage`, the old literal's place). */
export interface Indirection {
  readonly text: string;
  readonly origin: JSONPath;
  readonly usage: JSONPath;
}

/** The literal replaced by `[parameters('indirect0')]`, a parameter of the literal's scope whose default is `defaultValue`. */
export function throughParameterDefault(c: Case, defaultValue: unknown = c.literal): Indirection {
  const scopePath = pathOf(c.scope.node);
  const text = edit(edit(c.text, c.valuePath, `[parameters('${NAME}')]`), [...scopePath, 'parameters', NAME], {
    type: armType(c.literal),
    defaultValue,
  });
  return { text, origin: [...scopePath, 'parameters', NAME, 'defaultValue'], usage: c.valuePath };
}

/** The literal replaced by `[variables('indirect0')]`, a variable of the literal's scope whose value is `value`. */
export function throughVariable(c: Case, value: unknown = c.literal): Indirection {
  const scopePath = pathOf(c.scope.node);
  const text = edit(edit(c.text, c.valuePath, `[variables('${NAME}')]`), [...scopePath, 'variables', NAME], value);
  return { text, origin: [...scopePath, 'variables', NAME], usage: c.valuePath };
}

/**
 * Declares the parameter without a default in the literal's scope and, for an inner-scoped nested deployment,
 * passes it down from the enclosing scope through the deployment's `parameters`, up to the root.
 */
function declareFromFile(text: string, scope: TemplateScope): string {
  let result = edit(text, [...pathOf(scope.node), 'parameters', NAME], { type: 'placeholder' });
  if (scope.deployment) {
    result = edit(result, [...pathOf(scope.deployment.node), 'properties', 'parameters', NAME], {
      value: `[parameters('${NAME}')]`,
    });
    result = declareFromFile(result, effectiveScope(scope.deployment.scope));
  }
  return result;
}

/** The literal replaced by `[parameters('indirect0')]`, whose value a parameter file (PARAMETER_FILE_URI) gives. */
export function throughParameterFile(
  c: Case,
): Indirection & { readonly fileText: string; readonly fileRoot: JsonNode } {
  const text = declareFromFile(edit(c.text, c.valuePath, `[parameters('${NAME}')]`), c.scope).replaceAll(
    '"placeholder"',
    JSON.stringify(armType(c.literal)),
  );
  const fileText = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
      contentVersion: '1.0.0.0',
      parameters: { [NAME]: { value: c.literal } },
    },
    null,
    2,
  );
  return {
    text,
    fileText,
    fileRoot: parseJson(fileText).root!,
    origin: ['parameters', NAME, 'value'],
    usage: c.valuePath,
  };
}
