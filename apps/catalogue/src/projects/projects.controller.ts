import { Controller } from '@nestjs/common';
import {
  AddProjectImageRequest,
  CreateProjectRequest,
  CreateUnitRequest,
  ListProjectsRequest,
  ListUnitsRequest,
  ProjectImageRefRequest,
  ProjectImagesRequest,
  ProjectRefRequest,
  PublicProjectRequest,
  PublishUnitRequest,
  UnitRefRequest,
  UpdateProjectRequest,
  UpdateUnitRequest,
  ProjectsRpc,
} from '@app/contracts';
import type {
  ListingImageResponse,
  ListingResponse,
  ProjectImageDeletedResponse,
  ProjectImageSlotResponse,
  ProjectDeletedResponse,
  ProjectFacts,
  ProjectFactsRequest,
  ProjectResponse,
  ProjectsPageResponse,
  PublicProjectResponse,
  UnitDeletedResponse,
  UnitListingPlanResponse,
  UnitResponse,
  UnitsPageResponse,
} from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { ProjectsService } from './projects.service';
import { UnitsService } from './units.service';

/** The project and unit message handlers: adapters onto the services. */
@Controller()
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly units: UnitsService,
  ) {}

  @RpcHandler(ProjectsRpc.create)
  create(@MessageData() request: CreateProjectRequest): Promise<ProjectResponse> {
    return this.projects.create(request);
  }

  @RpcHandler(ProjectsRpc.list)
  list(@MessageData() request: ListProjectsRequest): Promise<ProjectsPageResponse> {
    return this.projects.list(request);
  }

  @RpcHandler(ProjectsRpc.get)
  get(@MessageData() request: ProjectRefRequest): Promise<ProjectResponse> {
    return this.projects.get(request);
  }

  @RpcHandler(ProjectsRpc.update)
  update(@MessageData() request: UpdateProjectRequest): Promise<ProjectResponse> {
    return this.projects.update(request);
  }

  @RpcHandler(ProjectsRpc.delete)
  delete(@MessageData() request: ProjectRefRequest): Promise<ProjectDeletedResponse> {
    return this.projects.delete(request);
  }

  @RpcHandler(ProjectsRpc.publicPage)
  publicPage(@MessageData() request: PublicProjectRequest): Promise<PublicProjectResponse> {
    return this.projects.publicPage(request);
  }

  /** Other services (the leads service's widget assistant) read a project's live facts here. */
  @RpcHandler(ProjectsRpc.facts)
  facts(@MessageData() request: ProjectFactsRequest): Promise<ProjectFacts> {
    return this.projects.facts(request);
  }

  @RpcHandler(ProjectsRpc.checkImage)
  checkImage(@MessageData() request: ProjectImagesRequest): Promise<ProjectImageSlotResponse> {
    return this.projects.checkImage(request);
  }

  @RpcHandler(ProjectsRpc.addImage)
  addImage(@MessageData() request: AddProjectImageRequest): Promise<ListingImageResponse> {
    return this.projects.addImage(request);
  }

  @RpcHandler(ProjectsRpc.deleteImage)
  deleteImage(@MessageData() request: ProjectImageRefRequest): Promise<ProjectImageDeletedResponse> {
    return this.projects.deleteImage(request);
  }

  @RpcHandler(ProjectsRpc.listUnits)
  listUnits(@MessageData() request: ListUnitsRequest): Promise<UnitsPageResponse> {
    return this.units.list(request);
  }

  @RpcHandler(ProjectsRpc.createUnit)
  createUnit(@MessageData() request: CreateUnitRequest): Promise<UnitResponse> {
    return this.units.create(request);
  }

  @RpcHandler(ProjectsRpc.updateUnit)
  updateUnit(@MessageData() request: UpdateUnitRequest): Promise<UnitResponse> {
    return this.units.update(request);
  }

  @RpcHandler(ProjectsRpc.deleteUnit)
  deleteUnit(@MessageData() request: UnitRefRequest): Promise<UnitDeletedResponse> {
    return this.units.delete(request);
  }

  @RpcHandler(ProjectsRpc.checkPublishUnit)
  checkPublishUnit(@MessageData() request: UnitRefRequest): Promise<UnitListingPlanResponse> {
    return this.units.checkPublish(request);
  }

  @RpcHandler(ProjectsRpc.publishUnit)
  publishUnit(@MessageData() request: PublishUnitRequest): Promise<ListingResponse> {
    return this.units.publish(request);
  }
}
