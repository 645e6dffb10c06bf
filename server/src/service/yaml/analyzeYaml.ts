// The service's YAML path: parses the text once, classifies each document, builds operator values and gateway
// manifests, and runs the values and gateway rules with the configured levels. Documents that are not ours
// (other charts' values, other manifests) produce nothing, and neither does a file with YAML syntax errors. A file
// whose YAML does not parse because of its template actions (a Helm chart's template) is `other`, saying so
// (`renderedLater`), with no syntax error: it is YAML only once rendered.
import type { AnalysisOptions, DocumentAnalysis, Finding, WorkspaceOptions } from '../types';
import { RULES } from '../rules/registry';
import { collectFindings, reportingOnce, runRules } from '../rules/runner';
import { isValuesRule } from '../rules/valuesRule';
import { EMPTY_WORKSPACE, isAzureValues, NO_FACTS, type FileFacts, type WorkspaceView } from '../index/workspaceIndex';
import { yamlFacts } from '../index/facts';
import type { OperatorValues } from '../values/model';
import type { SyntaxProblem } from '../json/parseJson';
import { parseYaml, type ParsedYaml } from './document';
import { anchorProblems } from './anchors';
import { refusedCharacterProblem } from './refusedCharacters';
import { classifyYamlDocument, fileKind } from './classifyYaml';
import type { YamlKind } from '../documents/classifyJson';
import { operatorValuesOf } from './valuesFromYaml';
import { gatewayManifest, type GatewayManifest } from './gatewayManifest';
import { renderedLater } from './templateActions';
import { applySuppressions } from '../suppression/suppress';
import { directivesIn } from '../suppression/directives';

/**
 * What Helm's and kubectl's reader (go-yaml v2) rejects in a file the `yaml` package reads without an error, in the
 * order written: the anchors' problems, and the first character it refuses (refusedCharacters.ts), unless it is in
 * an anchor name, whose problem says so already. Helm reads a values file's first document (go-yaml v2's Unmarshal
 * stops after it; what it reads ahead cannot be known here); kubectl reads every document of a manifest.
 */
function helmReaderProblems(
  text: string,
  documents: ParsedYaml['documents'],
  kinds: readonly (YamlKind | 'other')[],
): SyntaxProblem[] {
  // An anchor needs a `&`, an alias a `*` and a merge key `<<`: a text with none has none to check (the walk is ~6%
  // of an analysis).
  const anchors = text.includes('*') || text.includes('&') || text.includes('<<') ? anchorProblems(documents) : [];
  const readTo = kinds.includes('gatewayManifest') ? text.length : (documents[1]?.document.range[0] ?? text.length);
  const refused = refusedCharacterProblem(text, readTo);
  if (!refused || anchors.some(({ start, end }) => start <= refused.start && refused.start < end)) return anchors;
  return [...anchors, refused].sort((a, b) => a.start - b.start);
}

export function analyzeYaml(text: string, options: AnalysisOptions & WorkspaceOptions = {}): DocumentAnalysis {
  const started = performance.now();
  const yaml = parseYaml(text);
  const { documents } = yaml;
  const later = renderedLater(text, yaml.syntaxErrors);
  const kinds = later ? [] : documents.map((document) => classifyYamlDocument(document.root));
  const kind = fileKind(kinds);
  // What Helm and kubectl reject in a file the `yaml` package reads stops the checks as a syntax error does (only in
  // files they read).
  const syntaxErrors = later
    ? []
    : kind === 'other' || yaml.syntaxErrors.length > 0
      ? yaml.syntaxErrors
      : helmReaderProblems(text, documents, kinds);
  const findings: Finding[] = [];
  const directives = directivesIn(text, 'yaml');
  const done = (facts: FileFacts, count: number): DocumentAnalysis => ({
    kind,
    findings,
    syntaxErrors: [...syntaxErrors],
    anyscaleResourceCount: count,
    directives,
    durationMs: performance.now() - started,
    facts,
    yaml,
    ...(later ? { renderedLater: later } : {}),
  });
  if (kind === 'other' || syntaxErrors.length > 0) return done(NO_FACTS, 0);

  const values: OperatorValues[] = [];
  const manifests: GatewayManifest[] = [];
  documents.forEach((document, index) => {
    const documentKind = kinds[index];
    if (documentKind === 'operatorValues' || documentKind === 'legacyOperatorValues')
      values.push(operatorValuesOf(text, document, documentKind === 'operatorValues' ? '1.x' : 'legacy'));
    else if (documentKind === 'gatewayManifest') {
      const manifest = gatewayManifest(text, document);
      if (manifest) manifests.push(manifest);
    }
  });
  const facts = yamlFacts(values);
  const others = options.workspace?.viewFrom(options.uri) ?? EMPTY_WORKSPACE;
  // Anyscale on Azure, as seen from each values document: its facts (one per document, in order) read the provider
  // and URL where its chart reads them, a pre-1.0 document's at the top level.
  const azure = facts.operatorValues.map((own) => others.azure || isAzureValues(own));
  // Gateways are checked against every values file, this one's included.
  const ownValues = facts.operatorValues.map((v) => ({ ...v, uri: options.uri ?? '' }));
  const withOwn: WorkspaceView = {
    ...others,
    azure: others.azure || ownValues.some(isAzureValues),
    operatorValues: [...others.operatorValues, ...ownValues],
  };

  runRules(
    RULES,
    options.ruleLevels,
    (rule, report) => {
      if (isValuesRule(rule)) {
        values.forEach((v, index) => {
          if (v.layout === 'legacy' && !rule.readsLegacyLayout) return;
          rule.checkValues({ values: v, azure: azure[index], workspace: others, report });
        });
      } else if (rule.appliesTo === 'gatewayManifest') {
        const once = reportingOnce(report);
        for (const manifest of manifests)
          rule.check({ text, manifest, uri: options.uri, azure: withOwn.azure, workspace: withOwn, report: once });
      }
    },
    collectFindings(findings),
  );
  findings.splice(
    0,
    findings.length,
    ...applySuppressions(text, findings, { syntax: 'yaml', ruleLevels: options.ruleLevels, directives }),
  );
  return done(facts, values.length + manifests.length);
}
