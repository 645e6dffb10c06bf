// The service's API: the one module lsp/, cli/ and node/ import from the service. Plain functions and data over
// text; nothing here knows LSP, the file system or the network. Grouped by what a caller does with them.

// Shared data types: findings, fixes, ranges, analyses.
export type {
  Analysis,
  AnalysisOptions,
  DocumentAnalysis,
  Finding,
  Fix,
  ParameterFileInput,
  RuleLevel,
  Severity,
  SyntaxProblem,
  TextEdit,
  TextRange,
  WorkspaceOptions,
} from './types';

// Analysing a document: text in, findings out (./analyze.ts), and the lighter model completion and hover read.
export { analyzeDocument, parseJson, wholeTree } from './analyze';
export { atParameterFileLevels, templateFindingsIn } from './parameterFileLevels';
export { classifyJson } from './documents/classifyJson';
export { CHECKED_LANGUAGES, isYamlLanguage } from './documents/languages';
export { buildTemplate } from './arm/template';
export { EditingModel, findingsAfterEdits } from './documents/editingModel';
export { LineIndex } from './text/lineIndex';
export { withDocumentLineBreaks } from './text/lineBreaks';
export { MAX_TEMPLATE_BYTES } from './catalog/armLimits';

// Rules, their levels and suppression comments.
export { RULES, SYNTAX_PROBLEMS, ruleByCode } from './rules/registry';
export { applySuppressions } from './suppression/suppress';
export {
  CONFIG_FILE_NAME,
  parseWorkspaceConfig,
  type ConfigProblem,
  type WorkspaceConfig,
} from './config/workspaceConfig';
export { globToRegExp, hasGlob } from './text/glob';

// Editor features: completion, hover, quick fixes, navigation.
export type { CompletionEntry, CompletionKind, HoverInfo } from './features/editing';
export { armCompletions } from './arm/features/completion';
export { armHover } from './arm/features/armHover';
export { withDiagnostics, type HoverDiagnostics } from './features/diagnosticHover';
export { YamlVersion, yamlCompletions, yamlHover } from './yaml/features/yamlEditing';
export { renderedLaterText, type RenderedLater } from './yaml/templateActions';
export { disableFixes, fixAllEdits, fixesAt, suppressibleAt } from './features/fixes';
export { declarationOf, usesOf, type SymbolLocation } from './arm/features/navigation/symbolUses';
export { cannotRename, renameSymbol } from './arm/features/navigation/rename';
export {
  symbolInParameterFile,
  symbolInTemplate,
  type NavigationDocument,
  type SymbolAt,
  type TemplateDocument,
} from './arm/features/navigation/symbols';
export {
  cannotRenameYamlAnchor,
  renameYamlAnchor,
  yamlAnchorAt,
  type YamlAnchorAt,
} from './yaml/features/anchorNavigation';

// The workspace index, the Cloud Resources tree, and what Azure holds.
export { NO_FACTS, WorkspaceIndex, isEmptyFacts, type FileOutline, type WorkspaceView } from './index/workspaceIndex';
export { documentOutline, type OutlineOptions } from './index/facts';
export { cloudTree } from './index/cloudTree';
export { DeployedIndex, readDeployed } from './azure/deployed';
export { cloudDeploymentIdEdits } from './azure/cloudDeploymentId';
export { CannotGenerateValues, generateOperatorValues } from './values/generate';
export { EXTENSIONS, evaluateClusterExtension, verificationPlan } from './clusterExtension/verify';

// Egress: the targets, their outcomes and reports; the probes themselves run in node/egressProbe.
export { allowListFor } from './egress/allowList';
export { formatDuration } from '../../../shared/egress/duration';
export { flowLabel } from '../../../shared/egress/flows';
export { probeJob } from './egress/cluster/job';
export {
  countResults,
  egressReportJson,
  notProbed,
  optionalFailedPart,
  proxyUsed,
  reportDiagnosis,
} from '../../../shared/egress/diagnosis';
export { hintFor } from './egress/hints';
export { formatDoneLine, formatProbeLine, parseProbeLog } from './egress/lines';
export { ABORTED, DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS, TIMEOUT, classify, type Phase } from './egress/outcomes';
export {
  bypassesProxy,
  proxyConfig,
  proxyDisplay,
  proxyFromEnvironment,
  proxyPort,
  type ProxyConfig,
} from './egress/proxy';
export { parseTargetsFile, settingsNotInTargetsFile } from './egress/targetsFile';
export { concreteHostPort, type TargetsUse } from './egress/target';
export { isCloudId } from './egress/catalog';
export { deriveWorkspaceTargets, fromThisMachine, type WorkspaceFile } from './egress/workspace';
