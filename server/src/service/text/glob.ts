// Glob patterns (`*`, `**`, `?`, `{a,b}`) as regular expressions over forward-slash paths. Used by the CLI to
// expand its arguments and by the parameter-file association setting.

function escape(text: string): string {
  return text.replace(/[.+^$()|[\]\\]/g, '\\$&');
}

export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slashAfter = glob[i + 2] === '/';
        out += slashAfter ? '(?:.*/)?' : '.*';
        i += slashAfter ? 2 : 1;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) out += '\\{';
      else {
        out += `(?:${glob
          .slice(i + 1, close)
          .split(',')
          .map((part) => escape(part).replace(/\*/g, '[^/]*'))
          .join('|')})`;
        i = close;
      }
    } else out += escape(c);
  }
  return new RegExp(`^${out}$`);
}

export function hasGlob(text: string): boolean {
  return /[*?[\]{}]/.test(text);
}
