// The workspace index: per file, the facts other files are checked against (cloud resources and their operator
// identities, operator values) and, apart, the file's outline, what the Cloud Resources tree and `anyscale-azure index`
// show (./outline, assembled by ./cloudTree). A pure structure: the language server fills it from the documents it sees
// and the workspace scan, the CLI from the files it reads. Cheap to update per file.
import type { IndexRange, IndexedProblem, IndexedText, SeverityCounts } from '../../../../shared/protocol';
import type { DeployedIndex } from '../azure/deployed';
import type { CloudResource } from '../arm/anyscaleView';
import { knownString } from '../arm/value';
import { CONTROL_PLANES } from '../catalog/chart';

// What a file shows in the index (built by ./outline.ts, assembled by ./cloudTree.ts).

export interface OutlinedCloud {
  /** Where the declaration is in its file's JSON (`/resources/0`): with the file, what identifies it. */
  readonly pointer: string;
  readonly name: IndexedText;
  readonly location?: IndexedText;
  readonly range: IndexRange;
  readonly problems: SeverityCounts;
  readonly worst?: IndexedProblem;
  /** The parameter files (URIs) whose values give this reading; empty when the template is read without one. */
  readonly parameterFiles: readonly string[];
}

/** The properties of a cloud resource the index shows, each as written or evaluated. */
export interface OutlinedProperties {
  readonly provider?: IndexedText;
  readonly region?: IndexedText;
  readonly location?: IndexedText;
  readonly bucket?: IndexedText;
  readonly bucketRegion?: IndexedText;
  readonly endpoint?: IndexedText;
  readonly operatorIdentity?: IndexedText;
}

export interface OutlinedCloudResource extends OutlinedProperties {
  readonly pointer: string;
  readonly copyIndex?: number;
  /** The cloud's name: the parent segment. */
  readonly cloud: IndexedText;
  /** Its own name segment. */
  readonly name: IndexedText;
  readonly range: IndexRange;
  /**
   * The problems this reading shows: its declaration's, less those only other parameter files' runs found (a value
   * one of them gives) and, for a copy of a loop, those only other copies led to (a value that depends on
   * copyIndex()). Read without parameter files, or with one, all of its declaration's that its copy shows.
   */
  readonly problems: SeverityCounts;
  readonly worst?: IndexedProblem;
  /** Its declaration's problems whatever the parameter files: what its cloud counts, once for all its readings. */
  readonly declaration: OutlinedProblems;
  readonly parameterFiles: readonly string[];
}

/** An AKS cluster or an extension the template declares; an Anyscale.AKS.Operator extension carries operator values. */
export interface OutlinedTemplateResource {
  readonly kind: 'aksCluster' | 'clusterExtension' | 'operatorExtension';
  readonly pointer: string;
  readonly name: IndexedText;
  readonly extensionType?: IndexedText;
  readonly cloudDeploymentId?: WrittenSetting;
  readonly cloudProvider?: WrittenSetting;
  /** `global.auth.iamIdentity` (`operatorIamIdentity` pre-1.0), as for values files. */
  readonly operatorIdentity?: WrittenSetting;
  readonly range: IndexRange;
  readonly problems: SeverityCounts;
  readonly worst?: IndexedProblem;
}

/**
 * An operator value and the key it is written in: `global.cloudProvider`, or `cloudProvider` where the pre-1.0 chart
 * read it (a pre-1.0 values file, an extension's pre-1.0 setting).
 */
export interface WrittenSetting {
  readonly key: string;
  readonly value: IndexedText;
}

/** One document of operator values in a values file. */
export interface OutlinedValues {
  readonly cloudDeploymentId?: WrittenSetting;
  readonly cloudProvider?: WrittenSetting;
  /** `global.auth.iamIdentity` (`operatorIamIdentity` pre-1.0): on AWS and GCP, the cloud resource's operator identity. */
  readonly operatorIdentity?: WrittenSetting;
  /** `global.cloudDeploymentId` when written, else the document's first line. */
  readonly range: IndexRange;
}

