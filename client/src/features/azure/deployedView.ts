// The "Deployed in Azure" view: what the last "Connect to Azure" listed — subscriptions, their Anyscale clouds, each
// cloud's cloud resources with provisioningState and the generated cloudResourceId — and, where a list failed, why
// (a 404 most likely being the missing Anyscale Platform Contributor role). It renders the listing only; the
// comparison with the templates is the language server's (drift diagnostics).
import * as vscode from 'vscode';
import type {
  DeployedAzure,
  DeployedCloud,
  DeployedCloudResource,
  DeployedProblem,
  DeployedSubscription,
} from '../../../../shared/protocol';

export const DEPLOYED_VIEW = 'anyscaleAzure.deployed';
/** Where a click on a cloud resource goes: its declaration in the workspace. */
export const REVEAL_AUTHORED_COMMAND = 'anyscaleAzure.azure.revealAuthored';

export type DeployedNode =
  | { kind: 'subscription'; subscription: DeployedSubscription }
  | { kind: 'cloud'; cloud: DeployedCloud; subscription: DeployedSubscription }
  | {
      kind: 'cloudResource';
      cloudResource: DeployedCloudResource;
      cloud: DeployedCloud;
      subscription: DeployedSubscription;
    }
  | { kind: 'problem'; problem: DeployedProblem; parentId: string }
  | { kind: 'note'; label: string; parentId: string };

const PRIMARY = 'default';
const FAILED_STATES = new Set(['failed', 'canceled']);

/** The first line of a problem: what failed, as ARM said it. */
function problemLabel(problem: DeployedProblem): string {
  return problem.status ? `Not listed: HTTP ${problem.status}${problem.code ? ` ${problem.code}` : ''}` : 'Not listed';
}

