// Reads the `anyscaleAzure.egress.*` settings (and VS Code's http.proxy / http.noProxy) into the request payloads.
import * as vscode from 'vscode';
import type { EgressSettings, EgressWorkspaceParams } from '../../../../shared/protocol';

const SECTION = 'anyscaleAzure.egress';

export function egressSettings(): EgressSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const http = vscode.workspace.getConfiguration('http');
  const strings = (key: string) =>
    (config.get<unknown[]>(key) ?? []).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  const resolve = Object.fromEntries(
    Object.entries(config.get<Record<string, unknown>>('resolve') ?? {}).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  return {
    targets: strings('targets'),
    cloudIds: strings('cloudIds'),
    strictCloudIds: config.get<boolean>('strictCloudIds') === true,
    targetsFile: config.get<string>('targetsFile') || undefined,
    concurrency: config.get<number>('concurrency'),
    timeoutMs: config.get<number>('timeoutMs'),
    httpHead: config.get<boolean>('httpHead'),
    caFile: config.get<string>('caFile') || undefined,
    proxy: config.get<string>('proxy') || http.get<string>('proxy') || undefined,
    noProxy: (http.get<unknown[]>('noProxy') ?? []).filter((v): v is string => typeof v === 'string'),
    resolve,
  };
}

export function clusterSettings(): { image: string; namespace: string; context?: string; waitSeconds: number } {
  const config = vscode.workspace.getConfiguration(`${SECTION}.cluster`);
  return {
    image: config.get<string>('image') || 'mcr.microsoft.com/azurelinux/base/nodejs:20',
    namespace: config.get<string>('namespace') || 'default',
    context: config.get<string>('context') || undefined,
    waitSeconds: config.get<number>('waitSeconds') ?? 300,
  };
}

export function workspaceParams(): EgressWorkspaceParams {
  return {
    folders: (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
    settings: egressSettings(),
  };
}
