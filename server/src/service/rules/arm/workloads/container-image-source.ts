// container-image-source: a container image is either built from a Containerfile or taken from an image URI —
// exactly one of `containerfile` and `containerImageUri`. [SPEC] ContainerImageProperties @16306f9 (domain §1.5).
// Silent when `properties` is not written as an object (an expression the rules cannot see into).
import { findProperty } from '../../../json/nodes';
import type { TemplateRule } from '../../templateRule';
import { proxied } from '../../support/workloadReads';

const SOURCES = ['containerfile', 'containerImageUri'] as const;

export const containerImageSource: TemplateRule = {
  code: 'container-image-source',
  title: 'A container image sets exactly one of containerfile and containerImageUri',
  defaultSeverity: 'error',
  category: 'workload',
  appliesTo: 'armTemplate',
  check(context) {
    for (const image of proxied(context)) {
      if (image.kind !== 'containerImage') continue;
      const properties = image.resource.properties;
      if (properties !== undefined && properties.type !== 'object') continue;
      const written = SOURCES.map((name) => findProperty(properties, name)).filter(
        (property) => property !== undefined && property.children?.[1]?.type !== 'null',
      );
      if (written.length === 1) continue;
      if (written.length === 0) {
        context.report({
          at: image.anchor,
          message:
            'This container image sets neither containerfile (a Containerfile to build) nor containerImageUri (an existing image, e.g. "registry/repository:tag"): set exactly one.',
        });
        continue;
      }
      const second = written[1]!;
      const value = context.value(second.children?.[1], image.declared);
      context.report({
        at: value.known ? value : second,
        message:
          'This container image sets both containerfile and containerImageUri: set exactly one — containerfile to have Anyscale build the image, or containerImageUri to use an existing one.',
      });
    }
  },
};
