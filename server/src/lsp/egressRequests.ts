// The language server's egress requests: the workspace's targets, probing them from this machine (LSP work-done
// progress on the request's workDoneToken, cancellation through the request's token), the allow-list, the cluster probe Job, and parsing
// the Job's log. Thin: every answer is computed by ../service/egress and ../node/egressWorkspace; ./requests
// checks each request's params and answers RequestCancelled for one cancelled before it started.
import { pathToFileURL } from 'node:url';
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { OpenDocument } from './openDocument';
import {
  EgressAllowListRequest,
  EgressClusterJobRequest,
  EgressClusterLogRequest,
  EgressProbeRequest,
  EgressTargetsRequest,
  type EgressAllowList,
  type EgressClusterJob,
  type EgressClusterJobParams,
  type EgressClusterLogParams,
  type EgressProbeParams,
  type EgressReport,
  type EgressTargetsResult,
  type EgressWorkspaceParams,
} from '../../../shared/protocol';
import { loadEgressTargets, probeOptionsFrom, type WalkScope } from '../node/egressWorkspace';
import { probeTargets } from '../node/egressProbe/engine';
import { allowListFor, fromThisMachine, parseProbeLog, probeJob, type TargetsUse } from '../service';
import { request, type ParamFields } from './requests';

const IN_FOLDERS: ParamFields = { folders: 'array' };

/** `scope`: the workspace index's walk (node/workspaceScan.ts), so that the targets come from the files it shows. */
export function registerEgressHandlers(
  connection: Connection,
  documents: TextDocuments<OpenDocument>,
  scope: WalkScope,
): void {
  const openText = (file: string) => documents.get(pathToFileURL(file).toString())?.getText();
  const targetsOf = (params: EgressWorkspaceParams, use: TargetsUse = 'probe'): Promise<EgressTargetsResult> =>
    loadEgressTargets(params.folders, params.settings ?? {}, { openText, scope, use });
  /** Problems also go to the server's log (the Output panel); the answer carries them for the user to see. */
  const warned = (problems: string[]): string[] => {
    for (const problem of problems) connection.console.warn(`egress: ${problem}`);
    return problems;
  };

  connection.onRequest(
    EgressTargetsRequest,
    request(EgressTargetsRequest, IN_FOLDERS, (params: EgressWorkspaceParams) => targetsOf(params)),
  );

  connection.onRequest(
    EgressProbeRequest,
    request(EgressProbeRequest, IN_FOLDERS, async (params: EgressProbeParams, token): Promise<EgressReport> => {
      const startedAt = new Date().toISOString();
      const started = performance.now();
      const derived = params.targets ? undefined : await targetsOf(params);
      const targets = fromThisMachine(params.targets ?? derived?.targets ?? []);
      const probeOptions = await probeOptionsFrom(
        params.settings ?? {},
        process.env,
        params.folders[0] ?? process.cwd(),
      );
      const { options } = probeOptions;
      const problems = warned([...(derived?.problems ?? []), ...probeOptions.problems]);
      const abort = new AbortController();
      const subscription = token.onCancellationRequested(() => abort.abort());
      const progress = connection.window.attachWorkDoneProgress(params.workDoneToken);
      progress.begin('Verifying egress', 0);
      try {
        const results = await probeTargets(targets, {
          ...options,
          signal: abort.signal,
          onResult: (result, done, total) =>
            progress.report(
              Math.round((100 * done) / total),
              `${done}/${total} · ${result.target.host} ${result.outcome}`,
            ),
        });
        return {
          origin: 'local',
          startedAt,
          durationMs: Math.round(performance.now() - started),
          cancelled: abort.signal.aborted,
          results,
          ...(problems.length > 0 ? { problems } : {}),
        };
      } finally {
        progress.done();
        subscription.dispose();
      }
    }),
  );

  connection.onRequest(
    EgressAllowListRequest,
    request(EgressAllowListRequest, IN_FOLDERS, async (params: EgressWorkspaceParams): Promise<EgressAllowList> => {
      const { targets, problems } = await targetsOf(params, 'allowList');
      const list = allowListFor(targets, { strictCloudIds: params.settings?.strictCloudIds === true });
      return warned(problems).length > 0 ? { ...list, problems } : list;
    }),
  );

  const jobFields: ParamFields = { ...IN_FOLDERS, namespace: 'string', image: 'string' };
  connection.onRequest(
    EgressClusterJobRequest,
    request(EgressClusterJobRequest, jobFields, async (params: EgressClusterJobParams): Promise<EgressClusterJob> => {
      const settings = params.settings ?? {};
      const derived = params.targets ? undefined : await targetsOf(params);
      // Of the probe options only the CA file goes into the Job: this machine's proxy is not the cluster's.
      const probeOptions = await probeOptionsFrom(
        { ...settings, proxy: undefined },
        {},
        params.folders[0] ?? process.cwd(),
      );
      const { options } = probeOptions;
      const problems = warned([...(derived?.problems ?? []), ...probeOptions.problems]);
      const job = probeJob({
        targets: params.targets ?? derived?.targets ?? [],
        namespace: params.namespace,
        image: params.image,
        suffix: Date.now().toString(36),
        timeoutMs: settings.timeoutMs,
        concurrency: settings.concurrency,
        resolve: settings.resolve,
        ca: options.extraCa,
        httpHead: settings.httpHead,
      });
      return problems.length > 0 ? { ...job, problems } : job;
    }),
  );

  connection.onRequest(
    EgressClusterLogRequest,
    request(
      EgressClusterLogRequest,
      { log: 'string', targets: 'array' },
      (params: EgressClusterLogParams): EgressReport => {
        const parsed = parseProbeLog(params.log, params.targets);
        for (const problem of parsed.problems) connection.console.warn(`egress cluster log: ${problem}`);
        return {
          origin: 'cluster',
          context: params.context,
          startedAt: params.startedAt,
          durationMs: params.durationMs,
          cancelled: !parsed.complete,
          results: parsed.results,
        };
      },
    ),
  );
}
