// Messages between the extension client and the language server beyond standard LSP: one typed RequestType or
// NotificationType object per message (vscode-languageserver-protocol, which both the client and the server already
// bundle), with its params and result types, so neither side imports the other's code nor spells a method name.
import { NotificationType, RequestType, type WorkDoneProgressParams } from 'vscode-languageserver-protocol';

/** Sent by the server after each validation of a document: what the Language Status item shows. */
export const DocumentStatsNotification = new NotificationType<DocumentStats>('anyscaleAzure/documentStats');

export interface DocumentStats {
  uri: string;
  /** Document version that was validated. */
  version: number;
  /** What the document is, e.g. "armTemplate"; "other" documents are not ours. */
  kind: string;
  /** Number of Anyscale.Platform clouds and cloud resources in the document. */
  anyscaleResources: number;
  /** Number of diagnostics published for the document. */
  problems: number;
  /** Number of those diagnostics that are errors. */
  errors: number;
  /** Number of `anyscale-azure-disable…` suppression comments in the document. */
  suppressionComments: number;
  /** Milliseconds spent parsing, building the model and running the rules. */
  durationMs: number;
}

/** Options the client passes in `initializationOptions`. */
export interface InitializationOptions {
  /** Base URI of the rule docs pages (a folder holding `<code>.md`); the diagnostics' codeDescription links there. */
  docsBaseUri?: string;
  /** Client-side commands the server may attach to code actions, e.g. SHOW_RULE_DOCUMENTATION_COMMAND. */
  commands?: string[];
}

/** Client command that opens a rule's docs page; its argument is the page's URI (the diagnostic's codeDescription). */
export const SHOW_RULE_DOCUMENTATION_COMMAND = 'anyscaleAzure.showRuleDocumentation';

/** The settings section the server reads (`anyscaleAzure.*`). */
export interface ServerSettings {
  rules?: Record<string, 'off' | 'info' | 'warning' | 'error'>;
  validation?: { delay?: number };
  /** Template glob (relative to the workspace folder) → its parameter files, beyond `<name>.parameters*.json` beside it. */
  parameterFiles?: Record<string, string[]>;
}

// ---- Egress verification: the workspace's required outbound targets, probing them, and the allow-list. ----

/** Which outbound path a target belongs to (networking doc, "four flows"), so a failure names the path to open. */
export type EgressFlow =
  | 'client-control-plane'
  | 'client-aks'
  | 'client-storage'
  | 'aks-control-plane'
  | 'aks-storage-registry'
  | 'aks-azure-platform'
  /** A host the user listed that the docs do not (shared/egress/flows.ts). */
  | 'aks-listed';

/** How a probe ended. Everything but `ok` is a failure, `needs-host` is a wildcard nobody named a host for. */
export type EgressOutcome =
  | 'ok'
  | 'nxdomain'
  | 'dns-timeout'
  | 'dns-error'
  | 'refused'
  | 'unreachable'
  | 'tcp-timeout'
  | 'reset'
  | 'tls-timeout'
  | 'tls-untrusted'
  | 'tls-hostname'
  | 'tls-expired'
  | 'tls-error'
  | 'http-timeout'
  | 'proxy-auth-required'
  | 'proxy-refused'
  | 'needs-host'
  | 'cancelled'
  | 'error';

export interface EgressSource {
  title: string;
  url: string;
}

/** One host (and port) that must be reachable, with why and from where. */
export interface EgressTargetInfo {
  /** A concrete FQDN, or the wildcard pattern itself when `needsHost` is true. */
  host: string;
  port: number;
  flow: EgressFlow;
  purpose: string;
  source: EgressSource;
  /** Required targets fail the run (CLI exit 1); others are reported only. */
  required: boolean;
  /** Where the target came from: the built-in catalog, a workspace file, a setting or a targets file. */
  origin: 'catalog' | 'workspace' | 'settings' | 'file';
  /** The catalog's wildcard pattern this concrete host stands for, e.g. `*.azure.anyscale-cloud.dev`. */
  pattern?: string;
  /** A wildcard with no concrete host from the workspace or settings: reported, never probed. */
  needsHost?: boolean;
  /** The workspace file a derived target was read from. */
  file?: string;
}

