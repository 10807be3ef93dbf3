import { Injectable } from '@nestjs/common';
import { CATALOGUE_PROJECT_FACTS_PATTERN } from '@app/contracts';
import type { ProjectFacts, ProjectFactsRequest } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';

/** The catalogue's live facts of a project: whose it is, and its units with prices and status. */
@Injectable()
export class ProjectFactsClient {
  constructor(private readonly rpc: RpcClient) {}

  /** The project of this workspace; another workspace's, or none, is 404 with its existence undisclosed. */
  ofWorkspace(projectId: string, workspaceId: string): Promise<ProjectFacts> {
    return this.rpc
      .send<ProjectFacts, ProjectFactsRequest>(CATALOGUE_PROJECT_FACTS_PATTERN, {
        project_id: projectId,
        workspace_id: workspaceId,
      })
      .catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) throw projectNotFound();
        throw err;
      });
  }
}

export function projectNotFound(): AppError {
  return new AppError('not_found', 'There is no such project in your workspace.');
}
