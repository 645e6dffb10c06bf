// A fix that rewrites a literal other expressions read too — a parameter's default, its value in a parameter file or
// an allowed value, a variable — changes what they evaluate to as well: a default "aws" fixed to "AWS" for a
// cloud resource's provider is also in a storage account's name, which must stay lowercase. Such a fix is still
// offered, but not preferred (fix-all and `check --fix` leave it), and its title says what else reads the literal. It
// stays as its rule made it when every expression reading the literal is one where the same rule reports it with
// that same fix.
import type { JsonNode } from '../../json/nodes';
import { propertyValue } from '../../json/nodes';
import type { ArmTemplate } from '../../arm/template';
import { templateExpressions } from '../../arm/expressions/references';
import { parameterWrittenAt } from '../../arm/expressions/parameterSources';
import type { ParameterValue } from '../../arm/expressions/evaluate';
import { baseName } from '../../text/baseName';
import type { Fix, Report, Severity } from '../../types';
import type { FindingSink } from '../runner';
import { readersOf, type DeclarationReaders } from './declarationReaders';

/** Where a parameter's or variable's value is written in this run, as a literal a fix may rewrite. */
interface WrittenValue {
  readonly node: JsonNode;
  /** The parameter file's URI; undefined for the template. */
  readonly uri: string | undefined;
  /** Its number in the template's expression table. */
  readonly declaration: number;
}

/** A report on a value read where it is written elsewhere, with a fix that edits that written value. */
interface HeldReport {
  readonly code: string;
  readonly severity: Severity;
  readonly report: Report;
  /** Where the value is used: the expression the finding is about. */
  readonly usage: JsonNode;
  readonly value: WrittenValue;
  /** Per fix of the report, true when it edits the written value. */
  readonly edits: readonly boolean[];
}

export interface SharedLiteralGuard {
  /** Passes each report on, holding back those with a fix on a written value until `flush`. */
  readonly sink: FindingSink;
  /** Passes the held reports on, each fix that would change other expressions' values made not preferred. */
  flush(): void;
}

/** What a declaration's value as written is, for a fix's title: "the default of parameter 'x'". */
function describe(template: ArmTemplate, written: WrittenValue): string {
  const declaration = templateExpressions(template).declarations[written.declaration];
  const name = `'${declaration.name}'`;
  if (declaration.kind === 'variable') return `variable ${name}`;
  if (written.uri) return `the value of parameter ${name} in ${baseName(written.uri)}`;
  if (written.node === propertyValue(declaration.node, 'defaultValue')) return `the default of parameter ${name}`;
  if (written.node.parent === propertyValue(declaration.node, 'allowedValues'))
    return `an allowed value of parameter ${name}`;
  return `the value the deployment passes to parameter ${name}`;
}

/** Every parameter's and variable's value as written in the run, by document (the template's under ''), in text order. */
function writtenValues(
  template: ArmTemplate,
  parameterValues: ReadonlyMap<string, ParameterValue>,
): Map<string, WrittenValue[]> {
  const byDocument = new Map<string, WrittenValue[]>();
  templateExpressions(template).declarations.forEach((declaration, number) => {
    const written =
      declaration.kind === 'variable'
        ? { node: declaration.node }
        : parameterWrittenAt(template, declaration, parameterValues);
    if (!('node' in written)) return;
    const uri = written.uri || undefined;
    const value = { node: written.node, uri, declaration: number };
    const list = byDocument.get(uri ?? '') ?? [];
    list.push(value);
    byDocument.set(uri ?? '', list);
  });
  for (const list of byDocument.values()) list.sort((a, b) => a.node.offset - b.node.offset);
  return byDocument;
}

/** True when start…end lies within the node's text. */
function within(node: JsonNode, start: number, end: number): boolean {
  return node.offset <= start && end <= node.offset + node.length;
}

/** The written value holding start…end (values never overlap: a binary search by offset). */
function holding(values: readonly WrittenValue[] | undefined, start: number, end: number): WrittenValue | undefined {
  if (!values) return undefined;
  let low = 0;
  let high = values.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (values[middle].node.offset <= start) low = middle + 1;
    else high = middle - 1;
  }
  const value = values[high];
  return value && within(value.node, start, end) ? value : undefined;
}

/** How many of the other expressions reading a shared literal a finding shows as related places. */
const SHOWN_READERS = 5;

