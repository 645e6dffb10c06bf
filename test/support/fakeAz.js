#!/usr/bin/env node
// FAKE az, for tests only: it stands in for the Azure CLI. No Azure subscription or AKS cluster can exist on a test
// machine, so this clearly-labelled seam answers `az k8s-extension show` the way the real CLI does: the extension's
// JSON on stdout, or az's error line on stderr with exit code 3. Copied as `az` into a temporary folder put on PATH,
// it records each argv (one JSON array a line in calls.jsonl next to itself). Everything else about the flow (the
// argv, the checks, the report, the UI) is the product's own.
//
// A scenario (the file `scenario` next to it, written by setScenario) picks the answer:
//   (none)      the extension is installed: provisioningState Succeeded, extensionState Available
//   failed      provisioningState Failed, with the error status the extension agent reports
//   not-found   no such extension on the cluster (the k8s-extension CLI's ExtensionNotFound message)
// Required as a module instead, it exports install(), setScenario() and readCalls() for the tests.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const CALLS = 'calls.jsonl';
const SCENARIO = 'scenario';
const SCENARIOS = ['failed', 'not-found'];

function option(args, name) {
  return args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined;
}

function main() {
  const state = path.dirname(fs.realpathSync(__filename));
  const args = process.argv.slice(2);
  fs.appendFileSync(path.join(state, CALLS), JSON.stringify(args) + '\n');
  const scenario = fs.existsSync(path.join(state, SCENARIO))
    ? fs.readFileSync(path.join(state, SCENARIO), 'utf8').trim()
    : '';
  if (args[0] !== 'k8s-extension' || args[1] !== 'show') {
    process.stderr.write(`fake az: unsupported ${args.join(' ')}\n`);
    process.exitCode = 2;
    return;
  }
  const [group, cluster, name] = [
    option(args, '--resource-group'),
    option(args, '--cluster-name'),
    option(args, '--name'),
  ];
  if (scenario === 'not-found') {
    process.stderr.write(
      `ERROR: (ExtensionNotFound) The Resource Microsoft.ContainerService/managedClusters/${cluster}/Microsoft.KubernetesConfiguration/extensions/${name} could not be found!\n`,
    );
    process.exitCode = 3;
    return;
  }
  const failed = scenario === 'failed';
  process.stdout.write(
    JSON.stringify(
      {
        id: `/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/${group}/providers/Microsoft.ContainerService/managedClusters/${cluster}/providers/Microsoft.KubernetesConfiguration/extensions/${name}`,
        name,
        type: 'Microsoft.KubernetesConfiguration/extensions',
        extensionType: name === 'kuberay' ? 'microsoft.kuberay' : 'Anyscale.AKS.Operator',
        currentVersion: '1.0.0',
        provisioningState: failed ? 'Failed' : 'Succeeded',
        extensionState: failed ? 'Failed' : 'Available',
        statuses: failed
          ? [
              {
                code: 'InstallationFailed',
                displayStatus: 'Failed',
                level: 'Error',
                message: 'fake: helm install timed out waiting for the condition',
              },
            ]
          : [],
      },
      null,
      2,
    ) + '\n',
  );
}

/** Copies this script as `az` into a new temporary folder; put `dir` on PATH. */
function install() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-az-'));
  fs.copyFileSync(__filename, path.join(dir, 'az'));
  fs.chmodSync(path.join(dir, 'az'), 0o755);
  return { dir, close: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Makes the fake in `dir` answer one of SCENARIOS from now on, or the installed extension (undefined). */
function setScenario(dir, scenario) {
  if (scenario === undefined) return fs.rmSync(path.join(dir, SCENARIO), { force: true });
  if (!SCENARIOS.includes(scenario))
    throw new Error(`fake az: unknown scenario "${scenario}"; one of ${SCENARIOS.join(', ')}`);
  fs.writeFileSync(path.join(dir, SCENARIO), scenario + '\n');
}

/** The argv of every call the fake in `dir` received, in order. */
function readCalls(dir) {
  const file = path.join(dir, CALLS);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

if (require.main === module) main();
else module.exports = { install, setScenario, readCalls, SCENARIOS };
