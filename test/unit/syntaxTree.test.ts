// The store of expression syntax trees (arm/expressions/parse.ts) that the expression table fills and the evaluator
// reads: node kinds, offsets and values read back from the text, argument lists, function numbers, several trees in
// one store (a failed parse leaves nothing behind), growth, and the order the table relies on — each call numbered
// before its arguments, so that in number order the calls come outermost first. Also the parser on random valid and
// garbled expressions.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parseExpression, parseInto } from '../../server/src/service/arm/expressions/parse';
import { random } from '../support/random';
import {
  type NodeId,
  NodeKind,
  NOT_BUILT_IN,
  SyntaxTree,
  USER_DEFINED,
} from '../../server/src/service/arm/expressions/syntaxTree';
import { BUILT_IN_FUNCTIONS } from '../../server/src/service/arm/expressions/functions';

/** The root of `text` parsed into `tree`; fails the test on a syntax error. */
function parsed(tree: SyntaxTree, text: string): NodeId {
  const root = parseInto(tree, text);
  assert.equal(typeof root, 'number', `${text}: ${JSON.stringify(root)}`);
  return root as NodeId;
}

function argumentsOf(tree: SyntaxTree, call: NodeId): NodeId[] {
  const out: NodeId[] = [];
  for (let argument = tree.firstArgument(call); argument >= 0; argument = tree.nextArgument(argument))
    out.push(argument);
  return out;
}

test('a call with every kind of argument reads back its kinds, offsets and values', () => {
  const tree = new SyntaxTree();
  const text = "[Concat(parameters('a').b, 'it''s', -12, true, null, variables('v')[0])]";
  const root = parsed(tree, text);
  assert.equal(tree.kind(root), NodeKind.Call);
  assert.equal(BUILT_IN_FUNCTIONS[tree.functionNumber(root)].name, 'concat');
  assert.equal(tree.functionName(root, text), 'Concat');
  assert.equal(text.slice(tree.start(root), tree.nameEnd(root)), 'Concat');
  assert.equal(tree.argumentCount(root), 6);
  const [property, string, number, boolean, nullLiteral, index] = argumentsOf(tree, root);
  assert.deepEqual(
    [tree.kind(property), tree.propertyName(property, text), text.slice(tree.start(property), tree.end(property))],
    [NodeKind.Property, 'b', "parameters('a').b"],
  );
  assert.equal(tree.kind(tree.target(property)), NodeKind.Call);
  assert.deepEqual(
    [tree.kind(string), tree.stringValue(string, text), tree.hasDoubledQuotes(string)],
    [NodeKind.String, "it's", true],
  );
  assert.deepEqual([tree.kind(number), tree.numberValue(number, text)], [NodeKind.Number, -12]);
  assert.deepEqual([tree.kind(boolean), tree.booleanValue(boolean)], [NodeKind.Boolean, true]);
  assert.equal(tree.kind(nullLiteral), NodeKind.Null);
  assert.equal(tree.kind(index), NodeKind.Index);
  assert.equal(tree.numberValue(tree.index(index), text), 0);
  assert.equal(tree.argument(root, 5), index);
  assert.equal(tree.end(root), text.length - 1);
});

test('user-defined and unknown functions keep their names', () => {
  const tree = new SyntaxTree();
  const text = '[ns .fn(listKeys(1), mystery())]';
  const root = parsed(tree, text);
  assert.equal(tree.functionNumber(root), USER_DEFINED);
  assert.deepEqual([tree.namespace(root, text), tree.functionName(root, text)], ['ns', 'fn']);
  const [list, mystery] = argumentsOf(tree, root);
  assert.deepEqual(
    [tree.functionNumber(list), tree.functionName(list, text), tree.namespace(list, text)],
    [NOT_BUILT_IN, 'listKeys', undefined],
  );
  assert.deepEqual(
    [tree.functionNumber(mystery), tree.argumentCount(mystery), tree.firstArgument(mystery)],
    [NOT_BUILT_IN, 0, -1],
  );
});

