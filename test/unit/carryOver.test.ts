// The expression table carried over an edit (server/src/service/arm/expressions/carryOver.ts) against a table built
// afresh: thousands of seeded-random edits of a template with every kind of scope and declaration the table reads
// (inner- and outer-scoped nested templates, user-defined functions, a variable copy loop, literal-only sections),
// each analysed from the version before it, must give the very table — sites, their scopes and owners, references
// and what they resolve to, argument problems — and findings a fresh analysis of the edited text gives. Edits in
// literals, also beside expressions, must carry the table; edits that change what it reads must not.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';
import type { Analysis } from '../../server/src/service/types';
import type { ArmTemplate } from '../../server/src/service/arm/template';
import type { JsonNode } from '../../server/src/service/json/nodes';
import { fromTable, templateExpressions } from '../../server/src/service/arm/expressions/references';
import { memoKey } from '../../server/src/service/memo';
import { random } from '../support/random';
import { leavesStringOpen } from '../support/openString';

const TEMPLATE = JSON.stringify(
  {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    metadata: { note: "[parameters('notRead')]" },
    parameters: {
      location: { type: 'string', defaultValue: '[resourceGroup().location]' },
      prefix: { type: 'string', defaultValue: 'ray', metadata: { description: 'A literal description' } },
      count: { type: 'int', defaultValue: 2 },
      unusedHere: { type: 'string' },
    },
    functions: [
      {
        namespace: 'ours',
        members: {
          named: {
            parameters: [{ name: 'suffix', type: 'string' }],
            output: { type: 'string', value: "[concat('x-', parameters('suffix'))]" },
          },
        },
      },
    ],
    variables: {
      plain: { literal: 'value', other: 'one' },
      list: ['a literal item', "[parameters('prefix')]"],
      name: "[concat(parameters('prefix'), '-cloud')]",
      chained: "[concat(variables('name'), '-', ours.named('a'))]",
      copy: [{ name: 'disks', count: "[parameters('count')]", input: "[concat('disk', copyIndex('disks'))]" }],
      around: "[variables('about')]",
      about: "[concat(variables('around'), parameters('notDeclared'), variables('notDeclaredEither'))]",
    },
    resources: [
      {
        type: 'Anyscale.Platform/clouds',
        apiVersion: '2024-01-01',
        name: "[variables('name')]",
        location: "[parameters('location')]",
        tags: { team: 'ray', stage: 'test', cloud: "[variables('name')]" },
        properties: { description: 'literal', region: "[parameters('location')]" },
      },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'inner',
        properties: {
          mode: 'Incremental',
          expressionEvaluationOptions: { scope: 'inner' },
          template: {
            $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
            contentVersion: '1.0.0.0',
            functions: [
              {
                namespace: 'inner',
                members: {
                  twice: {
                    parameters: [{ name: 'word', type: 'string' }],
                    output: { type: 'string', value: "[concat(parameters('word'), parameters('word'))]" },
                  },
                },
              },
            ],
            parameters: { area: { type: 'string', defaultValue: 'uksouth' }, spare: { type: 'string' } },
            // An expression that does not parse: any of this scope's names may be used (none reported unused).
            variables: { literalOnly: { a: 'b' }, onlyLiteral: 'x', broken: "[concat('a']" },
            resources: [
              {
                type: 'Microsoft.Storage/storageAccounts',
                apiVersion: '2023-01-01',
                name: "[concat(variables('onlyLiteral'), toLower(parameters('area')))]",
                tags: { owner: 'platform' },
              },
            ],
            outputs: { fixed: { type: 'string', value: 'literal' }, other: { type: 'int', value: 3 } },
          },
        },
      },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'outer',
        properties: {
          mode: 'Incremental',
          expressionEvaluationOptions: { scope: 'outer' },
          template: {
            $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
            contentVersion: '1.0.0.0',
            resources: [
              { type: 'Microsoft.Network/publicIPAddresses', apiVersion: '2023-01-01', name: "[variables('name')]" },
            ],
          },
        },
      },
      {
        type: 'Microsoft.Resources/Deployments',
        apiVersion: '2022-09-01',
        name: 'noExpressions',
        properties: { mode: 'Incremental', template: { contentVersion: '1.0.0.0', resources: [] } },
      },
    ],
    outputs: {
      cloud: { type: 'string', value: "[variables('chained')]" },
      note: { type: 'string', value: 'a literal output' },
      substr: { type: 'string', value: "[substring('abc')]" },
    },
  },
  null,
  2,
);

const PIECES = ['a', 'Z', '0', ' ', "'", '[', ']', '(', ')', ',', '"', ':', '{', '}', '.', '\n', 'inner', 'outer'];

