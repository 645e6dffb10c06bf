// name-invalid: cloud and cloud-resource name segments must match ^[a-zA-Z0-9_-]+$ and be at most 256 characters,
// and a top-level cloud resource is named `<cloud>/<resource>`: exactly two segments, or ARM rejects the template.
import type { ArmResource } from '../../../arm/template';
import { knownString, type KnownValue } from '../../../arm/value';
import type { CloudResource } from '../../../arm/anyscaleView';
import { CLOUD_RESOURCE_TYPE, NAMING } from '../../../catalog/anyscale';
import type { TemplateContext } from '../../templateContext';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';
import { quotedName } from '../../support/labels';
import { namesList } from '../../../text/namesList';

const CLOUD_RESOURCE_SEGMENT = CLOUD_RESOURCE_TYPE.slice(CLOUD_RESOURCE_TYPE.lastIndexOf('/') + 1).toLowerCase();
/** A valid `<cloud>/<resource>` name in one test, so the common case costs no splitting; lengths are checked apart. */
const VALID_SEGMENT = NAMING.namePattern.source.replace(/^\^|\$$/g, '');
const VALID_TWO_SEGMENTS = new RegExp(`^${VALID_SEGMENT}/${VALID_SEGMENT}$`);
const ACCEPTED = `names use only letters, digits, hyphens and underscores (${NAMING.namePattern.source}) and are at most ${NAMING.nameMaxLength} characters`;

function describeCharacter(character: string): string {
  return character === ' ' ? 'a space' : JSON.stringify(character);
}

/** What is wrong with one name segment, or undefined when it is valid. */
function segmentProblem(segment: string): string | undefined {
  if (segment === '') return 'is empty';
  if (segment.length > NAMING.nameMaxLength)
    return `is ${segment.length} characters long, over the limit of ${NAMING.nameMaxLength}`;
  if (NAMING.namePattern.test(segment)) return undefined;
  const disallowed = new Set<string>();
  for (const character of segment) if (!NAMING.namePattern.test(character)) disallowed.add(character);
  const listed = [...disallowed].map(describeCharacter);
  return listed.length === 1
    ? `contains ${listed[0]}, which is not allowed`
    : `contains ${namesList(listed)}, which are not allowed`;
}

/**
 * Reports `<subject> <problem>` when the segment is invalid; the subject names the segment, e.g. `Cloud name "a.b"`.
 * The finding sits where the name is written (a parameter default, a variable, a parameter file). `cloudResource`: the
 * cloud resource (the copy) whose name this is; undefined for a cloud's.
 */
function reportSegment(
  context: TemplateContext,
  at: KnownValue,
  subject: string,
  segment: string,
  cloudResource?: CloudResource,
): void {
  const problem = segmentProblem(segment);
  if (problem === undefined) return;
  context.report({
    at,
    cloudResource,
    message: `${subject} ${problem}: ${ACCEPTED}. ARM rejects the resource when the template is deployed.`,
  });
}

/** A child declared inside its parent's `resources` with the short type (`cloudResources`) names only itself. */
function namesOnlyItself(resource: ArmResource, context: TemplateContext): boolean {
  if (resource.parent === undefined) return false;
  const ownType = knownString(context.value(resource.typeNode, resource));
  return ownType !== undefined && !ownType.includes('/');
}

export const nameInvalid: TemplateRule = {
  code: 'name-invalid',
  title: `Cloud and cloud-resource names must match ${NAMING.namePattern.source} (at most ${NAMING.nameMaxLength} characters) and have the right number of segments`,
  defaultSeverity: 'error',
  category: 'naming',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloud of context.anyscale.clouds) {
      const name = cloud.name;
      const text = knownString(name);
      if (text !== undefined && name.known) reportSegment(context, name, `Cloud name ${quotedName(text)}`, text);
    }
    for (const cloudResource of context.anyscale.cloudResources) {
      const resource = cloudResource.resource;
      if (namesOnlyItself(resource, context)) {
        const leaf = knownString(resource.leafName);
        if (leaf !== undefined && resource.leafName.known)
          reportSegment(context, resource.leafName, `Cloud resource name ${quotedName(leaf)}`, leaf, cloudResource);
        continue;
      }
      const written = resource.name;
      const name = knownString(written);
      if (name === undefined || !written.known) continue;
      if (VALID_TWO_SEGMENTS.test(name) && name.length <= 2 * NAMING.nameMaxLength + 1) {
        const slash = name.indexOf('/');
        if (slash <= NAMING.nameMaxLength && name.length - slash - 1 <= NAMING.nameMaxLength) continue;
      }
      const segments = name.split('/');
      if (segments.length !== 2) {
        const described = segments.length === 1 ? 'has one segment' : `has ${segments.length} segments`;
        // `<cloud>/cloudResources/<resource>` is the resource-ID path; the name leaves out the type segment.
        const intended =
          segments.length === 3 && segments[1].toLowerCase() === CLOUD_RESOURCE_SEGMENT
            ? `${segments[0]}/${segments[2]}`
            : undefined;
        const fix =
          intended === undefined ? undefined : valueFix(written, intended, `Rename to ${quotedName(intended)}`);
        context.report({
          at: written,
          cloudResource,
          message: `Cloud resource name ${quotedName(name)} ${described}: a top-level ${CLOUD_RESOURCE_TYPE} resource is named "<cloud>/<resource>", exactly two segments, or ARM rejects the template.${intended ? ` Did you mean ${quotedName(intended)}?` : ''}`,
          fixes: fix && [fix],
        });
        continue;
      }
      reportSegment(
        context,
        written,
        `The cloud segment ${quotedName(segments[0])} of ${quotedName(name)}`,
        segments[0],
        cloudResource,
      );
      reportSegment(
        context,
        written,
        `The resource segment ${quotedName(segments[1])} of ${quotedName(name)}`,
        segments[1],
        cloudResource,
      );
    }
  },
};
