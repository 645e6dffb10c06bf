// What a gateway rule is: a check over one Gateway API manifest (a Gateway, GatewayClass, HTTPRoute or EnvoyProxy
// document of a YAML file), knowing whether the workspace is an Anyscale on Azure one and its operator values.
import type { Report, RuleInfo } from '../types';
import type { GatewayManifest } from '../yaml/gatewayManifest';
import type { WorkspaceView } from '../index/workspaceIndex';

export interface GatewayContext {
  readonly text: string;
  readonly manifest: GatewayManifest;
  /** The manifest file's URI (or path), when known: values files in its folder belong with it. */
  readonly uri?: string;
  /** Anyscale on Azure: the workspace (or this file) holds Anyscale.Platform resources or Azure operator values. */
  readonly azure: boolean;
  /** The whole workspace, this file's operator values included. */
  readonly workspace: WorkspaceView;
  report(report: Report): void;
}

export interface GatewayRule extends RuleInfo {
  readonly appliesTo: 'gatewayManifest';
  check(context: GatewayContext): void;
}