/** The table as plain data: everything its readers read, scopes as their place in the template. */
function table(template: ArmTemplate): unknown {
  const expressions = templateExpressions(template);
  const scope = (s: unknown) => template.scopes.indexOf(s as never);
  const { references } = expressions;
  return {
    sites: expressions.sites.map((site) => [
      site.index,
      site.node.offset,
      site.node.length,
      site.node.value,
      scope(site.scope),
      scope(site.declaredIn),
      site.owner?.kind,
      site.owner?.name,
      site.ownerNumber,
      site.error?.message,
      site.firstReference,
      site.endReference,
      site.root,
      [...(site.functionParameters ?? [])].join(),
      expressions.siteOf(site.node)?.index,
    ]),
    declarations: expressions.declarations.map((declaration, i) => [
      declaration.kind,
      declaration.name,
      scope(declaration.scope),
      declaration.copyLoop,
      declaration.node.offset,
      declaration.nameNode.offset,
      expressions.variableSite(i)?.index,
      expressions.resolve(declaration.scope, declaration.kind, declaration.name),
    ]),
    references: Array.from({ length: references.count }, (_, i) => [
      references.site(i),
      references.target(i),
      expressions.referenceAt(i),
    ]),
    problems: expressions.argumentProblems.map((problem) => [
      problem.site.index,
      problem.start,
      problem.end,
      problem.message,
    ]),
  };
}

/** Every node of the tree, in order, with its place, value and parent's place (a spliced tree must be a fresh one). */
function nodes(root: JsonNode | undefined): unknown[] {
  const found: unknown[] = [];
  const visit = (node: JsonNode) => {
    found.push([node.type, node.offset, node.length, node.value, node.parent?.offset]);
    node.children?.forEach(visit);
  };
  if (root) visit(root);
  return found;
}

function plain(analysis: Analysis): unknown {
  return {
    tree: nodes(analysis.template?.root),
    table: analysis.template ? table(analysis.template) : undefined,
    findings: analysis.findings.map(({ code, start, end, message }) => [code, start, end, message]),
    syntaxErrors: analysis.syntaxErrors,
  };
}

/** Analyses `text` from the analysis of the version before it, building that one's table first (as the rules do). */
function analyseAfter(previous: Analysis, text: string): Analysis {
  if (previous.template) templateExpressions(previous.template);
  return analyzeText(text, { previous });
}

test('thousands of seeded-random edits: a carried table is the table a fresh analysis builds', () => {
  const next = random(20261203);
  let text = TEMPLATE;
  let analysis = analyzeText(text);
  let carried = 0;
  let openStrings = 0;
  for (let edit = 0; edit < 2000; edit++) {
    if (edit % 20 === 0) {
      text = TEMPLATE;
      analysis = analyzeText(text);
    }
    const at = next(text.length + 1);
    // Half are a letter typed (which mostly lands in a literal or a name), half any piece or a deletion.
    const piece = next(2) === 0 ? 'a' : PIECES[next(PIECES.length)];
    text = next(4) === 0 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + piece + text.slice(at);
    const before = analysis.template && templateExpressions(analysis.template).sites;
    analysis = analyseAfter(analysis, text);
    if (analysis.template && templateExpressions(analysis.template).sites === before) carried++;
    const fresh = analyzeText(text);
    assert.deepEqual(plain(analysis), plain(fresh), `edit ${edit} at ${at}`);
    if (leavesStringOpen(fresh)) openStrings++;
  }
  // Many random edits land in a literal or in the template's layout: the comparison above must have met carried
  // tables. Those that leave a string open are parsed whole (json/spliceJson.ts), and nothing is carried over them;
  // nor over an edit in or around a functions section (two of them here).
  const carriable = 2000 - openStrings;
  assert.ok(carried > carriable * 0.4, `only ${carried} of ${carriable} edits carried the table`);
});

/** Whether the analysis of the template with `from` replaced by `to` (its first) carried the table; its table checked. */
function carriedBy(from: string, to: string): boolean {
  assert.ok(TEMPLATE.includes(from), from);
  const previous = analyzeText(TEMPLATE);
  const sites = templateExpressions(previous.template!).sites;
  const next = analyseAfter(previous, TEMPLATE.replace(from, to));
  assert.deepEqual(plain(next), plain(analyzeText(TEMPLATE.replace(from, to))), `${from} → ${to}`);
  return templateExpressions(next.template!).sites === sites;
}

