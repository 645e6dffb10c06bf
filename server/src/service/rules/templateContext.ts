// The contexts rules check. A template rule's: the parsed template, its Anyscale resources, value evaluation, and
// `report`, built once per analysis (the expensive parts lazily, and shared). A values rule's: one document of operator values.
import type { JsonNode } from '../json/nodes';
import type { ArmResource, ArmTemplate } from '../arm/template';
import type { AnyscaleView } from '../arm/anyscaleView';
import type { Value } from '../arm/value';
import type { ResourceIdParts } from '../arm/expressions/resourceId';
import type { NameSegment } from '../arm/resourceNameSegments';
import type { Report } from '../types';
import type { DeployedIndex } from '../azure/deployed';
import type { OperatorValues } from '../values/model';
import type { WorkspaceView } from '../index/workspaceIndex';

export interface TemplateContext {
  readonly text: string;
  readonly template: ArmTemplate;
  readonly anyscale: AnyscaleView;
  /**
   * The value of a node as ARM would see it in the given resource's scope: known, or unknown with a reason. With a
   * `copyIndex`, as that copy of the resource's `copy` loop sees it.
   */
  value(node: JsonNode | undefined, resource: ArmResource, copyIndex?: number): Value;
  /**
   * The parts (type, names) of a string that is exactly one resource ID function call, evaluated like `value`: known
   * even when the whole ID is not (resourceId() without a subscription). Undefined for any other node.
   */
  resourceId(node: JsonNode | undefined, resource: ArmResource, copyIndex?: number): ResourceIdParts | undefined;
  /**
   * The segments of a resource's name as this run reads them (`my-cloud/default`), each known or kept as an expression:
   * arm/resourceNameSegments.ts. With a `copyIndex`, as that copy reads it.
   */
  nameSegments(resource: ArmResource, copyIndex?: number): readonly NameSegment[] | undefined;
  /** What Azure holds, as "Connect to Azure" last listed it (docs/azure.md); absent when not connected. */
  readonly deployed?: DeployedIndex;
  report(report: Report): void;
}

/** What a values rule sees of one document of operator values (a Helm values file's, or an operator extension's). */
export interface ValuesContext {
  readonly values: OperatorValues;
  /** Anyscale on Azure: cloudProvider azure, an AKS extension, or a workspace holding Anyscale.Platform resources. */
  readonly azure: boolean;
  /** The rest of the workspace (for an ARM extension, the template's own cloud resources). */
  readonly workspace: WorkspaceView;
  report(report: Report): void;
}