export interface EgressProbeResult {
  target: EgressTargetInfo;
  outcome: EgressOutcome;
  ok: boolean;
  /** Wall time of the whole probe of this target. */
  ms: number;
  /** Per-phase milliseconds; a phase that did not run is absent. */
  phases: { dnsMs?: number; tcpMs?: number; tlsMs?: number; httpMs?: number };
  addresses?: string[];
  tls?: { issuer?: string; subject?: string; validTo?: string; protocol?: string };
  httpStatus?: number;
  /** The proxy used, without credentials. */
  via?: string;
  detail?: string;
  /** What to allow or fix, naming the FQDN, the port and the flow. */
  hint?: string;
}

export interface EgressReport {
  /** Where the probes ran: this machine, or a Job in the named kube context. */
  origin: 'local' | 'cluster';
  context?: string;
  startedAt: string;
  durationMs: number;
  cancelled: boolean;
  results: EgressProbeResult[];
  /**
   * Settings or files the run could not use, in words: a targets file that cannot be read or parsed, a CA file, a
   * proxy setting. The run went on without them.
   */
  problems?: string[];
}

/** `anyscaleAzure.egress.*` settings (plus VS Code's `http.proxy`), sent by the client with each request. */
export interface EgressSettings {
  /** Concrete hosts (`host` or `host:port`), e.g. for the documented wildcards. */
  targets?: string[];
  /** Anyscale cloud IDs (`cld_...`): each adds `cld-<id>.azure.anyscale-cloud.dev` (a host form inferred from the Private Link page). */
  cloudIds?: string[];
  /** The allow-list lists one entry per known cloud ID instead of `*.azure.anyscale-cloud.dev` (strict per-cloud-ID egress). */
  strictCloudIds?: boolean;
  /** A JSON targets file that replaces the derived list (the CLI's --targets format). */
  targetsFile?: string;
  concurrency?: number;
  /** Timeout of each phase (DNS, TCP, TLS, HTTP) in milliseconds. */
  timeoutMs?: number;
  httpHead?: boolean;
  /** A PEM file of extra trusted CAs (e.g. a TLS-inspecting firewall's). */
  caFile?: string;
  /** An explicit proxy URL; otherwise HTTPS_PROXY/NO_PROXY from the environment. */
  proxy?: string;
  noProxy?: string[];
  /** Host name → IP address, used instead of DNS (like curl --resolve). */
  resolve?: Record<string, string>;
}

export interface EgressWorkspaceParams {
  /** Workspace folder paths to read templates and values files from. */
  folders: string[];
  settings: EgressSettings;
}

export interface EgressTargetsResult {
  targets: EgressTargetInfo[];
  /** Files or settings that could not be read, in words. */
  problems: string[];
}

/** Request: the targets the workspace needs. */
export const EgressTargetsRequest = new RequestType<EgressWorkspaceParams, EgressTargetsResult, void>(
  'anyscaleAzure/egress/targets',
);

/** With a `workDoneToken`, the server reports LSP work-done progress on it (`$/progress`): a report per finished target. */
export interface EgressProbeParams extends EgressWorkspaceParams, WorkDoneProgressParams {
  /** Probe exactly these (e.g. re-run one target); otherwise the workspace's targets. */
  targets?: EgressTargetInfo[];
}

/**
 * Request: probe targets from the server's machine; cancellable. Progress is LSP work-done progress on the params'
 * `workDoneToken`: `begin`, then per finished target a `report` with the percentage done and `<done>/<total> · <host>
 * <outcome>`, then `end`.
 */
export const EgressProbeRequest = new RequestType<EgressProbeParams, EgressReport, void>('anyscaleAzure/egress/probe');

export interface EgressAllowList {
  /** An Azure Firewall policy rule collection group (ARM JSON) with one application rule collection. */
  armJson: string;
  /** The same template as JSON with comments, as an editor shows it: a title line, then what it is and the notes as `//` lines. */
  armJsonc: string;
  /** The equivalent `az network firewall policy rule-collection-group` commands. */
  azCli: string;
  /** The same FQDNs as a plain list, one a line under a `# HTTPS, port N` line, notes as `#` lines. */
  fqdnList: string;
  /** Wildcards that stay wildcards in the allow-list (Azure Firewall accepts `*.` prefixes only). */
  targets: EgressTargetInfo[];
  /** What the reader must know about the list (strict per-cloud-ID egress: what is inferred, left out, or kept and why). */
  notes: string[];
  /** Files or settings that could not be read (a targets file), in words: the list was made without them. */
  problems?: string[];
}

