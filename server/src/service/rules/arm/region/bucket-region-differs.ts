// bucket-region-differs: `cloudStorageBucketRegion` defaults to `region`; a different value is right only when the
// bucket really lives in another region than the compute, so point it out.
import { knownString } from '../../../arm/value';
import { isValidRegionSyntax } from '../../../catalog/regions';
import { rangeOf } from '../../runner';
import type { TemplateRule } from '../../templateRule';

export const bucketRegionDiffers: TemplateRule = {
  code: 'bucket-region-differs',
  title: 'cloudStorageBucketRegion differs from region; right only if the bucket is in another region',
  defaultSeverity: 'info',
  category: 'region',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloudResource of context.anyscale.cloudResources) {
      const bucket = cloudResource.prop('cloudStorageBucketRegion').value;
      const bucketRegion = knownString(bucket);
      if (bucketRegion === undefined || !bucket.known || !isValidRegionSyntax(bucketRegion)) continue;
      const compute = cloudResource.prop('region').value;
      const region = knownString(compute);
      if (region === undefined || !compute.known || !isValidRegionSyntax(region) || region === bucketRegion) continue;
      context.report({
        cloudResource,
        at: bucket,
        message: `cloudStorageBucketRegion "${bucketRegion}" differs from region "${region}", which is right only if the bucket really is in ${bucketRegion}. If the bucket is in ${region}, remove cloudStorageBucketRegion (it defaults to region) so Anyscale doesn't look for the bucket in the wrong region.`,
        related: [{ ...rangeOf(compute.origin), message: `The compute region is "${region}".` }],
      });
    }
  },
};
