// multi-line-string: a string or expression broken over several lines. ARM reads it (the line breaks are part of a
// literal's value, and whitespace in an expression) when Azure CLI or Azure PowerShell deploys the template, but the
// Azure portal, DevOps pipelines and the REST API reject the file as invalid JSON. A literal string gets a fix that
// writes its line breaks as `\n` escapes: the same value, deployable everywhere. An expression gets no fix.
import { isExpression } from '../../../arm/value';
import type { TemplateRule } from '../../templateRule';
import type { TextEdit } from '../../../types';

/** The edits that write each raw line break of the string at `start`..`end` as its JSON escape. */
function escapeLineBreaks(text: string, start: number, end: number): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const match of text.slice(start, end).matchAll(/\r\n|\r|\n/g)) {
    const at = start + match.index;
    edits.push({
      start: at,
      end: at + match[0].length,
      newText: match[0] === '\r\n' ? '\\r\\n' : match[0] === '\r' ? '\\r' : '\\n',
    });
  }
  return edits;
}

export const multiLineString: TemplateRule = {
  code: 'multi-line-string',
  title: 'Strings written over several lines deploy only with Azure CLI or PowerShell',
  defaultSeverity: 'warning',
  category: 'syntax',
  appliesTo: 'armTemplate',
  check(context) {
    const { text } = context;
    for (const { start, end } of context.template.multiLineStrings) {
      const expression = isExpression(text.slice(start + 1, end - 1));
      const what = expression ? 'This expression is' : 'This string is';
      const advice = expression
        ? ' Join the expression onto one line to deploy it anywhere.'
        : ' Write its line breaks as \\n to deploy it anywhere with the same value.';
      context.report({
        at: { start, end },
        message: `${what} written over several lines: ARM accepts that when Azure CLI or Azure PowerShell deploys the template, but deploying it through the Azure portal, a DevOps pipeline or the REST API fails because the file is not valid JSON.${advice}`,
        fixes: expression
          ? undefined
          : [{ title: 'Write the line breaks as \\n', edits: escapeLineBreaks(text, start, end), preferred: true }],
      });
    }
  },
};
