import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  AddProjectImageRequest,
  CATALOGUE_PROJECT_FACTS_PATTERN,
  CATALOGUE_PROJECT_IMAGES_ADD_PATTERN,
  CATALOGUE_PROJECT_IMAGES_CHECK_PATTERN,
  CATALOGUE_PROJECT_IMAGES_DELETE_PATTERN,
  CATALOGUE_PROJECTS_CREATE_PATTERN,
  CATALOGUE_PROJECTS_DELETE_PATTERN,
  CATALOGUE_PROJECTS_GET_PATTERN,
  CATALOGUE_PROJECTS_LIST_PATTERN,
  CATALOGUE_PROJECTS_PUBLIC_PATTERN,
  CATALOGUE_PROJECTS_UPDATE_PATTERN,
  CATALOGUE_UNITS_CREATE_PATTERN,
  CATALOGUE_UNITS_DELETE_PATTERN,
  CATALOGUE_UNITS_LIST_PATTERN,
  CATALOGUE_UNITS_PUBLISH_CHECK_PATTERN,
  CATALOGUE_UNITS_PUBLISH_PATTERN,
  CATALOGUE_UNITS_UPDATE_PATTERN,
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
import { MessageData } from '@app/messaging';
import { ProjectsService } from './projects.service';
import { UnitsService } from './units.service';

/** The project and unit message handlers: adapters onto the services. */
@Controller()
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly units: UnitsService,
  ) {}

  @MessagePattern(CATALOGUE_PROJECTS_CREATE_PATTERN)
  create(@MessageData() request: CreateProjectRequest): Promise<ProjectResponse> {
    return this.projects.create(request);
  }

  @MessagePattern(CATALOGUE_PROJECTS_LIST_PATTERN)
  list(@MessageData() request: ListProjectsRequest): Promise<ProjectsPageResponse> {
    return this.projects.list(request);
  }

  @MessagePattern(CATALOGUE_PROJECTS_GET_PATTERN)
  get(@MessageData() request: ProjectRefRequest): Promise<ProjectResponse> {
    return this.projects.get(request);
  }

  @MessagePattern(CATALOGUE_PROJECTS_UPDATE_PATTERN)
  update(@MessageData() request: UpdateProjectRequest): Promise<ProjectResponse> {
    return this.projects.update(request);
  }

  @MessagePattern(CATALOGUE_PROJECTS_DELETE_PATTERN)
  delete(@MessageData() request: ProjectRefRequest): Promise<ProjectDeletedResponse> {
    return this.projects.delete(request);
  }

  @MessagePattern(CATALOGUE_PROJECTS_PUBLIC_PATTERN)
  publicPage(@MessageData() request: PublicProjectRequest): Promise<PublicProjectResponse> {
    return this.projects.publicPage(request);
  }

  /** Other services (the leads service's widget assistant) read a project's live facts here. */
  @MessagePattern(CATALOGUE_PROJECT_FACTS_PATTERN)
  facts(@MessageData() request: ProjectFactsRequest): Promise<ProjectFacts> {
    return this.projects.facts(request);
  }

  @MessagePattern(CATALOGUE_PROJECT_IMAGES_CHECK_PATTERN)
  checkImage(@MessageData() request: ProjectImagesRequest): Promise<ProjectImageSlotResponse> {
    return this.projects.checkImage(request);
  }

  @MessagePattern(CATALOGUE_PROJECT_IMAGES_ADD_PATTERN)
  addImage(@MessageData() request: AddProjectImageRequest): Promise<ListingImageResponse> {
    return this.projects.addImage(request);
  }

  @MessagePattern(CATALOGUE_PROJECT_IMAGES_DELETE_PATTERN)
  deleteImage(@MessageData() request: ProjectImageRefRequest): Promise<ProjectImageDeletedResponse> {
    return this.projects.deleteImage(request);
  }

  @MessagePattern(CATALOGUE_UNITS_LIST_PATTERN)
  listUnits(@MessageData() request: ListUnitsRequest): Promise<UnitsPageResponse> {
    return this.units.list(request);
  }

  @MessagePattern(CATALOGUE_UNITS_CREATE_PATTERN)
  createUnit(@MessageData() request: CreateUnitRequest): Promise<UnitResponse> {
    return this.units.create(request);
  }

  @MessagePattern(CATALOGUE_UNITS_UPDATE_PATTERN)
  updateUnit(@MessageData() request: UpdateUnitRequest): Promise<UnitResponse> {
    return this.units.update(request);
  }

  @MessagePattern(CATALOGUE_UNITS_DELETE_PATTERN)
  deleteUnit(@MessageData() request: UnitRefRequest): Promise<UnitDeletedResponse> {
    return this.units.delete(request);
  }

  @MessagePattern(CATALOGUE_UNITS_PUBLISH_CHECK_PATTERN)
  checkPublishUnit(@MessageData() request: UnitRefRequest): Promise<UnitListingPlanResponse> {
    return this.units.checkPublish(request);
  }

  @MessagePattern(CATALOGUE_UNITS_PUBLISH_PATTERN)
  publishUnit(@MessageData() request: PublishUnitRequest): Promise<ListingResponse> {
    return this.units.publish(request);
  }
}