test('calls are numbered before their arguments: in number order they come outermost first, as a preorder walk finds them', () => {
  const tree = new SyntaxTree();
  const text =
    "[if(equals(parameters('a'), variables('b')), parameters('c')[variables('d')].e, concat('x', string(1)))]";
  const root = parsed(tree, text);
  const inNumberOrder: string[] = [];
  for (let node = 0 as NodeId; node < tree.size; node++)
    if (tree.kind(node) === NodeKind.Call) inNumberOrder.push(text.slice(tree.start(node), tree.nameEnd(node)));
  const preorder: string[] = [];
  const walk = (node: NodeId): void => {
    const kind = tree.kind(node);
    if (kind === NodeKind.Call) {
      preorder.push(text.slice(tree.start(node), tree.nameEnd(node)));
      argumentsOf(tree, node).forEach(walk);
    } else if (kind === NodeKind.Property) walk(tree.target(node));
    else if (kind === NodeKind.Index) {
      walk(tree.target(node));
      walk(tree.index(node));
    }
  };
  walk(root);
  assert.deepEqual(inNumberOrder, [
    'if',
    'equals',
    'parameters',
    'variables',
    'parameters',
    'variables',
    'concat',
    'string',
  ]);
  assert.deepEqual(inNumberOrder, preorder);
});

test('one store holds many trees, keeps nothing of a failed parse, and grows', () => {
  const tree = new SyntaxTree();
  const roots: NodeId[] = [];
  for (let i = 0; i < 500; i++) {
    roots.push(parsed(tree, `[concat(variables('v${i}'), '${i}')]`));
    const size = tree.size;
    const failure = parseInto(tree, `[concat(variables('v${i}'), ]`);
    assert.equal(typeof failure, 'object');
    assert.equal(tree.size, size, 'a failed parse leaves no nodes');
  }
  assert.equal(tree.size, 500 * 4);
  roots.forEach((root, i) => {
    const text = `[concat(variables('v${i}'), '${i}')]`;
    const [reference, literal] = argumentsOf(tree, root);
    assert.equal(tree.stringValue(tree.firstArgument(reference), text), `v${i}`);
    assert.equal(tree.stringValue(literal, text), String(i));
  });
});

test('parseExpression gives the same tree as objects', () => {
  const parsedObjects = parseExpression("[ns.fn(parameters('x').y[0], 'a''b', 2)]");
  assert.ok(parsedObjects.ok);
  assert.deepEqual(JSON.parse(JSON.stringify(parsedObjects.expression)), {
    kind: 'call',
    namespace: 'ns',
    name: 'fn',
    nameEnd: 6,
    start: 1,
    end: 39,
    args: [
      {
        kind: 'index',
        start: 7,
        end: 27,
        target: {
          kind: 'property',
          start: 7,
          end: 24,
          property: 'y',
          target: {
            kind: 'call',
            name: 'parameters',
            nameEnd: 17,
            start: 7,
            end: 22,
            args: [{ kind: 'string', value: 'x', start: 18, end: 21 }],
          },
        },
        index: { kind: 'number', value: 0, start: 25, end: 26 },
      },
      { kind: 'string', value: "a'b", start: 29, end: 35 },
      { kind: 'number', value: 2, start: 37, end: 38 },
    ],
  });
});

/** Every field a node of its kind has, as text: two trees are the same when their nodes describe alike. */
function describeNode(tree: SyntaxTree, node: NodeId, text: string): string {
  const kind = tree.kind(node);
  const common = `${kind} ${tree.start(node)}-${tree.end(node)} next ${tree.nextArgument(node)}`;
  switch (kind) {
    case NodeKind.Call:
      return `${common} call ${tree.functionNumber(node)} name to ${tree.nameEnd(node)} args ${tree.argumentCount(node)} first ${tree.firstArgument(node)}`;
    case NodeKind.Property:
      return `${common} target ${tree.target(node)} .${tree.propertyName(node, text)}`;
    case NodeKind.Index:
      return `${common} target ${tree.target(node)} index ${tree.index(node)}`;
    case NodeKind.String:
      return `${common} ${JSON.stringify(tree.stringValue(node, text))} ${tree.hasDoubledQuotes(node)}`;
    case NodeKind.Boolean:
      return `${common} ${tree.booleanValue(node)}`;
    default:
      return common;
  }
}

function describeTree(tree: SyntaxTree, text: string): string[] {
  return Array.from({ length: tree.size }, (_, node) => describeNode(tree, node as NodeId, text));
}

