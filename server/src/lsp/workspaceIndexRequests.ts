// The workspace index over LSP: answers anyscaleAzure/workspaceIndex (the whole index or one cloud) from the index as
// it stands, and once changes have settled (the validation delay after the last one) sends
// anyscaleAzure/workspaceIndexChanged naming only the clouds whose subtree changed since the last notification (or
// since an answer gave them: a version read and changed back within one delay is announced too), so that the client
// redraws those alone. Also answers anyscaleAzure/generateValues for a cloud resource of the index.
// Thin: the clouds come from ../service/index/cloudTree, the values from ../service/values/generate.
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import {
  GenerateValuesRequest,
  WorkspaceIndexChangedNotification,
  WorkspaceIndexRequest,
  type GeneratedValues,
  type GenerateValuesParams,
  type IndexedCloud,
  type UnreadFile,
  type WorkspaceIndexParams,
  type WorkspaceIndexResult,
} from '../../../shared/protocol';
import { CannotGenerateValues, generateOperatorValues } from '../service';
import { request } from './requests';

export class WorkspaceIndexPublisher {
  private timer?: NodeJS.Timeout;
  /** Each cloud as last announced, by id: what the next notification compares against. */
  private announced = new Map<string, string>();
  private complete = false;
  /** The index's state (complete, unread, truncated) as last announced. */
  private announcedState = stateOf({ complete: false, unread: [], truncated: false });
  /**
   * What answers gave since the last notification, which the client may hold instead of what was announced: each
   * cloud's versions (undefined: asked for and not there), and the states. The next notification compares against
   * these too, so that a version read before its announcement and changed back within one delay is still announced.
   */
  private servedClouds = new Map<string, Set<string | undefined>>();
  private servedStates = new Set<string>();

  constructor(
    private readonly connection: Connection,
    /** The clouds as the index holds them now. */
    private readonly clouds: () => IndexedCloud[],
    /** The files the index could not read. */
    private readonly unread: () => UnreadFile[],
    /** Some candidate files were not looked at: a walk of the workspace stopped at its file limit. */
    private readonly truncated: () => boolean,
    /** How long changes must settle before they are announced (the validation delay). */
    private readonly delayMs: () => number,
  ) {}

  register(): void {
    this.connection.onRequest(
      WorkspaceIndexRequest,
      request(WorkspaceIndexRequest, {}, (params: WorkspaceIndexParams | null | undefined): WorkspaceIndexResult => {
        const cloud = params?.cloud;
        if (cloud !== undefined && typeof cloud !== 'string')
          throw new ResponseError(
            ErrorCodes.InvalidParams,
            `${WorkspaceIndexRequest.method}: params.cloud must be a string`,
          );
        const clouds = this.clouds();
        const result = {
          clouds: cloud === undefined ? clouds : clouds.filter((candidate) => candidate.id === cloud),
          complete: this.complete,
          truncated: this.truncated(),
          unread: this.unread(),
        };
        this.served(result, cloud);
        return result;
      }),
    );
    this.connection.onRequest(
      GenerateValuesRequest,
      request(GenerateValuesRequest, { cloudResource: 'string' }, (params: GenerateValuesParams): GeneratedValues => {
        for (const cloud of this.clouds()) {
          const resource = cloud.cloudResources.find((candidate) => candidate.id === params.cloudResource);
          if (!resource) continue;
          try {
            return generateOperatorValues(cloud, resource);
          } catch (error) {
            if (error instanceof CannotGenerateValues) throw new ResponseError(ErrorCodes.InvalidParams, error.message);
            throw error;
          }
        }
        throw new ResponseError(
          ErrorCodes.InvalidParams,
          `${GenerateValuesRequest.method}: the workspace index holds no cloud resource ${params.cloudResource} (it was changed or removed)`,
        );
      }),
    );
  }

  /** Notes what an answer gave: `cloud`, the one cloud asked for, else the whole index. */
  private served(result: WorkspaceIndexResult, cloud: string | undefined): void {
    const note = (id: string, version: string | undefined) =>
      this.servedClouds.set(id, (this.servedClouds.get(id) ?? new Set()).add(version));
    for (const served of result.clouds) note(served.id, JSON.stringify(served));
    if (cloud !== undefined && result.clouds.length === 0) note(cloud, undefined);
    this.servedStates.add(stateOf(result));
  }

  /** Something in the index may have changed: announce it once changes settle. */
  changed(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.announce(), this.delayMs());
  }

  /** A scan of the workspace folders is done: the index is complete (or stopped at the file limit). */
  scanned(): void {
    this.complete = true;
    this.changed();
  }

  private announce(): void {
    this.timer = undefined;
    const now = new Map(this.clouds().map((cloud) => [cloud.id, JSON.stringify(cloud)]));
    const held = (id: string) => [this.announced.get(id), ...(this.servedClouds.get(id) ?? [])];
    const changed = [...new Set([...this.announced.keys(), ...now.keys(), ...this.servedClouds.keys()])].filter((id) =>
      held(id).some((version) => version !== now.get(id)),
    );
    const state = stateOf({ complete: this.complete, unread: this.unread(), truncated: this.truncated() });
    const stateChanged = [this.announcedState, ...this.servedStates].some((heldState) => heldState !== state);
    this.announced = now;
    this.announcedState = state;
    this.servedClouds.clear();
    this.servedStates.clear();
    if (changed.length === 0 && !stateChanged) return;
    void this.connection.sendNotification(WorkspaceIndexChangedNotification, {
      clouds: changed,
      complete: this.complete,
    });
  }
}

/** The index's state beside its clouds, as one comparable string. */
function stateOf({
  complete,
  unread,
  truncated,
}: Pick<WorkspaceIndexResult, 'complete' | 'unread' | 'truncated'>): string {
  return JSON.stringify({ complete, unread, truncated });
}
