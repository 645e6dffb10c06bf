// Rules about object storage: the bucket URI, its endpoint and the CORS rule the console needs.
import type { TemplateRule } from '../../templateRule';
import { bucketSchemeMismatch } from './bucket-scheme-mismatch';
import { bucketSubpath } from './bucket-subpath';
import { bucketEndpointInvalid } from './bucket-endpoint-invalid';
import { bucketEndpointTrailingSlash } from './bucket-endpoint-trailing-slash';
import { bucketEndpointAccountMismatch } from './bucket-endpoint-account-mismatch';
import { bucketEndpointNotNeeded } from './bucket-endpoint-not-needed';
import { bucketCorsRequired } from './bucket-cors-required';
import { bucketShared } from './bucket-shared';

export const storageRules: readonly TemplateRule[] = [
  bucketSchemeMismatch,
  bucketSubpath,
  bucketEndpointInvalid,
  bucketEndpointTrailingSlash,
  bucketEndpointAccountMismatch,
  bucketEndpointNotNeeded,
  bucketCorsRequired,
  bucketShared,
];