/** A random valid expression (with random spacing) of at most `depth` levels. */
function randomExpression(next: (limit: number) => number, depth: number): string {
  const space = () => [' ', '', '', '  '][next(4)];
  const names = [
    'concat',
    'parameters',
    'variables',
    'format',
    'resourceId',
    'if',
    'toLower',
    'listKeys',
    'mystery',
    'createArray',
    'null',
    'true',
    'CONCAT',
    'Variables',
    'uriComponent',
    'uri',
    'urix',
  ];
  let expression: string;
  const shape = depth > 0 ? next(8) : next(5);
  switch (shape) {
    case 0:
      expression = `'${['x', "it''s", '', '[a]', 'v1'][next(5)]}'`;
      break;
    case 1:
      expression = ['0', '12', '-3', '42'][next(4)];
      break;
    case 2:
      expression = ['true', 'false', 'null'][next(3)];
      break;
    case 3:
    case 4:
      expression = `${names[next(names.length)]}${space()}(${space()})`;
      break;
    default: {
      const args = Array.from({ length: 1 + next(3) }, () => space() + randomExpression(next, depth - 1) + space());
      expression = `${names[next(names.length)]}${space()}(${args.join(',')})`;
    }
  }
  // (`true.x` would be a user-defined function's name: accesses follow calls only.)
  while (shape >= 3 && depth > 0 && next(4) === 0)
    expression +=
      next(2) === 0
        ? `${space()}.${space()}${['a', 'outputs', 'x1'][next(3)]}`
        : `${space()}[${space()}${randomExpression(next, depth - 1)}${space()}]`;
  return expression;
}

test('random valid expressions parse whole and read back as written; garbled ones fail inside their text', () => {
  const next = random(29);
  const valid = Array.from(
    { length: 3000 },
    () => `[${[' ', ''][next(2)]}${randomExpression(next, 4)}${[' ', ''][next(2)]}]`,
  );
  for (const text of valid) {
    const tree = new SyntaxTree();
    const root = parsed(tree, text);
    // The root spans the expression without the spaces around it, and every node lies inside the brackets.
    assert.equal(text.slice(tree.start(root), tree.end(root)), text.slice(1, -1).trim(), text);
    for (const line of describeTree(tree, text)) assert.match(line, /^\d \d+-\d+ /, text);
  }
  const alphabet = [
    "'",
    '(',
    ')',
    '[',
    ']',
    ',',
    '.',
    ' ',
    'a',
    'concat',
    'parameters(',
    "'x'",
    '1',
    '-',
    'true',
    'null',
    'ns.fn',
    ')]',
    "''",
  ];
  let failed = 0;
  for (let i = 0; i < 3000; i++) {
    const text = `[${Array.from({ length: next(14) }, () => alphabet[next(alphabet.length)]).join('')}]`;
    const tree = new SyntaxTree();
    const result = parseInto(tree, text);
    if (typeof result === 'number') continue;
    failed++;
    assert.equal(tree.size, 0, text);
    assert.ok(
      result.start >= 0 && result.start + result.length <= text.length && result.message.length > 0,
      `${text}: ${JSON.stringify(result)}`,
    );
  }
  assert.ok(failed > 1000, 'most garbled texts fail');
  const deep = `[${'concat('.repeat(300)}'a'${')'.repeat(300)}]`;
  assert.match((parseInto(new SyntaxTree(), deep) as { message: string }).message, /nested more than 200 levels/);
});

test('built-in function names are found in any case, and nothing else is taken for one', () => {
  const flipCase = (name: string) => [...name].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
  const numberOf = (name: string) => {
    const text = `[${name}(1)]`;
    const tree = new SyntaxTree();
    return tree.functionNumber(parsed(tree, text));
  };
  BUILT_IN_FUNCTIONS.forEach((fn, number) => {
    for (const spelling of [fn.name, fn.name.toLowerCase(), fn.name.toUpperCase(), flipCase(fn.name)])
      assert.equal(numberOf(spelling), number, spelling);
    // A name that runs on, or stops short, is not that function (nor any other unless it is one).
    for (const other of [`${fn.name}x`, `${fn.name}_1`, fn.name.slice(0, -1)]) {
      if (other === '') continue;
      const expected = BUILT_IN_FUNCTIONS.findIndex(
        (candidate) => candidate.name.toLowerCase() === other.toLowerCase(),
      );
      assert.equal(numberOf(other), expected, other);
    }
  });
  for (const name of ['listKeys', 'mystery', 'Kontakt']) assert.equal(numberOf(name), NOT_BUILT_IN, name);
});