/** Request: the allow-list for the workspace's targets. */
export const EgressAllowListRequest = new RequestType<EgressWorkspaceParams, EgressAllowList, void>(
  'anyscaleAzure/egress/allowList',
);

export interface EgressClusterJobParams extends EgressWorkspaceParams {
  namespace: string;
  image: string;
  /** Probe exactly these (e.g. re-run one target); otherwise the workspace's targets. */
  targets?: EgressTargetInfo[];
}

export interface EgressClusterJob {
  name: string;
  namespace: string;
  /** The Job manifest as JSON text (kubectl apply reads JSON); shown to the user before it is applied. */
  manifest: string;
  targets: EgressTargetInfo[];
  /** Files or settings that could not be read (a targets file, a CA file), in words: the Job was made without them. */
  problems?: string[];
}

/** Request: the probe Job manifest for the workspace's targets. */
export const EgressClusterJobRequest = new RequestType<EgressClusterJobParams, EgressClusterJob, void>(
  'anyscaleAzure/egress/clusterJob',
);

export interface EgressClusterLogParams {
  log: string;
  targets: EgressTargetInfo[];
  context?: string;
  startedAt: string;
  durationMs: number;
}

/** Request: parse the probe Job's log into a report, with the same parser as local results. */
export const EgressClusterLogRequest = new RequestType<EgressClusterLogParams, EgressReport, void>(
  'anyscaleAzure/egress/parseClusterLog',
);

// ---- Workspace index: the clouds the workspace declares, for the Cloud Resources tree and the live Azure view. ----
// Every node carries what a tree item needs: a stable id, a label, description parts, problem counts, where to reveal
// it and its tooltip rows. Positions are zero-based (LSP). docs/index.md says what is indexed and how files relate.

/** Request: the whole index, or one cloud (`params.cloud`, a cloud's `id`). Answered at once, even while scanning. */
export const WorkspaceIndexRequest = new RequestType<WorkspaceIndexParams, WorkspaceIndexResult, void>(
  'anyscaleAzure/workspaceIndex',
);
/** Notification: the index changed; names the clouds whose subtree changed. Sent after the debounce, never per keystroke. */
export const WorkspaceIndexChangedNotification = new NotificationType<WorkspaceIndexChanged>(
  'anyscaleAzure/workspaceIndexChanged',
);

export interface WorkspaceIndexParams {
  /** Only this cloud (a cloud's `id`): `clouds` then holds it, or nothing when it is gone. */
  cloud?: string;
}

export interface WorkspaceIndexResult {
  /** By label (known names first), then id. */
  clouds: IndexedCloud[];
  /** False until the first scan of the workspace folders is done; a change notification with `complete: true` follows. */
  complete: boolean;
  /**
   * The scan, or the walk of a folder created since, stopped at its file limit (20,000 candidate files): some files
   * were not looked at.
   */
  truncated: boolean;
  /**
   * Candidate files on disk the index could not read, with why in the words of `anyscale-azure check` (over its
   * 16 MB limit: "too large to check: …"). By path.
   */
  unread: UnreadFile[];
}

export interface UnreadFile {
  uri: string;
  reason: string;
}

export interface WorkspaceIndexChanged {
  /** Ids of the clouds added, changed or gone: request these again (`params.cloud`), or the whole index. */
  clouds: string[];
  complete: boolean;
}

export interface IndexPosition {
  line: number;
  character: number;
}

/** An LSP Range. */
export interface IndexRange {
  start: IndexPosition;
  end: IndexPosition;
}

export interface IndexLocation {
  uri: string;
  range: IndexRange;
}

export interface SeverityCounts {
  error: number;
  warning: number;
  info: number;
}

