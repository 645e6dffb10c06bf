// Which nodes of a spliced tree an edit may have changed. A splice parses one container again (spliceJson.ts): the
// nodes of the old container left the tree, those of the fresh one are new, and the nodes holding it (its ancestors)
// are kept but now hold something else. Every other node is kept as it was, only moved. What the analysis keeps from
// one version to the next (the model, the expression table, the values, the Anyscale view) asks this what still stands.
// One exception: the old container's expression strings that the edit left as they were are put back in the fresh
// container in place of their copies (arm/expressions/carryOver.ts). Linked in there, they answer as the copies they
// replaced (added, not removed); staleNodes() still lists them, as it walks the old container's children.
import type { JsonNode } from './nodes';
import type { ReplacedContainer } from './spliceJson';

function isUnder(node: JsonNode, container: JsonNode): boolean {
  for (let current: JsonNode | undefined = node; current; current = current.parent)
    if (current === container) return true;
  return false;
}

export class EditedRegion {
  private readonly holders = new Set<JsonNode>();
  /** staleNodes(), once listed. */
  private staleList: readonly JsonNode[] | undefined;

  constructor(readonly replaced: ReplacedContainer) {
    for (let current = replaced.fresh?.parent; current; current = current.parent) this.holders.add(current);
  }

  /** True when the text did not change: every node stands. */
  get unchanged(): boolean {
    return !this.replaced.old && !this.replaced.fresh;
  }

  /** A node that holds the replaced container: kept, with one of its descendants replaced. */
  holds(node: JsonNode): boolean {
    return this.holders.has(node);
  }

  /** True when one of the nodes holding the replaced container passes `test`. */
  someHolder(test: (node: JsonNode) => boolean): boolean {
    for (const node of this.holders) if (test(node)) return true;
    return false;
  }

  /** A node of the previous tree that the splice took out (the old container or a node in it). */
  removed(node: JsonNode): boolean {
    return this.replaced.old !== undefined && isUnder(node, this.replaced.old);
  }

  /** A node of the new tree that the splice put in (the fresh container or a node in it). */
  added(node: JsonNode): boolean {
    return this.replaced.fresh !== undefined && isUnder(node, this.replaced.fresh);
  }

  /** A node of the previous tree whose value may differ now: taken out, or holding the container. */
  stale(node: JsonNode): boolean {
    return this.holders.has(node) || this.removed(node);
  }

  /**
   * Every node `stale` is true of: the holders, the old container and the nodes in it. Listed once per edit: each
   * parameter file's values are carried over the same edit.
   */
  staleNodes(): readonly JsonNode[] {
    if (this.staleList) return this.staleList;
    const found = [...this.holders];
    const pending = this.replaced.old ? [this.replaced.old] : [];
    while (pending.length > 0) {
      const node = pending.pop()!;
      found.push(node);
      for (const child of node.children ?? []) pending.push(child);
    }
    return (this.staleList = found);
  }
}

/**
 * Nodes whose whole value something computed from them read (with what the evaluator says of them): what it computed
 * stands after an edit that replaced none of them and is inside none of them, as long as the evaluator's values were
 * carried too (expressions/carryValues.ts).
 */
export class ReadNodes {
  private readonly nodes = new Set<JsonNode>();

  add(node: JsonNode | undefined): void {
    if (node) this.nodes.add(node);
  }

  has(node: JsonNode): boolean {
    return this.nodes.has(node);
  }

  /** Each node read, for a set of nodes built on this one. */
  forEach(visit: (node: JsonNode) => void): void {
    this.nodes.forEach((node) => visit(node));
  }

  standAfter(edit: EditedRegion): boolean {
    if (edit.unchanged) return true;
    const { old, fresh } = edit.replaced;
    return (
      old !== undefined &&
      fresh !== undefined &&
      !this.nodes.has(old) &&
      !edit.someHolder((node) => this.nodes.has(node))
    );
  }
}
