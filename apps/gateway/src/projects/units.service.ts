import { Injectable } from '@nestjs/common';
import { ProjectsRpc, pageOf } from '@app/contracts';
import type {
  CreateUnitBody,
  ListUnitsQuery,
  ListingResponse,
  Principal,
  UnitDeletedResponse,
  UnitResponse,
  UnitsPageResponse,
  UpdateUnitBody,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { DeveloperWorkspaces } from '../identity/workspaces/developer-workspaces';
import { UnitListingService } from './unit-listing.service';

/** A project's units for REST and MCP alike: the caller's developer workspace, then the catalogue. */
@Injectable()
export class UnitsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly developers: DeveloperWorkspaces,
    private readonly unitListings: UnitListingService,
  ) {}

  async list(principal: Principal, projectId: string, query: ListUnitsQuery): Promise<UnitsPageResponse> {
    return this.rpc.call(ProjectsRpc.listUnits, {
      ...query,
      ...pageOf(query),
      workspace_id: await this.developers.of(principal),
      project_id: projectId,
    });
  }

  async create(principal: Principal, projectId: string, body: CreateUnitBody): Promise<UnitResponse> {
    return this.rpc.call(ProjectsRpc.createUnit, {
      ...body,
      workspace_id: await this.developers.of(principal),
      project_id: projectId,
    });
  }

  async update(principal: Principal, projectId: string, id: string, body: UpdateUnitBody): Promise<UnitResponse> {
    return this.rpc.call(ProjectsRpc.updateUnit, {
      ...body,
      workspace_id: await this.developers.of(principal),
      project_id: projectId,
      id,
    });
  }

  async delete(principal: Principal, projectId: string, id: string): Promise<UnitDeletedResponse> {
    return this.rpc.call(ProjectsRpc.deleteUnit, {
      workspace_id: await this.developers.of(principal),
      project_id: projectId,
      id,
    });
  }

  /** A draft listing made from the unit, starting with copies of its project's images. */
  async publish(principal: Principal, projectId: string, id: string): Promise<ListingResponse> {
    return this.unitListings.publish({
      workspace_id: await this.developers.of(principal),
      project_id: projectId,
      id,
      created_by: principal.accountId,
    });
  }
}
