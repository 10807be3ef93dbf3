import { Injectable } from '@nestjs/common';
import { ProjectsRpc } from '@app/contracts';
import type { ProjectFacts } from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The catalogue's live facts of a project: whose it is, and its units with prices and status. */
@Injectable()
export class ProjectFactsClient {
  constructor(private readonly rpc: RpcClient) {}

  /** The project of this workspace; another workspace's, or none, is 404 `project_not_found`, its existence undisclosed. */
  ofWorkspace(projectId: string, workspaceId: string): Promise<ProjectFacts> {
    return this.rpc.call(ProjectsRpc.facts, {
      project_id: projectId,
      workspace_id: workspaceId,
    });
  }
}
