// The Cloud Resources tree's data: the workspace index as the language server serves it (anyscaleAzure/workspaceIndex),
// kept current by anyscaleAzure/workspaceIndexChanged. A notification's clouds alone are requested again, and only
// their subtrees are redrawn (onDidChangeTreeData with each cloud's element, which keeps its identity); the root only
// when a cloud comes or goes. Nothing here walks the whole index: the server built it, the view draws what is expanded.
import * as vscode from 'vscode';
import type {
  IndexedCloud,
  IndexedCloudResource,
  IndexedFile,
  WorkspaceIndexChanged,
  WorkspaceIndexResult,
} from '../../../../shared/protocol';
import { cloudItem, cloudResourceItem, fileItem } from './items';
import type { IndexState } from './viewMessage';

export interface CloudNode {
  readonly kind: 'cloud';
  /** Replaced when the server sends the cloud again; the node stays the same object. */
  cloud: IndexedCloud;
  /** Its cloud resources' nodes, made once per version of `cloud`. */
  children?: CloudResourceNode[];
}

export interface CloudResourceNode {
  readonly kind: 'cloudResource';
  readonly parent: CloudNode;
  readonly resource: IndexedCloudResource;
  children?: FileNode[];
}

export interface FileNode {
  readonly kind: 'file';
  readonly parent: CloudResourceNode;
  readonly file: IndexedFile;
}

export type CloudTreeNode = CloudNode | CloudResourceNode | FileNode;

/**
 * A first draw of the tree's rows, in milliseconds after activation (`startedAt`): when VS Code asked for them and when
 * it got them. At most twice: the first rows (the root's), and the first rows after the scan of the workspace was
 * complete (the root's or a redrawn cloud's); once when the first rows already had the complete index.
 */
export interface FirstDraw {
  readonly askedMs: number;
  readonly drawnMs: number;
  readonly clouds: number;
  /** These are the first rows drawn. */
  readonly first: boolean;
  /** The scan was complete when they were drawn. */
  readonly complete: boolean;
}

/** How the tree asks the server for the index: all of it, or the cloud with that id. */
export type IndexSource = (cloud?: string) => Promise<WorkspaceIndexResult>;

/** The server's order: known names first, then by label ignoring case, then by id. */
function byLabel(a: CloudNode, b: CloudNode): number {
  const [x, y] = [a.cloud, b.cloud];
  return (
    Number(y.name.known) - Number(x.name.known) ||
    x.label.toLowerCase().localeCompare(y.label.toLowerCase()) ||
    x.id.localeCompare(y.id)
  );
}

