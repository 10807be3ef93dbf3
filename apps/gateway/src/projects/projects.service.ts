import { Injectable } from '@nestjs/common';
import { ProjectsRpc, pageOf } from '@app/contracts';
import type {
  CreateProjectBody,
  ListProjectsQuery,
  Principal,
  ProjectDeletedResponse,
  ProjectResponse,
  ProjectsPageResponse,
  PublicProjectResponse,
  UpdateProjectBody,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { DeveloperWorkspaces } from '../identity/workspaces/developer-workspaces';

/** A developer workspace's projects for REST and MCP alike, and the public project page; kept by the catalogue. */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly developers: DeveloperWorkspaces,
  ) {}

  async create(principal: Principal, body: CreateProjectBody): Promise<ProjectResponse> {
    return this.rpc.call(ProjectsRpc.create, {
      ...body,
      workspace_id: await this.developers.of(principal),
      created_by: principal.accountId,
    });
  }

  async list(principal: Principal, query: ListProjectsQuery): Promise<ProjectsPageResponse> {
    return this.rpc.call(ProjectsRpc.list, {
      ...query,
      ...pageOf(query),
      workspace_id: await this.developers.of(principal),
    });
  }

  async get(principal: Principal, id: string): Promise<ProjectResponse> {
    return this.rpc.call(ProjectsRpc.get, { workspace_id: await this.developers.of(principal), id });
  }

  async update(principal: Principal, id: string, body: UpdateProjectBody): Promise<ProjectResponse> {
    return this.rpc.call(ProjectsRpc.update, { ...body, workspace_id: await this.developers.of(principal), id });
  }

  async delete(principal: Principal, id: string): Promise<ProjectDeletedResponse> {
    return this.rpc.call(ProjectsRpc.delete, { workspace_id: await this.developers.of(principal), id });
  }

  /** For anyone: the catalogue answers only once one of the project's listings is published. */
  publicPage(id: string): Promise<PublicProjectResponse> {
    return this.rpc.call(ProjectsRpc.publicPage, { id });
  }
}