/** "also read by 2 other expressions", or that others may read it, for a fix's title. */
function otherReaders(count: number, uncounted: boolean): string {
  if (count === 0) return 'other expressions may read it too';
  return `also read by ${count} other expression${count === 1 ? '' : 's'}${uncounted ? ', maybe more' : ''}`;
}

/**
 * The fix, not preferred, its title saying which value it rewrites and what else reads it; marked sharedLiteral when
 * it was preferred, so that `check --fix` can say it was held back.
 */
function sharedFix(fix: Fix, value: WrittenValue, description: string, others: number, uncounted: boolean): Fix {
  const [edit] = fix.edits;
  const whole =
    fix.edits.length === 1 && edit.start === value.node.offset && edit.end === value.node.offset + value.node.length;
  const what = whole ? `Change ${description} to ${edit.newText}` : `${fix.title} in ${description}`;
  const title = `${what} (${otherReaders(others, uncounted)})`;
  // Only a fix fix-all would have applied is held back: an alternative was never preferred.
  return fix.preferred ? { ...fix, title, preferred: false, sharedLiteral: true } : { ...fix, title, preferred: false };
}

/**
 * Guards the fixes of one run of the template rules: `parameterValues` are the run's (its parameter file's values, or
 * one allowed value). A report passes straight on unless it is on a value used away from where it is written — a
 * parameter's or a variable's — with a fix that edits it there (a fix keeping the value, such as writing a line break
 * as `\n`, is reported on the text, not on a value).
 */
export function guardSharedLiterals(
  template: ArmTemplate,
  parameterValues: () => ReadonlyMap<string, ParameterValue>,
  sink: FindingSink,
): SharedLiteralGuard {
  let values: Map<string, WrittenValue[]> | undefined;
  const held: HeldReport[] = [];
  return {
    sink(code, severity, report) {
      const at = report.at;
      if (!report.fixes || !('known' in at) || at.usage === undefined || at.usage === at.origin) {
        sink(code, severity, report);
        return;
      }
      values ??= writtenValues(template, parameterValues());
      const uri = at.originUri || undefined;
      const origin = at.origin;
      const value = holding(values.get(uri ?? ''), origin.offset, origin.offset + origin.length);
      const edits = report.fixes.map(
        (fix) =>
          value !== undefined && fix.uri === uri && fix.edits.some((edit) => within(value.node, edit.start, edit.end)),
      );
      if (value && edits.includes(true)) held.push({ code, severity, report, usage: at.usage, value, edits });
      else sink(code, severity, report);
    },
    flush() {
      // A fix is meant for the uses of the reports offering it: the same rule, the same edits of the same value.
      const keyOf = (code: string, fix: Fix, value: WrittenValue) =>
        `${code}\u0000${value.uri ?? ''}\u0000${value.node.offset}\u0000${JSON.stringify(fix.edits)}`;
      const meantFor = new Map<string, Set<JsonNode>>();
      for (const { code, report, usage, value, edits } of held) {
        report.fixes!.forEach((fix, i) => {
          if (!edits[i]) return;
          const key = keyOf(code, fix, value);
          const uses = meantFor.get(key) ?? new Set();
          uses.add(usage);
          meantFor.set(key, uses);
        });
      }
      const readers = new Map<number, DeclarationReaders>();
      for (const { code, severity, report, value, edits } of held) {
        let read = readers.get(value.declaration);
        if (!read) readers.set(value.declaration, (read = readersOf(template, value.declaration)));
        const description = describe(template, value);
        // The other readers of a value a fix is held back for: shown with the finding, the first few of them.
        const readElsewhere = new Set<JsonNode>();
        const fixes = report.fixes!.map((fix, i) => {
          if (!edits[i]) return fix;
          const uses = meantFor.get(keyOf(code, fix, value))!;
          const others = read.sites.filter((site) => !uses.has(site.node));
          if (others.length === 0 && !read.uncounted) return fix;
          for (const site of others) readElsewhere.add(site.node);
          return sharedFix(fix, value, description, others.length, read.uncounted);
        });
        const related = [...readElsewhere].slice(0, SHOWN_READERS).map((node) => ({
          start: node.offset,
          end: node.offset + node.length,
          message: `Also reads ${description}, which a fix here would rewrite.`,
        }));
        sink(code, severity, {
          ...report,
          fixes,
          ...(related.length > 0 && { related: [...(report.related ?? []), ...related] }),
        });
      }
      held.length = 0;
    },
  };
}