export class CloudTreeProvider implements vscode.TreeDataProvider<CloudTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<CloudTreeNode | CloudTreeNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly stateChanged = new vscode.EventEmitter<void>();
  /** The clouds or the state (`complete`, `truncated`, `unread`) changed: the views' messages, badges and context keys follow. */
  readonly onDidChangeState = this.stateChanged.event;
  private readonly firstDrawn = new vscode.EventEmitter<FirstDraw>();
  /** The first rows were handed to VS Code; and the first once the index was complete (see FirstDraw). */
  readonly onDidDrawFirst = this.firstDrawn.event;
  private clouds: CloudNode[] = [];
  private byId = new Map<string, CloudNode>();
  private state: IndexState = { complete: false, truncated: false, unread: [] };
  /** Loads and updates run one after another, in the order they were asked for. */
  private queue: Promise<void> = Promise.resolve();
  private loaded = false;
  /** Rows were asked for (a view showing the tree was visible); and after the index was complete. */
  private drawn = false;
  private drawnComplete = false;

  constructor(
    private readonly source: IndexSource,
    private readonly startedAt = performance.now(),
  ) {}

  /** The scan of the workspace folders is done (until then the tree holds what was read so far). */
  get complete(): boolean {
    return this.state.complete;
  }

  /** The scan's state: done, stopped at its file limit, the files it could not read. */
  get indexState(): IndexState {
    return this.state;
  }

  get cloudCount(): number {
    return this.clouds.length;
  }

  /** Every cloud resource of the index, with its cloud, in the tree's order (for a pick outside the view). */
  get cloudResources(): Array<{ cloud: IndexedCloud; resource: IndexedCloudResource }> {
    return this.clouds.flatMap((node) =>
      node.cloud.cloudResources.map((resource) => ({ cloud: node.cloud, resource })),
    );
  }

  /** Errors over every cloud (each counts its cloud resources'). */
  get errorCount(): number {
    return this.clouds.reduce((sum, node) => sum + node.cloud.problems.error, 0);
  }

  /** Reads the whole index (at start, and on Refresh); notifications that came meanwhile are applied after it. */
  reload(): Promise<void> {
    return this.enqueue(async () => {
      const result = await this.source();
      this.clouds = result.clouds.map((cloud) => {
        const node = this.byId.get(cloud.id);
        if (!node) return { kind: 'cloud', cloud };
        this.setCloud(node, cloud);
        return node;
      });
      this.byId = new Map(this.clouds.map((node) => [node.cloud.id, node]));
      this.loaded = true;
      this.setState(result);
      this.changed.fire(undefined);
    });
  }

  /** Applies a change notification: requests the clouds it names and redraws those subtrees alone. */
  update(change: WorkspaceIndexChanged): Promise<void> {
    return this.enqueue(async () => {
      if (!this.loaded) return; // the load that is coming reads everything
      if (change.clouds.length === 0) {
        // Only the state changed (`complete`, `truncated` or `unread`): a request says how it stands.
        this.setState(await this.source());
        return;
      }
      const answers = await Promise.all(change.clouds.map(async (id) => [id, await this.source(id)] as const));
      let rootChanged = false;
      const redrawn: CloudNode[] = [];
      for (const [id, answer] of answers) {
        const fresh = answer.clouds.find((cloud) => cloud.id === id);
        const node = this.byId.get(id);
        if (node && fresh) {
          this.setCloud(node, fresh);
          redrawn.push(node);
        } else if (node) {
          this.clouds = this.clouds.filter((candidate) => candidate !== node);
          this.byId.delete(id);
          rootChanged = true;
        } else if (fresh) {
          const added: CloudNode = { kind: 'cloud', cloud: fresh };
          this.clouds = [...this.clouds, added].sort(byLabel);
          this.byId.set(id, added);
          rootChanged = true;
        }
      }
      if (rootChanged) {
        // A redrawn cloud whose label changed may have moved.
        this.clouds.sort(byLabel);
        this.changed.fire(undefined);
      } else if (redrawn.length > 0) this.changed.fire(redrawn);
      this.setState(answers[answers.length - 1][1]);
    });
  }

  getChildren(node?: CloudTreeNode): CloudTreeNode[] {
    const askedMs = performance.now() - this.startedAt;
    if (!node) {
      const first = !this.drawn;
      this.drawn = true;
      // Before the first load (the language server still starting) the view is drawn at once, empty under its
      // "Reading the workspace…" message; the load redraws the root. Waiting for the server here left the view blank.
      this.noteDraw(askedMs, first);
      return [...this.clouds];
    }
    // A cloud redrawn by the notification that completed the scan: its rows are the first of the complete index.
    this.noteDraw(askedMs, false);
    if (node.kind === 'cloud')
      return (node.children ??= node.cloud.cloudResources.map((resource) => ({
        kind: 'cloudResource',
        parent: node,
        resource,
      })));
    if (node.kind === 'cloudResource')
      return (node.children ??= node.resource.files.map((file) => ({ kind: 'file', parent: node, file })));
    return [];
  }

  /** Reports the first rows, and the first rows of the complete index (see FirstDraw). */
  private noteDraw(askedMs: number, first: boolean): void {
    const firstComplete = this.complete && !this.drawnComplete;
    if (!first && !firstComplete) return;
    this.drawnComplete ||= this.complete;
    this.firstDrawn.fire({
      askedMs,
      drawnMs: performance.now() - this.startedAt,
      clouds: this.clouds.length,
      first,
      complete: this.complete,
    });
  }

  getTreeItem(node: CloudTreeNode): vscode.TreeItem {
    if (node.kind === 'cloud') return cloudItem(node.cloud);
    if (node.kind === 'cloudResource') return cloudResourceItem(node.resource);
    return fileItem(node.file);
  }

  getParent(node: CloudTreeNode): CloudTreeNode | undefined {
    return node.kind === 'cloud' ? undefined : node.parent;
  }

  dispose(): void {
    this.changed.dispose();
    this.stateChanged.dispose();
    this.firstDrawn.dispose();
  }

  private setCloud(node: CloudNode, cloud: IndexedCloud): void {
    node.cloud = cloud;
    node.children = undefined;
  }

  private setState(result: Pick<WorkspaceIndexResult, 'complete' | 'truncated' | 'unread'>): void {
    this.state = { complete: result.complete, truncated: result.truncated, unread: result.unread };
    this.stateChanged.fire();
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    // A failed request (the server restarting) must not stop the updates after it.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