/** One Gateway API (or EnvoyProxy) document. */
export interface OutlinedGateway {
  readonly kind: string;
  readonly name?: string;
  readonly namespace?: string;
  /** The cloud resource IDs its listeners' TLS secrets name (`anyscale-<id>-certificate`), as written there. */
  readonly cloudResourceIds: readonly string[];
  readonly range: IndexRange;
}

/** Problem counts by severity, and the most severe problem. */
export interface OutlinedProblems {
  readonly problems: SeverityCounts;
  readonly worst?: IndexedProblem;
}

/**
 * A parameter file a template is read with. Its problems: its own (its shape, checked at the rule levels configured
 * where it is) and those the template's run places in it, less those its suppression comments silence.
 */
export interface OutlinedParameterFile extends OutlinedProblems {
  readonly uri: string;
  /** Its own problems: the same whichever template reads it. */
  readonly own: OutlinedProblems;
  /**
   * Those the template's run places in it, as the editor and `check` show them there; a value's problem the template
   * also shows where it uses the value counts in both files, as both list it.
   */
  readonly fromTemplate: OutlinedProblems;
}

export interface FileOutline {
  readonly clouds: readonly OutlinedCloud[];
  /** In file order, the copies of a loop one after another; one reading per distinct evaluation. */
  readonly cloudResources: readonly OutlinedCloudResource[];
  readonly templateResources: readonly OutlinedTemplateResource[];
  readonly values: readonly OutlinedValues[];
  readonly gateways: readonly OutlinedGateway[];
  /** The parameter files the template was read with, and the problems in each. */
  readonly parameterFiles: readonly OutlinedParameterFile[];
  /** The file's own problems, syntax errors included. */
  readonly problems: SeverityCounts;
  readonly worst?: IndexedProblem;
}

export interface IndexedCloudResource {
  readonly name?: string;
  /** The name ARM gives it, `<cloud>/<resource>`: what tells two clouds' `default` apart in a message. */
  readonly armName?: string;
  /** As written on the cloud resource: `Azure`, `AWS`, `GCP`, `Generic`. */
  readonly provider?: string;
  /** `anyscaleOperatorIamIdentity` as written: for Azure the managed identity's principal ID. */
  readonly operatorIdentity?: string;
}

/** What the cross-file checks read of a template's cloud resource, as written. */
export function indexedCloudResource(cloudResource: CloudResource): IndexedCloudResource {
  return {
    name: knownString(cloudResource.resource.leafName),
    armName: knownString(cloudResource.resource.name),
    provider: knownString(cloudResource.prop('provider').value),
    operatorIdentity: knownString(cloudResource.prop('anyscaleOperatorIamIdentity').value),
  };
}

export interface IndexedOperatorValues {
  readonly cloudProvider?: string;
  readonly controlPlaneURL?: string;
  readonly gatewayEnabled: boolean;
  /** networking.gateway.enabled is written as false (not just left at the chart's default). */
  readonly gatewayDisabled?: boolean;
  /** The key the chart reads whether the gateway is on: `networking.gateway.enabled`, `enableGateway` pre-1.0. */
  readonly gatewayEnabledKey: string;
  readonly gatewayName?: string;
  /** The key the chart reads the Gateway's name from: `networking.gateway.name`, `gatewayName` pre-1.0. */
  readonly gatewayNameKey: string;
  readonly gatewayNamespace?: string;
  /** `networking.gateway.namespace`; none in a pre-1.0 document, whose chart had no such key. */
  readonly gatewayNamespaceKey?: string;
  /** `global.cloudDeploymentId` as written (`cldrsrc_…`): the cloud resource whose TLS secrets the operator creates. */
  readonly cloudDeploymentId?: string;
  /** The key the chart reads it from: `global.cloudDeploymentId`, or `cloudDeploymentId` in a pre-1.0 document. */
  readonly cloudDeploymentIdKey: string;
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
  /** What Azure holds, as "Connect to Azure" last listed it; absent when not connected. */
  readonly deployed?: DeployedIndex;
}

export const EMPTY_WORKSPACE: WorkspaceView = { azure: false, cloudResources: [], operatorValues: [] };

