// The workspace index: per file, the facts other files are checked against (cloud resources and their operator
// identities, operator values) and the file's outline, what the Cloud Resources tree and `anyscale-azure index` show
// (./outline, assembled by ./cloudTree). A pure structure: the language server fills it from the documents it sees
// and the workspace scan, the CLI from the files it reads. Cheap to update per file.
import type { FileOutline } from './outline';
import type { DeployedIndex } from '../azure/deployed';

export interface IndexedCloudResource {
  readonly name?: string;
  /** As written on the cloud resource: `Azure`, `AWS`, `GCP`, `Generic`. */
  readonly provider?: string;
  /** `anyscaleOperatorIamIdentity` as written: for Azure the managed identity's principal ID. */
  readonly operatorIdentity?: string;
}

export interface IndexedOperatorValues {
  readonly cloudProvider?: string;
  readonly controlPlaneURL?: string;
  readonly gatewayEnabled: boolean;
  /** networking.gateway.enabled is written as false (not just left at the chart's default). */
  readonly gatewayDisabled?: boolean;
  readonly gatewayName?: string;
  readonly gatewayNamespace?: string;
  /** `global.cloudDeploymentId` as written (`cldrsrc_…`): the cloud resource whose TLS secrets the operator creates. */
  readonly cloudDeploymentId?: string;
}

export interface FileFacts {
  /** The file declares Anyscale.Platform resources (an ARM template of Anyscale on Azure). */
  readonly anyscalePlatform: boolean;
  readonly cloudResources: readonly IndexedCloudResource[];
  readonly operatorValues: readonly IndexedOperatorValues[];
  /** What the file shows in the index; absent when nothing. Not compared by the cross-file checks. */
  readonly outline?: FileOutline;
}

export const NO_FACTS: FileFacts = { anyscalePlatform: false, cloudResources: [], operatorValues: [] };

/** What a check sees of the workspace: the other files' facts, merged. */
export interface WorkspaceView {
  /** Anyscale on Azure: some file declares Anyscale.Platform resources or operator values for Azure. */
  readonly azure: boolean;
  readonly cloudResources: readonly (IndexedCloudResource & { readonly uri: string })[];
  readonly operatorValues: readonly (IndexedOperatorValues & { readonly uri: string })[];
  /** What Azure holds, as "Connect to Azure" last listed it; absent when not connected. */
  readonly deployed?: DeployedIndex;
}

export const EMPTY_WORKSPACE: WorkspaceView = { azure: false, cloudResources: [], operatorValues: [] };

const isAzureValues = (values: IndexedOperatorValues) => values.cloudProvider === 'azure';

/** The facts the cross-file checks compare: a change in them means other documents need checking again. */
function checkedFacts(facts: FileFacts | undefined): string {
  return facts ? JSON.stringify([facts.anyscalePlatform, facts.cloudResources, facts.operatorValues]) : JSON.stringify([false, [], []]);
}

export class WorkspaceIndex {
  private readonly files = new Map<string, FileFacts>();
  /** What Azure holds (the client's latest listing): every document is compared with it; absent when not connected. */
  deployed?: DeployedIndex;

  /** `changed(uri)`: a file's facts or outline may have changed (called on every update that touches an outline). */
  constructor(private readonly changed?: (uri: string) => void) {}

  /** Records a file's facts; true when the facts the cross-file checks read changed (other documents may need checking again). */
  set(uri: string, facts: FileFacts): boolean {
    const previous = this.files.get(uri);
    if (isEmptyFacts(facts)) this.files.delete(uri);
    else this.files.set(uri, facts);
    const changed = checkedFacts(previous) !== checkedFacts(isEmptyFacts(facts) ? undefined : facts);
    if (changed || previous?.outline || facts.outline) this.changed?.(uri);
    return changed;
  }

  delete(uri: string): boolean {
    const previous = this.files.get(uri);
    if (!this.files.delete(uri)) return false;
    this.changed?.(uri);
    return checkedFacts(previous) !== checkedFacts(undefined);
  }

  /** Each file's outline, for the cloud tree; `include(uri)` says which files count (the workspace's, not excluded). */
  outlines(include: (uri: string) => boolean = () => true): Array<readonly [string, FileOutline]> {
    const out: Array<readonly [string, FileOutline]> = [];
    for (const [uri, facts] of this.files) if (facts.outline && include(uri)) out.push([uri, facts.outline]);
    return out;
  }

  /** The workspace as seen from one file: every other file's facts. */
  viewFrom(uri: string | undefined): WorkspaceView {
    const cloudResources: WorkspaceView['cloudResources'][number][] = [];
    const operatorValues: WorkspaceView['operatorValues'][number][] = [];
    let azure = false;
    for (const [file, facts] of this.files) {
      if (file === uri) continue;
      azure ||= facts.anyscalePlatform || facts.operatorValues.some(isAzureValues);
      for (const resource of facts.cloudResources) cloudResources.push({ ...resource, uri: file });
      for (const values of facts.operatorValues) operatorValues.push({ ...values, uri: file });
    }
    return { azure, cloudResources, operatorValues, deployed: this.deployed };
  }
}

/** True when a file's facts add nothing to the index. */
export function isEmptyFacts(facts: FileFacts): boolean {
  return !facts.anyscalePlatform && facts.cloudResources.length === 0 && facts.operatorValues.length === 0 && !facts.outline;
}
