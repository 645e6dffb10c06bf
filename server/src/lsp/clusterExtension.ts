// The language server's "Verify Cluster Extension" requests: the az/kubectl reads to run, and their outputs turned into
// checks. Thin: ../service/clusterExtension/verify computes both; the client spawns the programs.
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import {
  ClusterExtensionEvaluateRequest,
  ClusterExtensionPlanRequest,
  type ClusterExtensionEvaluateParams,
  type ClusterExtensionTarget,
} from '../../../shared/protocol';
import { EXTENSIONS, evaluateClusterExtension, verificationPlan } from '../service';
import { request, type ParamFields } from './requests';

const TARGET: ParamFields = { kind: 'string', context: 'string', resourceGroup: 'string', clusterName: 'string' };

function knownKind(method: string, target: ClusterExtensionTarget): ClusterExtensionTarget {
  if (!Object.hasOwn(EXTENSIONS, target.kind)) {
    throw new ResponseError(
      ErrorCodes.InvalidParams,
      `${method}: kind must be one of ${Object.keys(EXTENSIONS).join(', ')}, not "${target.kind}"`,
    );
  }
  return target;
}

export function registerClusterExtensionHandlers(connection: Connection): void {
  connection.onRequest(
    ClusterExtensionPlanRequest,
    request(ClusterExtensionPlanRequest, TARGET, (params: ClusterExtensionTarget) =>
      verificationPlan(knownKind(ClusterExtensionPlanRequest.method, params)),
    ),
  );
  const evaluateFields: ParamFields = {
    ...Object.fromEntries(Object.entries(TARGET).map(([key, type]) => [`target.${key}`, type])),
    outputs: 'object',
  };
  connection.onRequest(
    ClusterExtensionEvaluateRequest,
    request(ClusterExtensionEvaluateRequest, evaluateFields, (params: ClusterExtensionEvaluateParams) => {
      knownKind(ClusterExtensionEvaluateRequest.method, params.target);
      return evaluateClusterExtension(params);
    }),
  );
}
