// The language server's "Verify Cluster Extension" requests: the az/kubectl reads to run, and their outputs turned into
// checks. Thin: ../service/clusterExtension/verify computes both; the client spawns the programs.
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import {
  CLUSTER_EXTENSION_EVALUATE_REQUEST, CLUSTER_EXTENSION_PLAN_REQUEST,
  type ClusterExtensionEvaluateParams, type ClusterExtensionTarget,
} from '../../../shared/protocol';
import { EXTENSIONS, evaluateClusterExtension, verificationPlan } from '../service';
import { request, type ParamFields } from './requests';

const TARGET: ParamFields = { kind: 'string', context: 'string', resourceGroup: 'string', clusterName: 'string' };

function knownKind(method: string, target: ClusterExtensionTarget): ClusterExtensionTarget {
  if (!Object.hasOwn(EXTENSIONS, target.kind)) {
    throw new ResponseError(ErrorCodes.InvalidParams, `${method}: kind must be one of ${Object.keys(EXTENSIONS).join(', ')}, not "${target.kind}"`);
  }
  return target;
}

export function registerClusterExtensionHandlers(connection: Connection): void {
  connection.onRequest(CLUSTER_EXTENSION_PLAN_REQUEST, request(CLUSTER_EXTENSION_PLAN_REQUEST, TARGET, (params: ClusterExtensionTarget) =>
    verificationPlan(knownKind(CLUSTER_EXTENSION_PLAN_REQUEST, params))));
  const evaluateFields: ParamFields = { ...Object.fromEntries(Object.entries(TARGET).map(([key, type]) => [`target.${key}`, type])), outputs: 'object' };
  connection.onRequest(CLUSTER_EXTENSION_EVALUATE_REQUEST, request(CLUSTER_EXTENSION_EVALUATE_REQUEST, evaluateFields, (params: ClusterExtensionEvaluateParams) => {
    knownKind(CLUSTER_EXTENSION_EVALUATE_REQUEST, params.target);
    return evaluateClusterExtension(params);
  }));
}
