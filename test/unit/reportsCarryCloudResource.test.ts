// Every template rule handed the cloud resources that reports inside one of them names it in its report
// (Report.cloudResource): that is how each copy of a copy loop counts its own problems in the Cloud Resources tree
// and in `anyscale-azure index` (checkTemplate's foundOnlyInCopies). The rules come from the registry and run over
// every rule's JSON fixtures, the examples and a copy loop's template, so a new rule is covered by its own fixtures.
//
// A rule is taken to be handed the cloud resources when its run reads the view's `cloudResources` (each rule runs
// alone, on a view of its own, so that what another rule computed first does not hide the read). A report on the
// `copy` object of a declaration is about its loop, the same for every copy, and names no copy.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJson } from '../../server/src/service/analyze';
import { buildTemplate, type ArmTemplate } from '../../server/src/service/arm/template';
import { evaluatorFor } from '../../server/src/service/arm/evaluators';
import { evaluatedView, type AnyscaleView, type CloudResource } from '../../server/src/service/arm/anyscaleView';
import { runTemplateRules } from '../../server/src/service/arm/runTemplateRules';
import { rangeOf } from '../../server/src/service/rules/runner';
import { RULES } from '../../server/src/service/rules/registry';
import type { TemplateRule } from '../../server/src/service/rules/templateRule';
import { readDeployed, type DeployedIndex } from '../../server/src/service/azure/deployed';
import { findProperty, type JsonNode } from '../../server/src/service/json/nodes';
import type { Report, TextRange } from '../../server/src/service/types';
import { FIXTURES, REPO_ROOT } from '../support/paths';
import { copyLoopTemplate } from '../support/copyLoopTemplate';

interface Input {
  readonly name: string;
  readonly template: ArmTemplate;
  readonly deployed?: DeployedIndex;
}

function inputOf(name: string, text: string, deployed?: DeployedIndex): Input | undefined {
  const root = parseJson(text).root;
  return root && { name, template: buildTemplate(root, text), deployed };
}

function deployedIn(dir: string): DeployedIndex | undefined {
  const file = path.join(dir, 'deployed.json');
  if (!fs.existsSync(file)) return undefined;
  const read = readDeployed(JSON.parse(fs.readFileSync(file, 'utf8')));
  if ('problem' in read) throw new Error(`${file}: ${read.problem}`);
  return read.index;
}

function jsonFilesIn(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /\.jsonc?$/.test(file) && file !== 'deployed.json')
    .map((file) => path.join(dir, file));
}

/** Every rule's JSON fixtures (with its folder's deployed.json), the examples, and a template with a copy loop. */
function inputs(): Input[] {
  const found: Input[] = [];
  const rulesDir = path.join(FIXTURES, 'rules');
  for (const folder of fs.readdirSync(rulesDir)) {
    const dir = path.join(rulesDir, folder);
    const deployed = deployedIn(dir);
    for (const file of jsonFilesIn(dir)) {
      const input = inputOf(path.relative(FIXTURES, file), fs.readFileSync(file, 'utf8'), deployed);
      if (input) found.push(input);
    }
  }
  for (const file of jsonFilesIn(path.join(REPO_ROOT, 'examples')))
    found.push(inputOf(path.relative(REPO_ROOT, file), fs.readFileSync(file, 'utf8'))!);
  found.push(inputOf('copyLoopTemplate()', copyLoopTemplate())!);
  return found;
}

const TEMPLATE_RULES = RULES.filter((rule): rule is TemplateRule => rule.appliesTo === 'armTemplate');

/** The rule's reports on the input, alone, and whether its run read the view's cloud resources. */
function reportsOf(
  rule: TemplateRule,
  input: Input,
): { view: AnyscaleView; reports: Report[]; readCloudResources: boolean } {
  const levels = Object.fromEntries(
    TEMPLATE_RULES.map(({ code }) => [code, code === rule.code ? 'warning' : 'off'] as const),
  );
  const evaluator = evaluatorFor(input.template);
  const view = evaluatedView(input.template, evaluator);
  let readCloudResources = false;
  const watched = new Proxy(view, {
    get(target, property) {
      if (property === 'cloudResources') readCloudResources = true;
      return Reflect.get(target, property) as unknown;
    },
  });
  const reports: Report[] = [];
  const text = input.template.text;
  runTemplateRules(
    text,
    input.template,
    evaluator,
    levels,
    () => true,
    (_, __, report) => reports.push(report),
    input.deployed,
    watched,
  );
  return { view, reports, readCloudResources };
}

function within(range: TextRange, node: JsonNode | undefined): boolean {
  return node !== undefined && node.offset <= range.start && range.end <= node.offset + node.length;
}

/** Where a report is used: a known value where it is used when that is elsewhere than where it is written. */
function usedAt(report: Report): TextRange {
  const at = report.at;
  return rangeOf('known' in at ? (at.usage ?? at.origin) : at);
}

/** The cloud resource (the first copy of a loop) whose object holds the range, but not in its `copy` object. */
function cloudResourceHolding(view: AnyscaleView, range: TextRange): CloudResource | undefined {
  return view.cloudResources.find(
    ({ declared }) => within(range, declared.node) && !within(range, findProperty(declared.node, 'copy')),
  );
}

const INPUTS = inputs();

describe('a template rule reporting inside a cloud resource it was handed names it in the report', () => {
  let checked = 0;
  let checkedCopies = 0;
  for (const rule of TEMPLATE_RULES)
    test(rule.code, () => {
      for (const input of INPUTS) {
        const { view, reports, readCloudResources } = reportsOf(rule, input);
        if (!readCloudResources) continue;
        for (const report of reports) {
          const holder = cloudResourceHolding(view, usedAt(report));
          if (!holder) continue;
          checked++;
          const named = report.cloudResource;
          assert.ok(
            named !== undefined && view.cloudResources.includes(named) && named.declared === holder.declared,
            `${input.name}: "${report.message}" sits in the cloud resource declared at offset ${holder.declared.node.offset} but its report names ${named ? `the one at ${named.declared.node.offset}` : 'none'}`,
          );
          if (named.copyIndex !== undefined) checkedCopies++;
        }
      }
    });

  test('the rules reported inside cloud resources, copies of a loop among them', () => {
    assert.ok(checked > 100, `only ${checked} reports were inside a cloud resource`);
    assert.ok(checkedCopies > 0, 'no report was about one copy of a copy loop');
  });
});
