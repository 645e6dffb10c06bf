// parameter-file-undeclared: a parameter file gives a value for a parameter its template does not declare. ARM
// rejects the deployment; the usual cause is a typo or a parameter renamed in the template only.
import { didYouMean } from '../../../text/suggest';
import type { ParameterFileRule } from '../../parameterFileRule';

export const parameterFileUndeclared: ParameterFileRule = {
  code: 'parameter-file-undeclared',
  title: 'A parameter file must only give parameters its template declares',
  defaultSeverity: 'error',
  category: 'parameters',
  appliesTo: 'armParameters',
  check(context) {
    const declaredNames = [...context.declared.values()].map((declaration) => declaration.name);
    for (const [name, entry] of context.file.parameters) {
      if (context.declared.has(name)) continue;
      const suggestion = didYouMean(
        entry.name,
        declaredNames.filter((declaredName) => !context.file.parameters.has(declaredName.toLowerCase())),
      );
      context.report({
        at: entry.keyNode,
        message: `Parameter '${entry.name}' is not declared in the template, so the deployment fails.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
        fixes: suggestion
          ? [
              {
                title: `Rename to '${suggestion}'`,
                edits: [
                  {
                    start: entry.keyNode.offset,
                    end: entry.keyNode.offset + entry.keyNode.length,
                    newText: JSON.stringify(suggestion),
                  },
                ],
                preferred: true,
              },
            ]
          : undefined,
      });
    }
  },
};
