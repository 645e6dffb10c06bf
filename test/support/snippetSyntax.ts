// Expands a snippet the way VS Code inserts it when the user accepts every default: a parser for VS Code's snippet
// grammar (tab stops `$1` `${1}`, placeholders `${1:text}` (nested), choices `${1|a,b|}`, variables `$name`
// `${name}` `${name:default}`, escapes `\$ \} \\` and, in choices, `\, \|`), so tests see what lands in the editor.
// A tab stop without a value mirrors the first placeholder of its number that has one; `$0` is empty; a variable
// resolves to its default or to nothing, as VS Code does for a name it does not know (`$schema` becomes ``).
// Transforms (`${1/regex/format/}`) are not supported: such a snippet throws rather than expand wrongly.

type SnippetNode =
  | { kind: 'text'; value: string }
  | { kind: 'tabstop'; index: number; children: SnippetNode[] }
  | { kind: 'choice'; index: number; options: string[] }
  | { kind: 'variable'; name: string; children: SnippetNode[] };

export interface Expansion {
  text: string;
  /** The variables met (names), each resolved to its default or nothing. */
  variables: string[];
}

class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  /** Nodes up to the end, or up to an unescaped `}` when inside a placeholder. */
  parse(inside: boolean): SnippetNode[] {
    const nodes: SnippetNode[] = [];
    let text = '';
    const flush = () => {
      if (text) nodes.push({ kind: 'text', value: text });
      text = '';
    };
    while (this.at < this.source.length) {
      const c = this.source[this.at];
      if (c === '\\' && '$}\\'.includes(this.source[this.at + 1] ?? '')) {
        text += this.source[this.at + 1];
        this.at += 2;
      } else if (c === '}' && inside) {
        flush();
        return nodes;
      } else if (c === '$') {
        const node = this.dollar();
        if (node) {
          flush();
          nodes.push(node);
        } else {
          text += '$';
          this.at++;
        }
      } else {
        text += c;
        this.at++;
      }
    }
    if (inside) throw new Error(`unclosed placeholder in snippet: ${JSON.stringify(this.source)}`);
    flush();
    return nodes;
  }

  /** A tab stop, placeholder, choice or variable at `$`; undefined when the `$` is plain text (as VS Code reads it). */
  private dollar(): SnippetNode | undefined {
    const rest = this.source.slice(this.at);
    const bare = /^\$(\d+|[_a-zA-Z][_a-zA-Z0-9]*)/.exec(rest);
    if (bare) {
      this.at += bare[0].length;
      return /^\d/.test(bare[1])
        ? { kind: 'tabstop', index: Number(bare[1]), children: [] }
        : { kind: 'variable', name: bare[1], children: [] };
    }
    const head = /^\$\{(\d+|[_a-zA-Z][_a-zA-Z0-9]*)([}:|/])/.exec(rest);
    if (!head) return undefined;
    const [whole, id, next] = head;
    const numeric = /^\d/.test(id);
    if (next === '/')
      throw new Error(`snippet transforms are not supported here: ${JSON.stringify(rest.slice(0, 40))}`);
    if (next === '|') {
      if (!numeric) return undefined;
      const choice = /^((?:[^,|\\]|\\[,|\\])*(?:,(?:[^,|\\]|\\[,|\\])*)*)\|\}/.exec(rest.slice(whole.length));
      if (!choice) return undefined;
      this.at += whole.length + choice[0].length;
      const options = choice[1].split(/(?<!\\),/).map((option) => option.replace(/\\([,|\\])/g, '$1'));
      return { kind: 'choice', index: Number(id), options };
    }
    this.at += whole.length;
    const children = next === ':' ? this.parse(true) : [];
    if (next === ':') this.at++; // the closing `}`
    return numeric ? { kind: 'tabstop', index: Number(id), children } : { kind: 'variable', name: id, children };
  }
}

/** The text VS Code inserts for `snippet` when every placeholder keeps its default and every choice its first option. */
export function expandSnippet(snippet: string): Expansion {
  const nodes = new Parser(snippet).parse(false);
  const values = new Map<number, SnippetNode[]>();
  const variables: string[] = [];
  const collect = (list: SnippetNode[]) => {
    for (const node of list) {
      if (node.kind === 'choice' && !values.has(node.index))
        values.set(node.index, [{ kind: 'text', value: node.options[0] ?? '' }]);
      if (node.kind === 'tabstop' || node.kind === 'variable') {
        if (node.kind === 'tabstop' && node.children.length > 0 && !values.has(node.index))
          values.set(node.index, node.children);
        collect(node.children);
      }
    }
  };
  collect(nodes);
  const render = (list: SnippetNode[]): string =>
    list
      .map((node) => {
        if (node.kind === 'text') return node.value;
        if (node.kind === 'variable') {
          variables.push(node.name);
          return render(node.children);
        }
        return node.index === 0 && node.kind === 'tabstop'
          ? render(node.children)
          : render(values.get(node.index) ?? []);
      })
      .join('');
  return { text: render(nodes), variables };
}
