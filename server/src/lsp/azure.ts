// The language server's side of the live Azure view (docs/azure.md): takes the listing the client sends after
// "Connect to Azure" (anyscaleAzure/deployedAzure; no token ever comes with it) and hands it to the workspace index,
// whose documents are then checked again; and answers anyscaleAzure/cloudDeploymentIdEdit, the edit that writes a
// deployed cloud resource's ID into an open values file. Thin: ../service/azure does the work.
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { OpenDocument } from './openDocument';
import {
  CloudDeploymentIdEditRequest,
  DeployedAzureNotification,
  type CloudDeploymentIdEdit,
  type CloudDeploymentIdEditParams,
  type DeployedAzureParams,
} from '../../../shared/protocol';
import { cloudDeploymentIdEdits, type DeployedIndex, isYamlLanguage, readDeployed } from '../service';
import { request } from './requests';

/** `deployedChanged(index)`: the listing to check the workspace against from now on (undefined: disconnected). */
export function registerAzureHandlers(
  connection: Connection,
  documents: TextDocuments<OpenDocument>,
  deployedChanged: (index: DeployedIndex | undefined) => void,
): void {
  connection.onNotification(DeployedAzureNotification, (params: DeployedAzureParams | null | undefined) => {
    if (!params?.deployed) return deployedChanged(undefined);
    const read = readDeployed(params.deployed);
    if ('problem' in read) {
      connection.console.warn(
        `${DeployedAzureNotification.method}: ${read.problem}; the drift checks keep the previous listing.`,
      );
      return;
    }
    deployedChanged(read.index);
  });

  connection.onRequest(
    CloudDeploymentIdEditRequest,
    request(
      CloudDeploymentIdEditRequest,
      { uri: 'string', cloudResourceId: 'string' },
      (params: CloudDeploymentIdEditParams): CloudDeploymentIdEdit => {
        const document = documents.get(params.uri);
        if (!document) return { edits: [], problem: 'the file is not open in the editor.' };
        if (!isYamlLanguage(document.languageId))
          return {
            edits: [],
            problem:
              'only Helm values files (YAML) are filled; a template takes the ID from reference(…).cloudResourceId.',
          };
        const result = cloudDeploymentIdEdits(document.getText(), params.cloudResourceId);
        if ('problem' in result) return { edits: [], problem: result.problem };
        const edits = result.edits.map((edit) => ({
          range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) },
          newText: edit.newText,
        }));
        return { version: document.version, edits };
      },
    ),
  );
}