function cloudResourceTooltip(node: Extract<DeployedNode, { kind: 'cloudResource' }>): vscode.MarkdownString {
  const { cloudResource, cloud } = node;
  const rows = Object.entries({ location: cloudResource.location, ...cloudResource.properties }).filter(
    ([, value]) => value !== undefined,
  );
  const markdown = new vscode.MarkdownString(undefined, true);
  markdown.appendMarkdown(
    `**${cloud.name}/${cloudResource.name}** — ${cloudResource.provisioningState ?? 'no provisioningState'}\n\n`,
  );
  markdown.appendMarkdown(
    `Cloud resource ID: \`${cloudResource.cloudResourceId ?? '(none returned)'}\` — the operator's \`global.cloudDeploymentId\`\n\n`,
  );
  markdown.appendMarkdown(
    `| Property | In Azure |\n| --- | --- |\n${rows.map(([name, value]) => `| ${name} | \`${value === '' ? '""' : value}\` |`).join('\n')}\n\n`,
  );
  markdown.appendMarkdown(
    "Properties can't change after creation: to change one, delete the cloud resource and create it again. The delete answers HTTP 409 while clusters run on it.",
  );
  return markdown;
}

export class DeployedView implements vscode.TreeDataProvider<DeployedNode> {
  private readonly changed = new vscode.EventEmitter<DeployedNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private listing: DeployedAzure | undefined;

  get deployed(): DeployedAzure | undefined {
    return this.listing;
  }

  show(deployed: DeployedAzure | undefined): void {
    this.listing = deployed;
    this.changed.fire(undefined);
  }

  getChildren(node?: DeployedNode): DeployedNode[] {
    const deployed = this.listing;
    if (!deployed) return [];
    if (!node) {
      if (deployed.problem) return [{ kind: 'problem', problem: deployed.problem, parentId: '' }];
      if (deployed.subscriptions.length === 0)
        return [
          { kind: 'note', label: `No subscriptions: your account sees none at ${deployed.endpoint}`, parentId: '' },
        ];
      return deployed.subscriptions.map((subscription) => ({ kind: 'subscription', subscription }));
    }
    if (node.kind === 'subscription') {
      const { subscription } = node;
      if (subscription.problem)
        return [{ kind: 'problem', problem: subscription.problem, parentId: subscription.subscriptionId }];
      if (subscription.clouds.length === 0)
        return [{ kind: 'note', label: 'No Anyscale clouds', parentId: subscription.subscriptionId }];
      return subscription.clouds.map((cloud) => ({ kind: 'cloud', cloud, subscription }));
    }
    if (node.kind === 'cloud') {
      const { cloud, subscription } = node;
      if (cloud.problem) return [{ kind: 'problem', problem: cloud.problem, parentId: cloud.id }];
      if (cloud.cloudResources.length === 0) return [{ kind: 'note', label: 'No cloud resources', parentId: cloud.id }];
      return cloud.cloudResources.map((cloudResource) => ({
        kind: 'cloudResource',
        cloudResource,
        cloud,
        subscription,
      }));
    }
    return [];
  }

  getTreeItem(node: DeployedNode): vscode.TreeItem {
    switch (node.kind) {
      case 'subscription': {
        const { subscription } = node;
        const item = new vscode.TreeItem(subscription.displayName, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `subscription:${subscription.subscriptionId}`;
        const clouds = subscription.clouds.length;
        item.description = subscription.problem
          ? 'not listed'
          : `${clouds} cloud${clouds === 1 ? '' : 's'}${subscription.apiVersion ? ` · api-version ${subscription.apiVersion}` : ''}`;
        item.tooltip = `Subscription ${subscription.subscriptionId}${subscription.apiVersion ? `\nAnyscale.Platform api-version ${subscription.apiVersion}` : ''}`;
        item.iconPath = new vscode.ThemeIcon('azure');
        item.contextValue = 'azureSubscription';
        return item;
      }
      case 'cloud': {
        const { cloud } = node;
        const item = new vscode.TreeItem(cloud.name, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `cloud:${cloud.id}`;
        item.description = [cloud.location, cloud.provisioningState, cloud.resourceGroup].filter(Boolean).join(' · ');
        item.tooltip = cloud.id;
        item.iconPath = new vscode.ThemeIcon('cloud');
        item.contextValue = 'deployedCloud';
        return item;
      }
      case 'cloudResource': {
        const { cloudResource, cloud } = node;
        const item = new vscode.TreeItem(cloudResource.name, vscode.TreeItemCollapsibleState.None);
        item.id = `cloudResource:${cloudResource.id}`;
        const { provider, region } = cloudResource.properties;
        item.description = [
          provider,
          region,
          cloudResource.name.toLowerCase() === PRIMARY ? 'primary' : undefined,
          cloudResource.provisioningState,
          cloudResource.cloudResourceId,
        ]
          .filter(Boolean)
          .join(' · ');
        item.tooltip = cloudResourceTooltip(node);
        const failed = FAILED_STATES.has((cloudResource.provisioningState ?? '').toLowerCase());
        item.iconPath = failed
          ? new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'))
          : new vscode.ThemeIcon('server-environment');
        item.contextValue = cloudResource.cloudResourceId ? 'deployedCloudResourceWithId' : 'deployedCloudResource';
        item.command = { command: REVEAL_AUTHORED_COMMAND, title: 'Go to Its Template', arguments: [node] };
        item.accessibilityInformation = { label: `${cloud.name}/${cloudResource.name} ${item.description}` };
        return item;
      }
      case 'problem': {
        const item = new vscode.TreeItem(problemLabel(node.problem), vscode.TreeItemCollapsibleState.None);
        item.id = `problem:${node.parentId}`;
        item.description = node.problem.hint ?? node.problem.message;
        item.tooltip = [node.problem.message, node.problem.hint].filter(Boolean).join('\n\n');
        item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
        item.contextValue = 'azureProblem';
        return item;
      }
      case 'note': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.id = `note:${node.parentId}`;
        item.iconPath = new vscode.ThemeIcon('info');
        return item;
      }
    }
  }

  /** Every row as shown, depth first: for the tests and for other extensions. */
  rows(): { depth: number; label: string; description: string }[] {
    const out: { depth: number; label: string; description: string }[] = [];
    const walk = (nodes: DeployedNode[], depth: number) => {
      for (const node of nodes) {
        const item = this.getTreeItem(node);
        out.push({ depth, label: String(item.label), description: String(item.description ?? '') });
        walk(this.getChildren(node), depth + 1);
      }
    };
    walk(this.getChildren(), 0);
    return out;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
