// parameter-file-schema: a parameter file whose $schema is the deployment template's. ARM reads the file by its
// `parameters` either way, but editors and tools validate it against the template schema, and its reader takes it
// for a template. The fix puts the deploymentParameters schema in its place.
import { propertyValue, stringOf } from '../../../json/nodes';
import type { ParameterFileShapeRule } from '../../parameterFileRule';

const PARAMETERS_SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#';

export const parameterFileSchema: ParameterFileShapeRule = {
  code: 'parameter-file-schema',
  title: "A parameter file's $schema is the deploymentParameters schema",
  defaultSeverity: 'warning',
  category: 'parameters',
  appliesTo: 'armParameters',
  against: 'file',
  check(context) {
    const schemaNode = propertyValue(context.file.root, '$schema');
    const schema = stringOf(schemaNode);
    if (!schemaNode || schema === undefined || !schema.toLowerCase().includes('deploymenttemplate')) return;
    context.report({
      at: schemaNode,
      message: `This file has only "parameters", so it is read as a parameter file, but its $schema is the deployment template's: editors validate it as a template. A parameter file uses ${PARAMETERS_SCHEMA}.`,
      fixes: [
        {
          title: 'Use the deploymentParameters schema',
          edits: [
            {
              start: schemaNode.offset,
              end: schemaNode.offset + schemaNode.length,
              newText: JSON.stringify(PARAMETERS_SCHEMA),
            },
          ],
          preferred: true,
        },
      ],
    });
  },
};
