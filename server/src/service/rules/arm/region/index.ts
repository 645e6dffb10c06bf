// Rules about where things live: `region` (where compute runs), `location` (where ARM keeps the record)
// and the bucket's region.
import type { TemplateRule } from '../../templateRule';
import { regionMissing } from './region-missing';
import { regionInvalid } from './region-invalid';
import { regionUnknown } from './region-unknown';
import { locationUnsupported } from './location-unsupported';
import { locationDiffersFromCloud } from './location-differs-from-cloud';
import { bucketRegionDiffers } from './bucket-region-differs';

export const regionRules: readonly TemplateRule[] = [
  regionMissing,
  regionInvalid,
  regionUnknown,
  locationUnsupported,
  locationDiffersFromCloud,
  bucketRegionDiffers,
];
