import { Injectable } from '@nestjs/common';
import { ProjectsRpc } from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** Whether a project is the workspace's: the catalogue answers 404 project_not_found otherwise. */
@Injectable()
export class ProjectOwnership {
  constructor(private readonly rpc: RpcClient) {}

  async assertOwned(workspaceId: string, projectId: string): Promise<void> {
    await this.rpc.call(ProjectsRpc.facts, {
      project_id: projectId,
      workspace_id: workspaceId,
    });
  }
}
