// variable-cycle: variables whose values refer to each other in a circle (a → b → a), which ARM rejects. Found on
// the graph of variables() calls between the variables of each scope (the expression table's declaration numbers
// are its vertices); each call that closes a cycle is reported.
import type { TemplateRule } from '../../templateRule';
import { documentRange } from '../../../arm/expressions/parse';
import { fromTable, templateExpressions, type TemplateExpressions } from '../../../arm/expressions/references';
import { memoKey } from '../../../memo';

/** Directed edges between vertices 0…n−1: the targets of vertex v are targets[first[v]] … targets[first[v + 1] − 1]. */
interface Graph {
  readonly first: Int32Array;
  readonly targets: Int32Array;
}

/** The graph of edges given as parallel lists, each vertex's targets kept in the order of its edges. */
function graphOf(vertices: number, from: readonly number[], to: readonly number[]): Graph {
  const first = new Int32Array(vertices + 1);
  for (let i = 0; i < from.length; i++) first[from[i] + 1]++;
  for (let v = 0; v < vertices; v++) first[v + 1] += first[v];
  const filled = first.slice(0, vertices);
  const targets = new Int32Array(from.length);
  for (let i = 0; i < from.length; i++) targets[filled[from[i]]++] = to[i];
  return { first, targets };
}

/**
 * Strongly connected components (Tarjan's algorithm with an explicit stack): the component id of each vertex.
 * Vertices are numbers, so the walk works on typed arrays (a scope can have thousands of variables).
 */
function components({ first, targets }: Graph): Int32Array {
  const count = first.length - 1;
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const child = first.slice(0, count);
  const component = new Int32Array(count);
  const stack: number[] = [];
  const work: number[] = [];
  let counter = 0;
  for (let start = 0; start < count; start++) {
    // A vertex without edges is a component of its own: only vertices on edges are ever compared.
    if (index[start] >= 0 || first[start] === first[start + 1]) continue;
    index[start] = low[start] = counter++;
    stack.push(start);
    onStack[start] = 1;
    work.push(start);
    while (work.length > 0) {
      const vertex = work[work.length - 1];
      if (child[vertex] < first[vertex + 1]) {
        const target = targets[child[vertex]++];
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
function pathWithin(from: number, to: number, { first, targets }: Graph, component: Int32Array): number[] {
  const previous = new Map<number, number>([[from, from]]);
  const queue = [from];
  for (let i = 0; i < queue.length && !previous.has(to); i++) {
    for (let edge = first[queue[i]]; edge < first[queue[i] + 1]; edge++) {
      const target = targets[edge];
      if (previous.has(target) || component[target] !== component[from]) continue;
      previous.set(target, queue[i]);
      queue.push(target);
    }
  }
  const path = [to];
  while (path[0] !== from) path.unshift(previous.get(path[0])!);
  return path;
}

/** Calls `each` for every variables() call from one variable's value to a declared variable (of the same scope). */
function forEachEdge(
  { sites, declarations, references }: TemplateExpressions,
  each: (call: number, from: number, to: number) => void,
): void {
  for (let i = 0; i < references.count; i++) {
    const target = references.target(i);
    if (references.kind(i) !== 1 || target < 0) continue;
    const owner = sites[references.site(i)].ownerNumber;
    if (owner >= 0 && declarations[owner].kind === 'variable') each(i, owner, target);
  }
}

/** A variables() call that closes a cycle (its reference number in the table), with what is reported of it. */
interface CycleCall {
  readonly call: number;
  readonly message: string;
}

/** The calls that close a cycle, found once per expression table (kept with it over edits). */
const CYCLE_CALLS = memoKey<readonly CycleCall[]>('variables() calls closing a cycle');

function cycleCalls(expressions: TemplateExpressions): CycleCall[] {
  const { declarations } = expressions;
  // When each variable refers only to variables declared before it (as most templates are written), the numbering
  // is a topological order: there is no cycle to look for, nor a graph to build.
  let backOnly = true;
  forEachEdge(expressions, (_, from, to) => {
    if (to >= from) backOnly = false;
  });
  if (backOnly) return [];
  const calls: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  forEachEdge(expressions, (call, source, target) => {
    calls.push(call);
    from.push(source);
    to.push(target);
  });
  const graph = graphOf(declarations.length, from, to);
  const component = components(graph);
  const name = (vertex: number) => declarations[vertex].name;
  const found: CycleCall[] = [];
  for (let edge = 0; edge < calls.length; edge++) {
    const source = from[edge];
    const target = to[edge];
    if (component[source] !== component[target]) continue;
    found.push({
      call: calls[edge],
      message:
        source === target
          ? `Variable '${name(source)}' refers to itself; ARM rejects the template.`
          : `Variables refer to each other in a cycle: ${[source, ...pathWithin(target, source, graph, component)].map(name).join(' → ')}. ARM rejects the template.`,
    });
  }
  return found;
}

export const variableCycle: TemplateRule = {
  code: 'variable-cycle',
  title: 'Variables must not refer to each other in a cycle',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    const { sites, references } = templateExpressions(context.template);
    for (const { call, message } of fromTable(context.template, CYCLE_CALLS, cycleCalls)) {
      const site = sites[references.site(call)];
      const length = references.end(call) - references.start(call);
      context.report({ at: documentRange(context.text, site.node, references.start(call), length), message });
    }
  },
};
