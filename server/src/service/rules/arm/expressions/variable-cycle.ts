// variable-cycle: variables whose values refer to each other in a circle (a → b → a), which ARM rejects. Found on
// the graph of variables() calls between the variables of each scope; each call that closes a cycle is reported.
import type { TemplateRule } from '../../rule';
import type { TemplateScope } from '../../../arm/template';
import { documentRange } from '../../../arm/expressions/parse';
import { findVariable } from '../../../arm/expressions/scopes';
import { expressionUsage, type SiteReference } from './usage';

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly at: SiteReference;
}

/**
 * Strongly connected components (Tarjan's algorithm with an explicit stack), as a map from vertex to component id.
 * Vertices are numbered first, so the walk itself works on typed arrays (a scope can have thousands of variables).
 */
function components(vertices: readonly string[], next: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const idOf = (vertex: string): number => {
    let id = ids.get(vertex);
    if (id === undefined) {
      ids.set(vertex, (id = names.length));
      names.push(vertex);
    }
    return id;
  };
  for (const vertex of vertices) idOf(vertex);
  const targets: number[][] = [];
  for (let id = 0; id < names.length; id++) targets.push((next.get(names[id]) ?? []).map(idOf));
  const count = names.length;
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const child = new Int32Array(count);
  const stack: number[] = [];
  const work: number[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  for (let start = 0; start < vertices.length; start++) {
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
          component.set(names[member], index[vertex]);
        } while (member !== vertex);
      }
    }
  }
  return component;
}

/** The shortest path from `from` to `to` along edges inside one component (breadth-first). */
function pathWithin(from: string, to: string, next: ReadonlyMap<string, readonly string[]>, component: ReadonlyMap<string, number>): string[] {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let i = 0; i < queue.length && !previous.has(to); i++) {
    for (const target of next.get(queue[i]) ?? []) {
      if (previous.has(target) || component.get(target) !== component.get(from)) continue;
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
    const byScope = new Map<TemplateScope, Edge[]>();
    /** Declared spellings of lower-cased variable names, for messages. */
    const spelled = new Map<string, string>();
    for (const at of expressionUsage(context.template).references) {
      const { site, reference } = at;
      if (reference.kind !== 'variable' || reference.name === undefined || site.owner?.kind !== 'variable') continue;
      const target = findVariable(site.scope, reference.name);
      if (!target) continue;
      const declared = target.kind === 'value' ? target.declaration.name : target.name;
      const to = declared.toLowerCase();
      spelled.set(to, declared);
      let edges = byScope.get(site.scope);
      if (!edges) byScope.set(site.scope, (edges = []));
      edges.push({ from: site.owner.name, to, at });
    }
    for (const edges of byScope.values()) {
      const next = new Map<string, string[]>();
      for (const edge of edges) {
        const list = next.get(edge.from);
        if (list) list.push(edge.to);
        else next.set(edge.from, [edge.to]);
      }
      const component = components([...next.keys()], next);
      for (const edge of edges) {
        if (component.get(edge.from) === undefined || component.get(edge.from) !== component.get(edge.to)) continue;
        const name = (lower: string) => spelled.get(lower) ?? lower;
        const { site, reference } = edge.at;
        context.report({
          at: documentRange(context.text, site.node, reference.argument.start, reference.argument.end - reference.argument.start),
          message:
            edge.from === edge.to
              ? `Variable '${name(edge.from)}' refers to itself; ARM rejects the template.`
              : `Variables refer to each other in a cycle: ${[edge.from, ...pathWithin(edge.to, edge.from, next, component)].map(name).join(' → ')}. ARM rejects the template.`,
        });
      }
    }
  },
};
