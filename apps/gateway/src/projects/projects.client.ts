import { Injectable } from '@nestjs/common';
import {
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
} from '@app/contracts';
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
    return this.rpc.send(CATALOGUE_PROJECTS_CREATE_PATTERN, request);
  }

  listProjects(request: ListProjectsRequest): Promise<ProjectsPageResponse> {
    return this.rpc.send(CATALOGUE_PROJECTS_LIST_PATTERN, request);
  }

  getProject(request: ProjectRefRequest): Promise<ProjectResponse> {
    return this.rpc.send(CATALOGUE_PROJECTS_GET_PATTERN, request);
  }

  updateProject(request: UpdateProjectRequest): Promise<ProjectResponse> {
    return this.rpc.send(CATALOGUE_PROJECTS_UPDATE_PATTERN, request);
  }

  deleteProject(request: ProjectRefRequest): Promise<ProjectDeletedResponse> {
    return this.rpc.send(CATALOGUE_PROJECTS_DELETE_PATTERN, request);
  }

  publicProject(request: PublicProjectRequest): Promise<PublicProjectResponse> {
    return this.rpc.send(CATALOGUE_PROJECTS_PUBLIC_PATTERN, request);
  }

  listUnits(request: ListUnitsRequest): Promise<UnitsPageResponse> {
    return this.rpc.send(CATALOGUE_UNITS_LIST_PATTERN, request);
  }

  createUnit(request: CreateUnitRequest): Promise<UnitResponse> {
    return this.rpc.send(CATALOGUE_UNITS_CREATE_PATTERN, request);
  }

  updateUnit(request: UpdateUnitRequest): Promise<UnitResponse> {
    return this.rpc.send(CATALOGUE_UNITS_UPDATE_PATTERN, request);
  }

  deleteUnit(request: UnitRefRequest): Promise<UnitDeletedResponse> {
    return this.rpc.send(CATALOGUE_UNITS_DELETE_PATTERN, request);
  }

  checkPublishUnit(request: UnitRefRequest): Promise<UnitListingPlanResponse> {
    return this.rpc.send(CATALOGUE_UNITS_PUBLISH_CHECK_PATTERN, request);
  }

  publishUnit(request: PublishUnitRequest): Promise<ListingResponse> {
    return this.rpc.send(CATALOGUE_UNITS_PUBLISH_PATTERN, request);
  }

  checkImage(request: ProjectImagesRequest): Promise<ProjectImageSlotResponse> {
    return this.rpc.send(CATALOGUE_PROJECT_IMAGES_CHECK_PATTERN, request);
  }

  addImage(request: AddProjectImageRequest): Promise<ListingImageResponse> {
    return this.rpc.send(CATALOGUE_PROJECT_IMAGES_ADD_PATTERN, request);
  }

  deleteImage(request: ProjectImageRefRequest): Promise<ProjectImageDeletedResponse> {
    return this.rpc.send(CATALOGUE_PROJECT_IMAGES_DELETE_PATTERN, request);
  }
}