/** A finding as the index names it: the most severe on a node (the first of those in its file). */
export interface IndexedProblem {
  /** The rule code; its docs page is `<code>.md` under the rule docs (syntax errors: `invalid-json`, `invalid-yaml`). */
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

/** A name or a value as the index shows it. */
export interface IndexedText {
  /** The value; when it cannot be known before deployment, the ARM expression as written (`[parameters('cloudName')]`). */
  text: string;
  /** False when `text` is an expression, not a value. The index never guesses a value. */
  known: boolean;
}

/** One row of a node's tooltip: `label: value`, the value marked when it is an expression. */
export interface IndexTooltipRow {
  label: string;
  value: string;
  known: boolean;
}

export interface IndexNode {
  /** Stable across edits that do not move the node to another file, cloud or position in its file's structure. */
  id: string;
  label: string;
  /** Shown after the label, joined with " · " (e.g. provider, region, "primary"). */
  description: string[];
  /** The problems on this node: a cloud's include its cloud resources', counted once per declaration. */
  problems: SeverityCounts;
  /** The most severe of them, when there is one: what "open the rule docs of its worst finding" opens. */
  worst?: IndexedProblem;
  /** Where a click takes the user: a declaration's name, a values file's cloudDeploymentId, a file's start. */
  reveal: IndexLocation;
  tooltip: IndexTooltipRow[];
}

export interface IndexedCloud extends IndexNode {
  kind: 'cloud';
  /** A known name is the cloud's, whatever file declares it (compared ignoring case); an unknown one is per template. */
  name: IndexedText;
  location?: IndexedText;
  /** The templates that declare the cloud (`Anyscale.Platform/clouds`), at its name; empty when they only add cloud resources. */
  declaredIn: IndexLocation[];
  /** In file order, the copies of a loop one after another. */
  cloudResources: IndexedCloudResource[];
}

export interface IndexedCloudResource extends IndexNode {
  kind: 'cloudResource';
  cloudId: string;
  /** Its own name segment: `default`, not `cloud/default`. */
  name: IndexedText;
  /** `default` (ignoring case): the primary cloud resource, where services run. False when the name is not known. */
  primary: boolean;
  provider?: IndexedText;
  region?: IndexedText;
  /** The top-level `location` ARM records the resource in. */
  location?: IndexedText;
  bucket?: IndexedText;
  bucketRegion?: IndexedText;
  endpoint?: IndexedText;
  operatorIdentity?: IndexedText;
  /** Which copy of a `copy` loop this is, when the loop's count is known. */
  copyIndex?: number;
  /** The parameter files (URIs) whose values give this reading; empty when the template is read without one. */
  parameterFiles: string[];
  /** `[resourceId('Anyscale.Platform/clouds/cloudResources', <cloud>, <name>)]`, unknown parts as their expressions. */
  resourceIdExpression: string;
  /** What runs on it, in words (cloud-resources-overview): services only on the primary. */
  workloads: string[];
  /** Its template first, then its parameter files, what the same template declares, values files, Gateway manifests. */
  files: IndexedFile[];
}

export type IndexedFileKind =
  | 'template'
  | 'parameterFile'
  | 'aksCluster'
  | 'clusterExtension'
  | 'operatorExtension'
  | 'valuesFile'
  | 'gatewayManifest';

/** Why a file (or a resource of the template) is listed under a cloud resource. */
export type IndexedRelation =
  /** The template that declares the cloud resource. */
  | 'declares'
  /** A parameter file the template is read with. */
  | 'parameters'
  /** Declared in the same template (an AKS cluster, an extension). */
  | 'sameTemplate'
  /**
   * A values file, Gateway manifest or another template's operator extension in the template's folder, under the cloud
   * resources it matches (docs/index.md, "Related files"); under each, its description saying so, when it matches none.
   */
  | 'sameFolder'
  /** A values file or Gateway manifest naming a cloud resource ID (`cldrsrc_…`) that one of the above names. */
  | 'sameCloudResourceId';

export interface IndexedFile extends IndexNode {
  kind: IndexedFileKind;
  relation: IndexedRelation;
  uri: string;
  /** Operator values (a values file, an Anyscale.AKS.Operator extension): `global.cloudDeploymentId`. */
  cloudDeploymentId?: IndexedText;
  /** Operator values: `global.cloudProvider`. */
  cloudProvider?: IndexedText;
  /** A cluster extension (not the operator): its `extensionType`, e.g. `microsoft.kuberay`. */
  extensionType?: IndexedText;
}

// ---- The live Azure view: what "Connect to Azure" listed, sent to the server for the drift checks (docs/azure.md). ----
// The client lists subscriptions, Anyscale.Platform clouds and their cloud resources through the ARM REST API with the
// user's Microsoft sign-in; the token stays in the client. The server compares the listing with the templates.

/** Notification (client → server): the latest listing, or `null` once disconnected (the drift checks then stop). */
export const DeployedAzureNotification = new NotificationType<DeployedAzureParams>('anyscaleAzure/deployedAzure');

export interface DeployedAzureParams {
  deployed: DeployedAzure | null;
}

/** Why something could not be listed: ARM's status and error code, and what it most likely means. */
export interface DeployedProblem {
  /** The HTTP status; absent when the request never got an answer (network, timeout). */
  status?: number;
  /** ARM's `error.code`, e.g. `ResourceNotFound`, `AuthorizationFailed`. */
  code?: string;
  message: string;
  /** What to check, e.g. the Anyscale Platform Contributor role on a 404. */
  hint?: string;
}

export interface DeployedAzure {
  /** The ARM endpoint listed (the `anyscaleAzure.azure.resourceManagerEndpoint` setting). */
  endpoint: string;
  /** When the listing finished (ISO 8601). */
  listedAt: string;
  subscriptions: DeployedSubscription[];
  /** Listing the subscriptions failed: nothing below is complete. */
  problem?: DeployedProblem;
}

export interface DeployedSubscription {
  subscriptionId: string;
  displayName: string;
  /** The Anyscale.Platform api-version that answered: 2026-09-01, or the preview one this subscription falls back to. */
  apiVersion?: string;
  clouds: DeployedCloud[];
  /** Listing the subscription's clouds failed: its clouds are not all known. */
  problem?: DeployedProblem;
}

export interface DeployedCloud {
  /** The ARM resource ID. */
  id: string;
  name: string;
  resourceGroup: string;
  location?: string;
  provisioningState?: string;
  cloudResources: DeployedCloudResource[];
  /** Listing the cloud's cloud resources failed: they are not all known. */
  problem?: DeployedProblem;
}

/** A cloud resource as ARM returns it; property values as strings, absent when ARM returned none. */
export interface DeployedCloudResource {
  /** The ARM resource ID (`…/clouds/<cloud>/cloudResources/<name>`). */
  id: string;
  /** Its own name segment. */
  name: string;
  location?: string;
  provisioningState?: string;
  /** The generated `cldrsrc_…` ID the operator registers with (`global.cloudDeploymentId`). */
  cloudResourceId?: string;
  properties: DeployedCloudResourceProperties;
}

/** The creation-time properties of a cloud resource that the drift check compares (none can change after creation). */
export interface DeployedCloudResourceProperties {
  provider?: string;
  computeStack?: string;
  region?: string;
  cloudStorageBucketName?: string;
  cloudStorageBucketEndpoint?: string;
  cloudStorageBucketRegion?: string;
  anyscaleOperatorIamIdentity?: string;
}

/** The names of DeployedCloudResourceProperties: what the Azure listing reads, the drift check compares and the rules read. */
export const CLOUD_RESOURCE_PROPERTIES: readonly (keyof DeployedCloudResourceProperties)[] = [
  'provider',
  'computeStack',
  'region',
  'cloudStorageBucketName',
  'cloudStorageBucketEndpoint',
  'cloudStorageBucketRegion',
  'anyscaleOperatorIamIdentity',
];

/** Request: the edit that sets `global.cloudDeploymentId` in an open values file to a deployed cloud resource's ID. */
export const CloudDeploymentIdEditRequest = new RequestType<CloudDeploymentIdEditParams, CloudDeploymentIdEdit, void>(
  'anyscaleAzure/cloudDeploymentIdEdit',
);

export interface CloudDeploymentIdEditParams {
  /** An open document: a Helm values file of the Anyscale operator. */
  uri: string;
  /** The `cldrsrc_…` ID to write. */
  cloudResourceId: string;
}

export interface CloudDeploymentIdEdit {
  /** The document version the edits are for; absent with `problem`. */
  version?: number;
  /** Zero-based, replacing only the value (or inserting the key under `global`). Empty when the value is already that ID. */
  edits: { range: IndexRange; newText: string }[];
  /** Why nothing can be edited, in words (not a values file, the value is a template or an alias…). */
  problem?: string;
}

// ---- Generated operator values: a values.yaml for one cloud resource of the index (the tree's context action). ----

/** Request: operator values for the cloud resource with that `id` (an IndexedCloudResource's), as YAML text. */
export const GenerateValuesRequest = new RequestType<GenerateValuesParams, GeneratedValues, void>(
  'anyscaleAzure/generateValues',
);

export interface GenerateValuesParams {
  /** An IndexedCloudResource's `id`. Answered InvalidParams when the index no longer holds it, or its provider is not known. */
  cloudResource: string;
}

export interface GeneratedValues {
  /** The values file: the keys its provider needs, with comments saying where each value comes from. */
  content: string;
  /** `global.cloudProvider` as the chart spells it: `azure`, `aws`, `gcp` or `generic`. */
  cloudProvider: string;
  /** A file name to save it as, e.g. `values.my-cloud.default.yaml`. */
  fileName: string;
  /** The keys left as `<placeholder>`: values only Azure knows or the template computes at deployment, and a Generic cluster's CLI token (passed at install time). */
  placeholders: string[];
}

// ---- Verify Cluster Extension: is the managed KubeRay or the Anyscale operator extension installed and healthy on a cluster? ----
// The client asks for the plan (the argv of each `az` / `kubectl` read), runs it, and sends the outputs back; the server
// turns them into checks with pass/fail and what to do (server/src/service/clusterExtension). docs/cluster-extension.md.

export type ClusterExtensionKind = 'kuberay' | 'anyscaleOperator';

export interface ClusterExtensionTarget {
  kind: ClusterExtensionKind;
  /** The kube context the kubectl reads use. */
  context: string;
  /** The AKS cluster `az k8s-extension show` asks about. */
  resourceGroup: string;
  clusterName: string;
  /** The extension instance's name; the documented default for the kind when absent. */
  extensionName?: string;
}

export type ClusterExtensionStepId = 'extension' | 'deployment' | 'crds';

export interface ClusterExtensionStep {
  id: ClusterExtensionStepId;
  tool: 'az' | 'kubectl';
  /** Spawned as argv, never through a shell. */
  argv: string[];
}

export interface ClusterExtensionPlan {
  /** With `extensionName` filled in. */
  target: ClusterExtensionTarget;
  steps: ClusterExtensionStep[];
}

/** What one spawned program did; `code` null when it could not be started (then `stderr` says why, e.g. ENOENT). */
export interface ToolOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ClusterExtensionEvaluateParams {
  target: ClusterExtensionTarget;
  /** By step id; a step left out was not run (cancelled). */
  outputs: Partial<Record<ClusterExtensionStepId, ToolOutput>>;
}

export interface ClusterExtensionCheck {
  /** What was checked, e.g. `provisioningState`, `deployment/kuberay-operator Available`, `CRD rayjobs.ray.io Established`. */
  name: string;
  status: 'pass' | 'fail' | 'unknown';
  /** What was found. */
  detail: string;
  /** For a check that did not pass: what to do next. */
  whatToDo?: string;
}

export interface ClusterExtensionReport {
  target: ClusterExtensionTarget;
  title: string;
  checks: ClusterExtensionCheck[];
  counts: { pass: number; fail: number; unknown: number };
  /** The report as Markdown, shown to the user. */
  markdown: string;
}

/** Request: the `az` / `kubectl` reads that verify an extension (a ClusterExtensionTarget in, a ClusterExtensionPlan out). */
export const ClusterExtensionPlanRequest = new RequestType<ClusterExtensionTarget, ClusterExtensionPlan, void>(
  'anyscaleAzure/clusterExtension/plan',
);
/** Request: their outputs turned into checks (ClusterExtensionEvaluateParams in, a ClusterExtensionReport out). */
export const ClusterExtensionEvaluateRequest = new RequestType<
  ClusterExtensionEvaluateParams,
  ClusterExtensionReport,
  void
>('anyscaleAzure/clusterExtension/evaluate');