test('an edit in a literal carries the table; one that changes what the table reads builds it afresh', () => {
  assert.equal(carriedBy('"team": "ray"', '"team": "rays"'), true, 'a literal tag beside an expression tag');
  assert.equal(carriedBy('"owner": "platform"', '"owner": "platforms"'), true, "a nested template's literal tag");
  assert.equal(carriedBy('"literal": "value"', '"literal": "values"'), true, 'a literal-only variable');
  assert.equal(carriedBy('"team": "ray"', '"team": "[variables(\'name\')]"'), false, 'a literal becomes an expression');
  assert.equal(carriedBy("'-cloud'", "'-clouds'"), false, 'inside an expression');
  assert.equal(carriedBy('"cloud": "[', '"clouds": "['), false, "an expression tag's name");
  assert.equal(
    carriedBy(`"cloud": "[variables('name')]"`, `"cloud": { "cloud": "[variables('name')]" }`),
    false,
    'deeper',
  );
  // The same expression, now under a name the table does not read.
  assert.equal(
    carriedBy('"defaultValue": "[resourceGroup', '"metadata": "[resourceGroup'),
    false,
    'moved into metadata',
  );
  assert.equal(carriedBy('"scope": "inner"', '"scope": "outer"'), false, 'an inner-scoped template becomes outer');
  // Its template declares nothing: only the scope its names resolve in changes.
  assert.equal(carriedBy('"scope": "outer"', '"scope": "inner"'), false, 'an outer-scoped template becomes inner');
  const noLongerDeployment = carriedBy('"Microsoft.Resources/Deployments"', '"Microsoft.Resources/DeploymentsX"');
  assert.equal(noLongerDeployment, false, 'a nested template without expressions is one no more');
  assert.equal(carriedBy('"name": "suffix"', '"name": "suffixes"'), false, "a function's parameter renamed");
  assert.equal(carriedBy('"a": "b"', '"a": "b", "more": "c"'), true, 'inside a variable whose name stays');
  assert.equal(carriedBy('"a literal item"', '"a literal items"'), true, 'beside an expression in an array');
  // Renamed in a section of literals: an expression elsewhere names it, and now resolves to nothing.
  assert.equal(carriedBy('"onlyLiteral": "x"', '"onlyLiterals": "x"'), false, 'a literal variable renamed');
  assert.equal(carriedBy('"area": {', '"areas": {'), false, 'a parameter of literals renamed');
  assert.equal(carriedBy('"fixed": {', '"fixedToo": {'), false, 'a literal-only output renamed');
  // The same value written longer: the string's node, kept for the table's site, takes the new length (plain()).
  assert.equal(
    carriedBy(`"region": "[parameters('location')]"`, `"region": "[parameters(\\u0027location')]"`),
    true,
    'an escape',
  );
});

test("an edit whose container holds a nested template's functions builds the table afresh", () => {
  // Two keystrokes validated as one change: the inner template's version and its function's parameter name. The
  // names are not expressions, and the table reads them: the function's parameters('word') is undeclared now.
  const nameAt = TEMPLATE.indexOf('"name": "word"');
  const versionAt = TEMPLATE.lastIndexOf('"contentVersion": "1.0.0.0"', nameAt);
  const edited =
    TEMPLATE.slice(0, versionAt) +
    '"contentVersion": "1.0.0.1"' +
    TEMPLATE.slice(versionAt + 27, nameAt) +
    '"name": "words"' +
    TEMPLATE.slice(nameAt + 14);
  const fresh = analyzeText(edited);
  assert.ok(
    fresh.findings.some((finding) => finding.code === 'parameter-undefined' && finding.message.includes("'word'")),
  );
  assert.deepEqual(plain(analyseAfter(analyzeText(TEMPLATE), edited)), plain(fresh));
});

test('the template has findings of the rules that read the table alone: the random edits compare them', () => {
  const codes = new Set(analyzeText(TEMPLATE).findings.map((finding) => finding.code));
  for (const code of [
    'expression-syntax',
    'parameter-undefined',
    'variable-undefined',
    'variable-cycle',
    'parameter-unused',
    'variable-unused',
  ])
    assert.ok(codes.has(code), code);
  // The inner scope's expression that does not parse may use any of its names: its unused parameter is not reported.
  assert.ok(!analyzeText(TEMPLATE).findings.some((finding) => finding.message.includes("'spare'")));
});

test('what is derived from the table alone is kept with a carried table, and made again with a new one', () => {
  const key = memoKey<number>('a count of computations');
  let computed = 0;
  const compute = () => ++computed;
  const previous = analyzeText(TEMPLATE);
  fromTable(previous.template!, key, compute);
  const literalEdit = TEMPLATE.replace('"team": "ray"', '"team": "rays"');
  const carried = analyseAfter(previous, literalEdit);
  assert.equal(fromTable(carried.template!, key, compute), 1);
  const rebuilt = analyseAfter(carried, literalEdit.replace("'-cloud'", "'-clouds'"));
  assert.equal(fromTable(rebuilt.template!, key, compute), 2);
});
