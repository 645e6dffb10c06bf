// The expression strings the template's expression table (references.ts) leaves out, those under `metadata`, for
// when the evaluator is asked for one's value: located in their scope and parsed into syntax trees of their own, once.
import type { JsonNode } from '../../json/nodes';
import type { ArmTemplate } from '../template';
import { isExpression } from '../value';
import { parseInto, type ExpressionSyntaxError } from './parse';
import { locateScope, type ExpressionScope } from './scopes';
import { NO_NODE, SyntaxTree, type NodeId } from './syntaxTree';

/** An expression string the table leaves out: the scope it resolves in and its parse. */
export interface OutsideExpression extends ExpressionScope {
  /** Its root node in `OutsideExpressions.syntax`, −1 when it does not parse. */
  readonly root: NodeId;
  readonly error: ExpressionSyntaxError | undefined;
}

export class OutsideExpressions {
  /** The syntax trees of the expressions found so far. */
  readonly syntax = new SyntaxTree();
  private readonly found = new Map<JsonNode, OutsideExpression | undefined>();

  constructor(private readonly template: ArmTemplate) {}

  /** The expression string `node`, located and parsed; undefined when it is not an expression string in the template. */
  get(node: JsonNode): OutsideExpression | undefined {
    if (this.found.has(node)) return this.found.get(node);
    let found: OutsideExpression | undefined;
    const scope =
      node.type === 'string' && isExpression(node.value as string) ? locateScope(this.template, node) : undefined;
    if (scope) {
      const parsed = parseInto(this.syntax, node.value as string);
      found = {
        scope: scope.scope,
        functionParameters: scope.functionParameters,
        root: typeof parsed === 'number' ? parsed : NO_NODE,
        error: typeof parsed === 'number' ? undefined : parsed,
      };
    }
    this.found.set(node, found);
    return found;
  }
}
