// `anyscale-azure egress`: probe the outbound targets a workspace needs from this machine (or the ones a targets
// file lists), with the same engine as the editor. Text or JSON output; a progress line per target on a TTY.
// Exit codes: 0 every required target answered (wildcards without a host are listed, not failed), 1 a required
// target failed, 2 usage error or an unreadable targets / CA file. `--format lines` writes the in-cluster probe's
// log format, so a local run and a cluster run can be compared line by line and read by the same parser.
// `--allow-list arm|az|fqdns` prints the Azure Firewall allow-list for the same targets instead of probing.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EgressProbeResult, EgressReport, EgressSettings } from '../../../shared/protocol';
import { loadEgressTargets, probeOptionsFrom } from '../node/egressWorkspace';
import {
  allowListFor,
  concreteHostPort,
  countResults,
  egressReportJson,
  flowLabel,
  formatDuration,
  formatDoneLine,
  formatProbeLine,
  fromThisMachine,
  isCloudId,
  notProbed,
  optionalFailedPart,
  proxyUsed,
  reportDiagnosis,
} from '../service';
import { probeTargets } from '../node/egressProbe/engine';
import { ioReason } from '../node/boundedRead';
import { parseCommandLine } from './args';

export const EGRESS_USAGE = `Usage: anyscale-azure egress [options]

Probes the outbound HTTPS targets the Anyscale on Azure docs list (add more with --host or a targets file)
(DNS, TCP, TLS) from this machine, or prints their Azure Firewall allow-list.

Options:
  --workspace <dir>            Folder whose ARM templates and values files name storage, ACR, regions (default: .)
  --targets <file>             JSON targets file to probe instead of the workspace's targets: a list of
                               "host[:port]" or {"host", "port", "purpose", "required"}, or {"targets": [...]}
  --format <text|json|lines>   Output format (default: text); lines is the in-cluster probe's log format
  --concurrency <n>            Targets probed at once (default: 32)
  --timeout <ms>               Timeout of each phase: DNS, TCP, TLS, HTTP (default: 5000)
  --host <host[:port]>         A concrete host, e.g. for a documented wildcard (repeatable)
  --cloud-id <cld_...>         An Anyscale cloud ID: adds cld-<id>.azure.anyscale-cloud.dev (repeatable); that per-cloud
                               host form is inferred from the Private Link page, not documented as the polling host
  --allow-list <arm|az|fqdns>  Print the Azure Firewall allow-list instead of probing: an ARM rule collection group
                               template (arm), az network firewall commands (az) or a plain list of FQDNs (fqdns);
                               notes go to stderr (arm) or into the output as # comments (az, fqdns)
  --strict-cloud-ids           With --allow-list: one entry per cloud ID instead of *.azure.anyscale-cloud.dev
                               (strict per-cloud-ID egress; the cld-<id> entry form is inferred, see docs/egress.md)
  --resolve <host=address>     Use this address instead of DNS, like curl --resolve (repeatable)
  --ca-file <file>             Extra trusted CA certificates (PEM), e.g. a TLS-inspecting firewall's
  --proxy <url>                HTTP proxy (default: HTTPS_PROXY, honouring NO_PROXY)
  --head                       Also send an HTTPS HEAD request
  --no-color                   Plain text output even on a terminal
  -h, --help                   Show this help

Exit codes: 0 every required target answered, 1 a required target failed, 2 usage or I/O error.
`;

export class EgressUsageError extends Error {}

interface EgressArgs {
  workspace: string;
  targetsFile?: string;
  format: 'text' | 'json' | 'lines';
  allowList?: 'arm' | 'az' | 'fqdns';
  color: boolean;
  settings: EgressSettings;
}

function positiveInt(flag: string, text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new EgressUsageError(`${flag} needs a positive whole number, got "${text}"`);
  return Number(text);
}

