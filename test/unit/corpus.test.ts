// No false alarms on real third-party ARM files: the ones ../shared/corpus/SOURCES.md calls valid must get no
// error from any rule, and request examples (not templates) must be ignored. Skips with one line without ../shared.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText } from '../../server/src/service/analyze';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { CORPUS } from '../support/paths';

/** Files SOURCES.md calls valid (or valid apart from warnings such as a preview apiVersion or a missing region). */
const VALID_TEMPLATES = [
  'arm/azure-docs_add-cloud-resource_cloudresource.json',
  'arm/chrisfellowes-private-cluster-sample_37313f0_anyscale-platform-cloud.template.json',
  'arm/kenkilty-aks-flex-lab_5dee5cf_anyscale-platform-cloud.template.json',
  'arm/aks/quickstart_aks_azuredeploy.json',
  'arm/aks/quickstart_aks-vmss-systemassigned-identity_azuredeploy.json',
  'arm/aks/quickstart_aks-azure-linux_azuredeploy.json',
  'arm/aks/bicep-samples_101-aks_main.json',
  'arm/aks/bicep-samples_101-aks-vmss-systemassigned-identity_main.json',
  'arm/aks/bicep-samples_201-private-aks-cluster_aks.json',
  'arm/aks/resourcemodules_kubernetes-configuration-extension_main.json',
  'arm/aks/resourcemodules_container-service-managed-cluster_main.json',
];
const VALID_PARAMETER_FILES = [
  'arm/azure-docs_add-cloud-resource_cloudresource.parameters.azure.json',
  'arm/azure-docs_add-cloud-resource_cloudresource.parameters.aws.json',
  'arm/azure-docs_add-cloud-resource_cloudresource.parameters.gcp.json',
  'arm/azure-docs_add-cloud-resource_cloudresource.parameters.generic.json',
  'arm/aks/quickstart_aks_azuredeploy.parameters.json',
];
/** REST request/response examples: JSON, but not deployment templates. */
const NOT_TEMPLATES = [
  'arm/spec-examples/stable_2026-09-01_CloudResources_CreateOrUpdate.json',
  'arm/spec-examples/stable_2026-09-01_Clouds_CreateOrUpdate.json',
  'arm/spec-examples/preview_2026-02-01-preview_CloudResources_CreateOrUpdate.json',
  'arm/spec-examples/stable_2026-09-01_Jobs_CreateOrUpdate.json',
];

const available = fs.existsSync(path.join(CORPUS, 'SOURCES.md'));
if (!available) {
  test(
    'shared corpus',
    { skip: `../shared/corpus is not present next to this checkout (${CORPUS}); no-false-alarm checks skipped` },
    () => {},
  );
} else {
  const read = (file: string) => fs.readFileSync(path.join(CORPUS, file), 'utf8');
  for (const file of VALID_TEMPLATES) {
    test(`no error on ${file}`, () => {
      const text = read(file);
      const analysis = analyzeText(text);
      const lines = new LineIndex(text);
      assert.equal(analysis.kind, 'armTemplate');
      assert.deepEqual(analysis.syntaxErrors, []);
      const errors = analysis.findings
        .filter((f) => f.severity === 'error')
        .map((f) => `${lines.positionAt(f.start).line + 1}: ${f.code} ${f.message}`);
      assert.deepEqual(errors, []);
    });
  }
  for (const file of VALID_PARAMETER_FILES) {
    test(`${file} is a parameter file with no findings`, () => {
      const analysis = analyzeText(read(file));
      assert.equal(analysis.kind, 'armParameters');
      assert.deepEqual(analysis.findings, []);
    });
  }
  for (const file of NOT_TEMPLATES) {
    test(`${file} is not a template and is ignored`, () => {
      const analysis = analyzeText(read(file));
      assert.equal(analysis.kind, 'other');
      assert.deepEqual(analysis.findings, []);
    });
  }
  test('the Anyscale templates of the corpus are recognised with their cloud resources', () => {
    const counts = Object.fromEntries(
      VALID_TEMPLATES.slice(0, 3).map((file) => [file, analyzeText(read(file)).anyscale?.cloudResources.length]),
    );
    assert.deepEqual(Object.values(counts), [1, 1, 1]);
  });
}
