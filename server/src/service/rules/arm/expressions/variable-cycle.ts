// variable-cycle: variables whose values refer to each other in a circle (a → b → a), which ARM rejects. Found on
// the graph of variables() calls between the variables of each scope; each call that closes a cycle is reported.
import type { TemplateRule } from '../../rule';
import type { TemplateScope } from '../../../arm/template';
import { documentRange } from '../../../arm/expressions/parse';
import { findVariable } from '../../../arm/expressions/scopes';
import { expressionUsage, type SiteReference } from './usage';

interface Edge {
  readonly from: number;
  readonly to: number;
  readonly at: SiteReference;
}

/** One scope's variables() calls between its variables, the variables numbered in the order they are met. */
class VariableGraph {
  readonly edges: Edge[] = [];
  /** The variables each variable's value refers to, by number, in the order of the calls. */
  readonly next: number[][] = [];
  /** Each variable's name as declared (lower-cased until a call names its declaration). */
  readonly names: string[] = [];
  private readonly numbers = new Map<string, number>();

  add(from: string, to: string, declaredTo: string, at: SiteReference): void {
    const source = this.numberOf(from);
    const target = this.numberOf(to);
    this.names[target] = declaredTo;
    this.next[source].push(target);
    this.edges.push({ from: source, to: target, at });
  }

  private numberOf(lowerCased: string): number {
    let number = this.numbers.get(lowerCased);
    if (number === undefined) {
      this.numbers.set(lowerCased, (number = this.names.length));
      this.names.push(lowerCased);
      this.next.push([]);
    }
    return number;
  }
}

/**
 * Strongly connected components (Tarjan's algorithm with an explicit stack): the component id of each vertex.
 * Vertices are numbers 0…n−1, so the walk works on typed arrays (a scope can have thousands of variables).
 */
function components(targets: readonly (readonly number[])[]): Int32Array {
  const count = targets.length;
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const child = new Int32Array(count);
  const component = new Int32Array(count);
  const stack: number[] = [];
  const work: number[] = [];
  let counter = 0;
  for (let start = 0; start < count; start++) {
    if (index[start] >= 0) continue;
    index[start] = low[start] = counter++;
    stack.push(start);
    onStack[start] = 1;
    work.push(start);
    while (work.length > 0) {
      const vertex = work[work.length - 1];
      const out = targets[vertex];
      if (child[vertex] < out.length) {
        const target = out[child[vertex]++];
        if (index[target] < 0) {
          index[target] = low[target] = counter++;
          stack.push(target);
          onStack[target] = 1;
          work.push(target);
        } else if (onStack[target]) {
          low[vertex] = Math.min(low[vertex], index[target]);
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1];
        low[parent] = Math.min(low[parent], low[vertex]);
      }
      if (low[vertex] === index[vertex]) {
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          component[member] = index[vertex];
        } while (member !== vertex);
      }
    }
  }
  return component;
}

/** The shortest path from `from` to `to` along edges inside one component (breadth-first). */
function pathWithin(from: number, to: number, next: readonly (readonly number[])[], component: Int32Array): number[] {
  const previous = new Map<number, number>([[from, from]]);
  const queue = [from];
  for (let i = 0; i < queue.length && !previous.has(to); i++) {
    for (const target of next[queue[i]]) {
      if (previous.has(target) || component[target] !== component[from]) continue;
      previous.set(target, queue[i]);
      queue.push(target);
    }
  }
  const path = [to];
  while (path[0] !== from) path.unshift(previous.get(path[0])!);
  return path;
}

export const variableCycle: TemplateRule = {
  code: 'variable-cycle',
  title: 'Variables must not refer to each other in a cycle',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    const byScope = new Map<TemplateScope, VariableGraph>();
    for (const at of expressionUsage(context.template).references) {
      const { site, reference } = at;
      if (reference.kind !== 'variable' || reference.name === undefined || site.owner?.kind !== 'variable') continue;
      const target = findVariable(site.scope, reference.name);
      if (!target) continue;
      const declared = target.kind === 'value' ? target.declaration.name : target.name;
      let graph = byScope.get(site.scope);
      if (!graph) byScope.set(site.scope, (graph = new VariableGraph()));
      graph.add(site.owner.name, declared.toLowerCase(), declared, at);
    }
    for (const { edges, next, names } of byScope.values()) {
      const component = components(next);
      for (const edge of edges) {
        if (component[edge.from] !== component[edge.to]) continue;
        const { site, reference } = edge.at;
        context.report({
          at: documentRange(context.text, site.node, reference.argument.start, reference.argument.end - reference.argument.start),
          message:
            edge.from === edge.to
              ? `Variable '${names[edge.from]}' refers to itself; ARM rejects the template.`
              : `Variables refer to each other in a cycle: ${[edge.from, ...pathWithin(edge.to, edge.from, next, component)].map((vertex) => names[vertex]).join(' → ')}. ARM rejects the template.`,
        });
      }
    }
  },
};
