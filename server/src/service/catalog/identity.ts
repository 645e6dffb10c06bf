// Shapes of the operator identity a cloud resource records in `anyscaleOperatorIamIdentity`, per provider kind:
// an Azure managed identity's principal ID, an AWS IAM role ARN, a Google Cloud service-account email.
import type { Provider } from './anyscale';
import { Citations, cite, type Grade, Source, SOURCES } from './source';

export type IdentityKind = Exclude<Provider['identity'], 'none'>;

export interface IdentityShape {
  readonly kind: IdentityKind;
  /** What the value is, in words that fit "must be …". */
  readonly description: string;
  readonly example: string;
  /** What a quick fix writes when the property is missing: visibly a placeholder, so other checks flag it until replaced. */
  readonly placeholder: string;
  /** The value is accepted when any of these matches. */
  readonly patterns: readonly RegExp[];
  readonly sources: readonly Source[];
  readonly grade: Grade;
}

const IDENTITY_SOURCES = {
  awsArns: Source.parse({
    title: 'IAM identifiers: ARNs (AWS Identity and Access Management User Guide)',
    url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-arns',
  }),
  gcpServiceAccounts: Source.parse({
    title: 'Service account types (Google Cloud IAM documentation)',
    url: 'https://cloud.google.com/iam/docs/service-account-types',
  }),
};

/** A GUID such as a managed identity's principal ID or client ID. */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `arn:<partition>:iam::<12-digit account>:role/<optional path/><role name>`; partitions are aws, aws-cn, aws-us-gov, …. */
const AWS_ROLE_ARN = /^arn:aws(?:-[a-z]+)*:iam::\d{12}:role\/(?:[\w+=,.@-]+\/)*[\w+=,.@-]{1,64}$/;

/** A user-managed service account: `<name>@<project>.iam.gserviceaccount.com`. */
const GCP_USER_MANAGED_SERVICE_ACCOUNT = /^[a-z][a-z0-9-]{0,62}@[a-z0-9][a-z0-9.-]*\.iam\.gserviceaccount\.com$/i;
/** The Compute Engine default service account: `<project number>-compute@developer.gserviceaccount.com`. */
const GCP_COMPUTE_DEFAULT_SERVICE_ACCOUNT = /^\d+-compute@developer\.gserviceaccount\.com$/i;
/** The App Engine default service account: `<project>@appspot.gserviceaccount.com`. */
const GCP_APP_ENGINE_DEFAULT_SERVICE_ACCOUNT = /^[a-z0-9][a-z0-9.:-]*@appspot\.gserviceaccount\.com$/i;

export const IDENTITY_SHAPES: Readonly<Record<IdentityKind, IdentityShape>> = {
  azurePrincipalId: {
    kind: 'azurePrincipalId',
    description: "the managed identity's principal ID, a GUID",
    example: '00000000-0000-0000-0000-000000000000',
    placeholder: '<managed-identity-principal-id>',
    patterns: [GUID],
    sources: [SOURCES.cloudResourcesOverview, SOURCES.addCloudResource],
    grade: 'documented',
  },
  awsRoleArn: {
    kind: 'awsRoleArn',
    description: 'an IAM role ARN',
    example: 'arn:aws:iam::123456789012:role/anyscale-operator-role',
    placeholder: '<iam-role-arn>',
    patterns: [AWS_ROLE_ARN],
    sources: [SOURCES.cloudResourcesOverview, IDENTITY_SOURCES.awsArns],
    grade: 'documented',
  },
  gcpServiceAccount: {
    kind: 'gcpServiceAccount',
    description: 'a service-account email',
    example: 'anyscale-operator@my-project.iam.gserviceaccount.com',
    placeholder: '<service-account-email>',
    patterns: [
      GCP_USER_MANAGED_SERVICE_ACCOUNT,
      GCP_COMPUTE_DEFAULT_SERVICE_ACCOUNT,
      GCP_APP_ENGINE_DEFAULT_SERVICE_ACCOUNT,
    ],
    sources: [SOURCES.cloudResourcesOverview, IDENTITY_SOURCES.gcpServiceAccounts],
    grade: 'documented',
  },
};

export const IDENTITY_KINDS: readonly IdentityKind[] = Object.values(IDENTITY_SHAPES).map((shape) => shape.kind);

export function matchesIdentityShape(kind: IdentityKind, value: string): boolean {
  return IDENTITY_SHAPES[kind].patterns.some((pattern) => pattern.test(value));
}

/**
 * Values that are recognisably the wrong identifier for the right identity, with what to use instead.
 * Checked only after the value failed its provider's shape.
 */
export const IDENTITY_MISTAKES: readonly {
  readonly kind: IdentityKind;
  readonly pattern: RegExp;
  readonly hint: string;
  readonly source: Source;
  readonly grade: Grade;
}[] = [
  {
    kind: 'azurePrincipalId',
    pattern:
      /^\/subscriptions\/[^/]+\/resourcegroups\/[^/]+\/providers\/microsoft\.managedidentity\/userassignedidentities\/[^/]+$/i,
    hint: "This is the managed identity's resource ID; use its principal ID, e.g. reference(<identity resource ID>, '2023-01-31').principalId.",
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    kind: 'awsRoleArn',
    pattern: /^arn:aws(?:-[a-z]+)*:iam::\d{12}:user\//,
    hint: 'This is an IAM user ARN; the operator assumes an IAM role, so use the role ARN.',
    source: IDENTITY_SOURCES.awsArns,
    grade: 'documented',
  },
  {
    kind: 'awsRoleArn',
    pattern: /^arn:aws(?:-[a-z]+)*:sts::\d{12}:assumed-role\//,
    hint: 'This is an STS assumed-role session ARN; use the ARN of the role itself (arn:aws:iam::<account>:role/<name>).',
    source: IDENTITY_SOURCES.awsArns,
    grade: 'documented',
  },
  {
    kind: 'awsRoleArn',
    pattern: /^arn:aws(?:-[a-z]+)*:iam::\d{12}:instance-profile\//,
    hint: 'This is an instance profile ARN; use the ARN of the role inside it.',
    source: IDENTITY_SOURCES.awsArns,
    grade: 'documented',
  },
  {
    kind: 'gcpServiceAccount',
    pattern: /^\d{21}$/,
    hint: "This looks like the service account's numeric unique ID; use its email address.",
    source: IDENTITY_SOURCES.gcpServiceAccounts,
    grade: 'documented',
  },
];

/** Sources and grades of this module's plain facts (test/unit/grades.test.ts checks every export has one). */
export const CITATIONS: Citations = Citations.parse({
  IDENTITY_KINDS: cite(SOURCES.cloudResourcesOverview, 'documented'),
});
