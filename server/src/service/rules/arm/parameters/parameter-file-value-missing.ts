// parameter-file-value-missing: an entry of a parameter file that gives neither a `value` nor a Key Vault
// `reference` — usually a declaration copied from the template (`{ "type": "string", "defaultValue": … }`). The
// deploymentParameters schema requires one of the two and allows nothing else but `metadata`: ARM does not read the
// entry as a value. When the entry has a defaultValue, a fix turns it into that value.
import { findProperty, propertyValue } from '../../../json/nodes';
import type { ParameterFileShapeRule } from '../../parameterFileRule';

export const parameterFileValueMissing: ParameterFileShapeRule = {
  code: 'parameter-file-value-missing',
  title: 'Each entry of a parameter file needs a value or a Key Vault reference',
  defaultSeverity: 'error',
  category: 'parameters',
  appliesTo: 'armParameters',
  against: 'file',
  check(context) {
    for (const entry of context.file.parameters.values()) {
      if (entry.valueNode || entry.referenceNode) continue;
      const body = entry.property.children?.[1];
      if (body?.type !== 'object') continue;
      const copied = ['type', 'defaultValue', 'allowedValues'].filter((field) => findProperty(body, field));
      const hint =
        copied.length > 0
          ? ` ${copied.join(' and ')} belong${copied.length === 1 ? 's' : ''} in the template, not here.`
          : '';
      const defaultValue = propertyValue(body, 'defaultValue');
      context.report({
        at: entry.keyNode,
        message: `Parameter '${entry.name}' has no value: a parameter file gives each parameter a "value" (or a Key Vault "reference"), so this entry gives the deployment nothing.${hint}`,
        fixes:
          defaultValue && context.text
            ? [
                {
                  title: 'Use its defaultValue as the value',
                  edits: [
                    {
                      start: body.offset,
                      end: body.offset + body.length,
                      newText: `{ "value": ${context.text.slice(defaultValue.offset, defaultValue.offset + defaultValue.length)} }`,
                    },
                  ],
                },
              ]
            : undefined,
      });
    }
  },
};