function parseArgs(argv: string[], cwd: string): EgressArgs {
  const { values } = parseCommandLine(
    {
      args: argv,
      options: {
        workspace: { type: 'string' },
        targets: { type: 'string' },
        format: { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        host: { type: 'string', multiple: true },
        'cloud-id': { type: 'string', multiple: true },
        'allow-list': { type: 'string' },
        'strict-cloud-ids': { type: 'boolean' },
        resolve: { type: 'string', multiple: true },
        'ca-file': { type: 'string' },
        proxy: { type: 'string' },
        head: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    },
    EgressUsageError,
    'egress',
  );
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json' && format !== 'lines')
    throw new EgressUsageError(`unknown format "${format}": use text, json or lines`);
  const allowList = values['allow-list'];
  if (allowList !== undefined && allowList !== 'arm' && allowList !== 'az' && allowList !== 'fqdns')
    throw new EgressUsageError(`unknown allow-list form "${allowList}": use arm, az or fqdns`);
  const settings: EgressSettings = {};
  if (values.concurrency !== undefined) settings.concurrency = positiveInt('--concurrency', values.concurrency);
  if (values.timeout !== undefined) settings.timeoutMs = positiveInt('--timeout', values.timeout);
  for (const host of values.host ?? [])
    if (!concreteHostPort(host))
      throw new EgressUsageError(
        `--host "${host}" is not a host name or host:port (a wildcard is not a host: name a concrete one it covers)`,
      );
  for (const id of values['cloud-id'] ?? [])
    if (!isCloudId(id)) throw new EgressUsageError(`--cloud-id "${id}" is not an Anyscale cloud ID (cld_...)`);
  if (values.host) settings.targets = values.host;
  if (values['cloud-id']) settings.cloudIds = values['cloud-id'];
  if (values['strict-cloud-ids']) settings.strictCloudIds = true;
  for (const pair of values.resolve ?? []) {
    const [host, address] = pair.split('=');
    if (!host || !address) throw new EgressUsageError('--resolve needs host=address');
    settings.resolve = { ...settings.resolve, [host.toLowerCase()]: address };
  }
  if (values['ca-file'] !== undefined) settings.caFile = path.resolve(cwd, values['ca-file']);
  if (values.proxy !== undefined) settings.proxy = values.proxy;
  if (values.head) settings.httpHead = true;
  if (settings.strictCloudIds && !allowList)
    throw new EgressUsageError('--strict-cloud-ids shapes the allow-list: use it with --allow-list arm|az|fqdns');
  return {
    workspace: path.resolve(cwd, values.workspace ?? '.'),
    targetsFile: values.targets === undefined ? undefined : path.resolve(cwd, values.targets),
    format,
    allowList,
    color: !values['no-color'] && !!process.stdout.isTTY && !process.env.NO_COLOR,
    settings,
  };
}

/** Why `dir` cannot be the workspace: undefined for a folder (a link to one included). */
function folderProblem(dir: string): string | undefined {
  try {
    return fs.statSync(dir).isDirectory() ? undefined : 'a file, not a folder';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder' : ioReason(error);
  }
}

const OK = (color: boolean) => (color ? '\x1b[32m✔\x1b[0m' : 'ok  ');
const FAIL = (color: boolean) => (color ? '\x1b[31m✖\x1b[0m' : 'FAIL');
const SKIP = (color: boolean) => (color ? '\x1b[33m?\x1b[0m' : 'HOST');

function line(result: EgressProbeResult, from: EgressReport['origin'], color: boolean): string {
  const mark = result.ok ? OK(color) : result.outcome === 'needs-host' ? SKIP(color) : FAIL(color);
  const target = `${result.target.host}:${result.target.port}`;
  const ms = result.outcome === 'needs-host' ? '' : `${Math.round(result.ms)} ms`;
  const head = `${mark} ${result.outcome.padEnd(19)} ${ms.padStart(8)}  ${target}  (${flowLabel(result.target.flow, from)}${result.target.required ? '' : ', optional'})`;
  return result.hint ? `${head}\n     ${result.hint}` : head;
}

export function formatEgressText(report: EgressReport, color: boolean): string {
  const counts = countResults(report.results);
  const { passed, failed, needsHost } = counts;
  const summary = `${passed} passed, ${failed} failed${optionalFailedPart(counts)}${needsHost ? `, ${needsHost} need a concrete host name` : ''}${report.cancelled ? ' (cancelled)' : ''} in ${formatDuration(report.durationMs)}`;
  const diagnosis = report.cancelled ? undefined : reportDiagnosis(report);
  const wildcards = notProbed(report.results);
  const proxy = proxyUsed(report.results);
  return `${report.results.map((r) => line(r, report.origin, color)).join('\n')}\n${summary}\n${diagnosis ? `Diagnosis: ${diagnosis.headline} — ${diagnosis.action}\n` : ''}${wildcards ? `Not probed: ${wildcards.headline} — ${wildcards.action}\n` : ''}${proxy ? `Proxy: ${proxy.proxy} — ${proxy.scope}\n` : ''}`;
}

export async function runEgress(argv: string[], cwd: string): Promise<number> {
  const args = parseArgs(argv, cwd);
  // With --allow-list nothing is probed: a duplicate's line says so.
  const use = args.allowList ? 'allowList' : 'probe';
  let targets;
  if (args.targetsFile) {
    // The reader the editor's anyscaleAzure.egress.targetsFile goes through: the same words for what is wrong.
    const loaded = await loadEgressTargets(
      [args.workspace],
      { ...args.settings, targetsFile: args.targetsFile },
      { use },
    );
    for (const problem of loaded.problems) process.stderr.write(`anyscale-azure: ${problem}\n`);
    // A targets file read lists at least one target (parseTargetsFile): none is one that could not be read.
    if (loaded.targets.length === 0) return 2;
    targets = loaded.targets;
  } else {
    const notAFolder = folderProblem(args.workspace);
    if (notAFolder) {
      process.stderr.write(`anyscale-azure: --workspace ${args.workspace}: ${notAFolder}\n`);
      return 2;
    }
    const loaded = await loadEgressTargets([args.workspace], args.settings, { use });
    for (const problem of loaded.problems) process.stderr.write(`anyscale-azure: ${problem}\n`);
    targets = fromThisMachine(loaded.targets);
  }
  if (args.allowList) {
    const list = allowListFor(targets, { strictCloudIds: args.settings.strictCloudIds });
    if (args.allowList === 'az') process.stdout.write(list.azCli);
    else if (args.allowList === 'fqdns') process.stdout.write(list.fqdnList);
    else {
      for (const note of list.notes) process.stderr.write(`anyscale-azure: ${note}\n`);
      process.stdout.write(`${list.armJson}\n`);
    }
    return 0;
  }
  const { options, problems } = await probeOptionsFrom(args.settings, process.env, cwd);
  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`anyscale-azure: ${problem}\n`);
    return 2;
  }
  const abort = new AbortController();
  const onSignal = () => abort.abort();
  process.once('SIGINT', onSignal);
  const progress = !!process.stderr.isTTY;
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const results = await probeTargets(targets, {
    ...options,
    signal: abort.signal,
    onResult: (result, done, total) => {
      if (progress)
        process.stderr.write(
          `[${done}/${total}] ${result.target.host}:${result.target.port} ${result.outcome} ${Math.round(result.ms)} ms\n`,
        );
    },
  });
  process.off('SIGINT', onSignal);
  const report: EgressReport = {
    origin: 'local',
    startedAt,
    durationMs: Math.round(performance.now() - started),
    cancelled: abort.signal.aborted,
    results,
  };
  if (args.format === 'json') process.stdout.write(egressReportJson(report));
  else if (args.format === 'lines')
    process.stdout.write(`${[...results.map(formatProbeLine), formatDoneLine(results.length)].join('\n')}\n`);
  else process.stdout.write(formatEgressText(report, args.color));
  return results.some((r) => r.target.required && !r.ok && r.outcome !== 'needs-host') ? 1 : 0;
}
