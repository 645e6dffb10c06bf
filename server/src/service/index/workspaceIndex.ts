// The small workspace index the cross-file checks need: per file, the facts other files are checked against
// (cloud resources and their operator identities, operator values). A pure structure: the language
// server fills it from the documents it sees, the CLI from the files it checks. Cheap to update per file.
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
  readonly gatewayName?: string;
  readonly gatewayNamespace?: string;
}

export interface FileFacts {
  /** The file declares Anyscale.Platform resources (an ARM template of Anyscale on Azure). */
  readonly anyscalePlatform: boolean;
  readonly cloudResources: readonly IndexedCloudResource[];
  readonly operatorValues: readonly IndexedOperatorValues[];
}

export const NO_FACTS: FileFacts = { anyscalePlatform: false, cloudResources: [], operatorValues: [] };

/** What a check sees of the workspace: the other files' facts, merged. */
export interface WorkspaceView {
  /** Anyscale on Azure: some file declares Anyscale.Platform resources or operator values for Azure. */
  readonly azure: boolean;
  readonly cloudResources: readonly (IndexedCloudResource & { readonly uri: string })[];
  readonly operatorValues: readonly (IndexedOperatorValues & { readonly uri: string })[];
}

export const EMPTY_WORKSPACE: WorkspaceView = { azure: false, cloudResources: [], operatorValues: [] };

const isAzureValues = (values: IndexedOperatorValues) => values.cloudProvider === 'azure';

export class WorkspaceIndex {
  private readonly files = new Map<string, FileFacts>();

  /** Records a file's facts; true when they changed (other documents may need checking again). */
  set(uri: string, facts: FileFacts): boolean {
    const before = JSON.stringify(this.files.get(uri) ?? NO_FACTS);
    if (isEmptyFacts(facts)) this.files.delete(uri);
    else this.files.set(uri, facts);
    return before !== JSON.stringify(isEmptyFacts(facts) ? NO_FACTS : facts);
  }

  delete(uri: string): boolean {
    return this.files.delete(uri);
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
    return { azure, cloudResources, operatorValues };
  }
}

/** True when a file's facts add nothing to the index. */
export function isEmptyFacts(facts: FileFacts): boolean {
  return !facts.anyscalePlatform && facts.cloudResources.length === 0 && facts.operatorValues.length === 0;
}
