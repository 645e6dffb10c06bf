// extension-secret-in-settings: a setting whose name says it is a secret (a token, a password, a secret — among them
// the operator's global.auth.anyscaleCliToken) written in a cluster extension's configurationSettings. Those are
// returned to anyone who can read the extension; configurationProtectedSettings is `x-ms-secret` and never returned
// [SPEC] (extensions REST spec; domain §1.8). Which names are secrets is a heuristic [INFERRED], hence a warning.
// The one rule for secrets in extension settings, the Anyscale operator's included (values-cli-token-in-plain-text
// covers values files).
import { entries, findProperty, type JsonNode } from '../../../json/nodes';
import type { Fix, TextEdit } from '../../../types';
import type { TemplateRule } from '../../templateRule';
import type { TemplateContext } from '../../templateContext';
import { isExpression } from '../../../arm/value';
import { appendProperty, removeProperty } from '../../support/valueEdits';
import { clusterExtensions, type ClusterExtension } from '../../support/extensionResources';

const SECRET_WORD = /token|password|secret/i;
/** Names that refer to a secret rather than hold one (`tls.secretName`, `auth.existingSecret`, `tokenPath`, a flag). */
const REFERENCE = /(name|names|ref|path|file|enabled|namespace|audience|url|uri|endpoint|existingsecret)$/i;

function secretWord(key: string): string | undefined {
  const last = key.slice(key.lastIndexOf('.') + 1);
  if (REFERENCE.test(last)) return undefined;
  return SECRET_WORD.exec(last)?.[0].toLowerCase();
}

/**
 * Moves the property into configurationProtectedSettings (made when absent), its value exactly as written. Only a
 * literal is moved: a fix never edits an ARM expression (`[parameters('token')]` stays for you to move).
 */
function moveFix(
  context: TemplateContext,
  extension: ClusterExtension,
  key: string,
  property: JsonNode,
): Fix | undefined {
  const valueNode = property.children?.[1];
  const properties = extension.resource.properties;
  if (valueNode?.type !== 'string' || isExpression(String(valueNode.value)) || properties?.type !== 'object')
    return undefined;
  const valueText = context.text.slice(valueNode.offset, valueNode.offset + valueNode.length);
  const protectedNode = extension.prop('configurationProtectedSettings').valueNode;
  const moved = `{ ${JSON.stringify(key)}: ${valueText} }`;
  let add: TextEdit;
  if (!protectedNode) add = appendProperty(context.text, properties, 'configurationProtectedSettings', moved);
  else if (protectedNode.type !== 'object' || findProperty(protectedNode, key)) return undefined;
  // An empty object (`{}`, or braces on lines of their own) becomes the one-entry object.
  else if (!protectedNode.children?.length)
    add = { start: protectedNode.offset, end: protectedNode.offset + protectedNode.length, newText: moved };
  else add = appendProperty(context.text, protectedNode, key, valueText);
  return {
    title: 'Move it to configurationProtectedSettings',
    edits: [...removeProperty(context.text, property), add],
    preferred: true,
  };
}

export const extensionSecretInSettings: TemplateRule = {
  code: 'extension-secret-in-settings',
  title:
    "Secrets (tokens, passwords) belong in a cluster extension's configurationProtectedSettings, not configurationSettings",
  defaultSeverity: 'warning',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    for (const extension of clusterExtensions(context)) {
      for (const [key, valueNode, property] of entries(extension.prop('configurationSettings').valueNode)) {
        const word = secretWord(key);
        if (!word) continue;
        // An empty value or a flag holds no secret.
        const value = context.value(valueNode, extension.resource);
        if (
          value.known &&
          (value.value === '' ||
            value.value === null ||
            typeof value.value === 'boolean' ||
            value.value === 'true' ||
            value.value === 'false')
        )
          continue;
        const fix = moveFix(context, extension, key, property);
        context.report({
          at: property.children![0],
          message: `"${key}" looks like a secret (its name says ${word}) and is in configurationSettings, which anyone who can read the extension can see: move it to configurationProtectedSettings, which ARM never returns.`,
          fixes: fix && [fix],
        });
      }
    }
  },
};
