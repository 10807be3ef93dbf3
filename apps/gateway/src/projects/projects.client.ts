import { Injectable } from '@nestjs/common';
import { ProjectsRpc } from '@app/contracts';
import type {
  AddProjectImageRequest,
  CreateProjectRequest,
  ListingImageResponse,
  ProjectImageDeletedResponse,
  ProjectImageRefRequest,
  ProjectImageSlotResponse,
  ProjectImagesRequest,
  CreateUnitRequest,
  ListProjectsRequest,
  ListUnitsRequest,
  ListingResponse,
  ProjectDeletedResponse,
  ProjectRefRequest,
  ProjectResponse,
  ProjectsPageResponse,
  PublicProjectRequest,
  PublicProjectResponse,
  PublishUnitRequest,
  UnitDeletedResponse,
  UnitListingPlanResponse,
  UnitRefRequest,
  UnitResponse,
  UnitsPageResponse,
  UpdateProjectRequest,
  UpdateUnitRequest,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The catalogue's project and unit calls, typed. */
@Injectable()
export class ProjectsClient {
  constructor(private readonly rpc: RpcClient) {}

  createProject(request: CreateProjectRequest): Promise<ProjectResponse> {
    return this.rpc.call(ProjectsRpc.create, request);
  }

  listProjects(request: ListProjectsRequest): Promise<ProjectsPageResponse> {
    return this.rpc.call(ProjectsRpc.list, request);
  }

  getProject(request: ProjectRefRequest): Promise<ProjectResponse> {
    return this.rpc.call(ProjectsRpc.get, request);
  }

  updateProject(request: UpdateProjectRequest): Promise<ProjectResponse> {
    return this.rpc.call(ProjectsRpc.update, request);
  }

  deleteProject(request: ProjectRefRequest): Promise<ProjectDeletedResponse> {
    return this.rpc.call(ProjectsRpc.delete, request);
  }

  publicProject(request: PublicProjectRequest): Promise<PublicProjectResponse> {
    return this.rpc.call(ProjectsRpc.publicPage, request);
  }

  listUnits(request: ListUnitsRequest): Promise<UnitsPageResponse> {
    return this.rpc.call(ProjectsRpc.listUnits, request);
  }

  createUnit(request: CreateUnitRequest): Promise<UnitResponse> {
    return this.rpc.call(ProjectsRpc.createUnit, request);
  }

  updateUnit(request: UpdateUnitRequest): Promise<UnitResponse> {
    return this.rpc.call(ProjectsRpc.updateUnit, request);
  }

  deleteUnit(request: UnitRefRequest): Promise<UnitDeletedResponse> {
    return this.rpc.call(ProjectsRpc.deleteUnit, request);
  }

  checkPublishUnit(request: UnitRefRequest): Promise<UnitListingPlanResponse> {
    return this.rpc.call(ProjectsRpc.checkPublishUnit, request);
  }

  publishUnit(request: PublishUnitRequest): Promise<ListingResponse> {
    return this.rpc.call(ProjectsRpc.publishUnit, request);
  }

  checkImage(request: ProjectImagesRequest): Promise<ProjectImageSlotResponse> {
    return this.rpc.call(ProjectsRpc.checkImage, request);
  }

  addImage(request: AddProjectImageRequest): Promise<ListingImageResponse> {
    return this.rpc.call(ProjectsRpc.addImage, request);
  }

  deleteImage(request: ProjectImageRefRequest): Promise<ProjectImageDeletedResponse> {
    return this.rpc.call(ProjectsRpc.deleteImage, request);
  }
}
