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
  const plan = ClusterExtensionPlanRequest.method;
  connection.onRequest(
    ClusterExtensionPlanRequest,
    request(plan, TARGET, (params: ClusterExtensionTarget) => verificationPlan(knownKind(plan, params))),
  );
  const evaluateFields: ParamFields = {
    ...Object.fromEntries(Object.entries(TARGET).map(([key, type]) => [`target.${key}`, type])),
    outputs: 'object',
  };
  const evaluate = ClusterExtensionEvaluateRequest.method;
  connection.onRequest(
    ClusterExtensionEvaluateRequest,
    request(evaluate, evaluateFields, (params: ClusterExtensionEvaluateParams) => {
      knownKind(evaluate, params.target);
      return evaluateClusterExtension(params);
    }),
  );
}