/**
 * Operator values meant for Anyscale on Azure: the provider azure (in any case: a wrong case is a mistake of its own,
 * not another provider), or Anyscale on Azure's control plane, its console or a Private Link host, which every
 * cloud resource of an Azure cloud dials whatever its provider (an EKS cluster's too).
 */
export function isAzureValues(values: Pick<IndexedOperatorValues, 'cloudProvider' | 'controlPlaneURL'>): boolean {
  if (values.cloudProvider?.toLowerCase() === 'azure') return true;
  const url = values.controlPlaneURL?.toLowerCase().replace(/\/+$/, '');
  return url !== undefined && (url === CONTROL_PLANES.azure || CONTROL_PLANES.privateLink.test(url));
}

/** The facts the cross-file checks compare: a change in them means other documents need checking again. */
function checkedFacts(facts: FileFacts | undefined): string {
  return facts
    ? JSON.stringify([facts.anyscalePlatform, facts.cloudResources, facts.operatorValues])
    : JSON.stringify([false, [], []]);
}

export class WorkspaceIndex {
  private readonly files = new Map<string, FileFacts>();
  /** What Azure holds (the client's latest listing): every document is compared with it; absent when not connected. */
  deployed?: DeployedIndex;

  /**
   * Each file's outline with its JSON as last recorded: an edit that leaves it as it was (typing inside a tag) is no
   * change. Kept apart from the facts: the checks never read it, so an editor can record it after the diagnostics.
   */
  private readonly outlined = new Map<string, { readonly outline: FileOutline; readonly json: string }>();

  /** `changed(uri)`: a file's facts or outline changed (what the Cloud Resources tree is built from). */
  constructor(private readonly changed?: (uri: string) => void) {}

  /** Records a file's facts; true when the facts the cross-file checks read changed (other documents may need checking again). */
  set(uri: string, facts: FileFacts): boolean {
    const changed = this.storeFacts(uri, facts);
    if (changed) this.changed?.(uri);
    return changed;
  }

  /** Records what a file shows in the index (undefined: nothing). */
  setOutline(uri: string, outline: FileOutline | undefined): void {
    if (this.storeOutline(uri, outline)) this.changed?.(uri);
  }

  /** Records a file's facts and outline together; true as set() says. */
  record(uri: string, facts: FileFacts, outline: FileOutline | undefined): boolean {
    const outlineChanged = this.storeOutline(uri, outline);
    const changed = this.storeFacts(uri, facts);
    if (changed || outlineChanged) this.changed?.(uri);
    return changed;
  }

  private storeFacts(uri: string, facts: FileFacts): boolean {
    const previous = this.files.get(uri);
    if (isEmptyFacts(facts)) this.files.delete(uri);
    else this.files.set(uri, facts);
    return checkedFacts(previous) !== checkedFacts(isEmptyFacts(facts) ? undefined : facts);
  }

  private storeOutline(uri: string, outline: FileOutline | undefined): boolean {
    const json = outline && JSON.stringify(outline);
    if (json === this.outlined.get(uri)?.json) return false;
    if (outline && json) this.outlined.set(uri, { outline, json });
    else this.outlined.delete(uri);
    return true;
  }

  /** Forgets a file; true when the facts the cross-file checks read changed. */
  delete(uri: string): boolean {
    const previous = this.files.get(uri);
    const hadFacts = this.files.delete(uri);
    const hadOutline = this.outlined.delete(uri);
    if (hadFacts || hadOutline) this.changed?.(uri);
    return hadFacts && checkedFacts(previous) !== checkedFacts(undefined);
  }

  /** Each file's outline, for the cloud tree; `include(uri)` says which files count (the workspace's, not excluded). */
  outlines(include: (uri: string) => boolean = () => true): Array<readonly [string, FileOutline]> {
    const out: Array<readonly [string, FileOutline]> = [];
    for (const [uri, { outline }] of this.outlined) if (include(uri)) out.push([uri, outline]);
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
  return !facts.anyscalePlatform && facts.cloudResources.length === 0 && facts.operatorValues.length === 0;
}
