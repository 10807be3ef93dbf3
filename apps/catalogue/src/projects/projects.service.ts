import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CATALOGUE_PROJECT_CREATED,
  CATALOGUE_PROJECT_DELETED,
  CATALOGUE_PROJECT_UPDATED,
  MAX_PROJECT_IMAGES,
  projectImageKeys,
} from '@app/contracts';
import type {
  AddProjectImageRequest,
  CreateProjectRequest,
  ListingImageResponse,
  ProjectImageDeletedResponse,
  ProjectImageRefRequest,
  ProjectImageSlotResponse,
  ProjectImagesRequest,
  ListProjectsRequest,
  ProjectDeletedResponse,
  ProjectEventPayload,
  ProjectFacts,
  ProjectFactsRequest,
  ProjectFieldsInput,
  ProjectRefRequest,
  ProjectResponse,
  ProjectsPageResponse,
  PublicProjectRequest,
  PublicProjectResponse,
  ResolvedPlace,
  UpdateProjectRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import { isUUID } from '@app/validation';
import { DecisionClient } from '../listings/decision.client';
import { ImageUrls } from '../listings/image-urls';
import { toImages, toProjectFacts, toProjectResponse, toPublicProject } from './project.dto';
import { assertCalendarDate, assertNotNull, assertRegistrationFitsCountry } from './project-rules';
import { ProjectsRepository } from './projects.repository';
import type { ProjectRow, ProjectWrite } from './projects.repository';

const PLACE_FIELDS = ['district_id', 'city_id', 'city', 'district'] as const;

/** A workspace's projects: create, read, edit, delete; their live facts; the public page. */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly decision: DecisionClient,
    private readonly outbox: Outbox,
    private readonly urls: ImageUrls,
  ) {}

  async create(request: CreateProjectRequest): Promise<ProjectResponse> {
    assertNotNull(request, ['status', ...PLACE_FIELDS]);
    assertCalendarDate('handover_date', request.handover_date);
    const place = await this.resolvePlace(request);
    if (!place) {
      throw new AppError(
        'validation_error',
        'A project needs a place: district_id, city_id + district, or city + district.',
        {
          field: 'district_id',
        },
      );
    }
    assertRegistrationFitsCountry(place.country_code, request);
    const row = await this.projects.transaction(async (tx) => {
      const created = await this.projects.insertProject(tx, request.workspace_id, {
        ...plainFields(request),
        name_en: request.name_en,
        name_ar: request.name_ar,
        created_by: request.created_by ?? null,
        ...placeColumns(place),
      });
      await this.emit(tx, CATALOGUE_PROJECT_CREATED, created);
      return created;
    });
    return this.present(row);
  }

  async get(request: ProjectRefRequest): Promise<ProjectResponse> {
    return this.present(await this.mustFind(request.workspace_id, request.id));
  }

  async list(request: ListProjectsRequest): Promise<ProjectsPageResponse> {
    const rows = await this.projects.pageProjects(
      request.workspace_id,
      request.sort ?? 'newest',
      request.limit + 1,
      request.offset,
    );
    const page = rows.slice(0, request.limit);
    const images = await this.projects.images(page.map((row) => row.id));
    const url = (key: string) => this.urls.imageUrl(key);
    return {
      object: 'list',
      data: page.map((row) =>
        toProjectResponse(
          row,
          images.filter((image) => image.project_id === row.id),
          url,
        ),
      ),
      limit: request.limit,
      offset: request.offset,
      has_more: rows.length > request.limit,
    };
  }

  /** Any subset of the fields; a new place re-checks the registration numbers against its country. */
  async update(request: UpdateProjectRequest): Promise<ProjectResponse> {
    assertNotNull(request, ['name_en', 'name_ar', 'status', ...PLACE_FIELDS]);
    assertCalendarDate('handover_date', request.handover_date);
    const place = await this.resolvePlace(request);
    const row = await this.projects.transaction(async (tx) => {
      const current = await this.projects.findProject(request.workspace_id, request.id, tx, true);
      if (!current) throw projectNotFound();
      const changes: ProjectWrite = definedOnly({
        ...plainFields(request),
        name_en: request.name_en,
        name_ar: request.name_ar,
        ...(place ? placeColumns(place) : {}),
      });
      const changed = Object.keys(changes).filter(
        (name) => changes[name as keyof ProjectWrite] !== current[name as keyof ProjectRow],
      );
      const next = { ...current, ...changes };
      assertRegistrationFitsCountry(next.country_code, next);
      if (changed.length === 0) return current;
      const updated = await this.projects.updateProject(tx, current.id, changes);
      await this.emit(tx, CATALOGUE_PROJECT_UPDATED, updated, changed);
      return updated;
    });
    return this.present(row);
  }

  /** Deletes the project and its units; listings made from them stay, as ordinary listings. */
  async delete(request: ProjectRefRequest): Promise<ProjectDeletedResponse> {
    await this.projects.transaction(async (tx) => {
      const current = await this.projects.findProject(request.workspace_id, request.id, tx, true);
      if (!current) throw projectNotFound();
      await this.projects.deleteProject(tx, current.id);
      await this.emit(tx, CATALOGUE_PROJECT_DELETED, current);
    });
    return { object: 'project', id: request.id, deleted: true };
  }

  /** The live facts the leads service's assistant reads (ProjectsRpc.facts.pattern). */
  async facts(request: ProjectFactsRequest): Promise<ProjectFacts> {
    const id = typeof request?.project_id === 'string' ? request.project_id : '';
    const workspace = request?.workspace_id;
    if (workspace !== undefined && (typeof workspace !== 'string' || !isUUID(workspace))) throw projectNotFound();
    const project = await this.projects.findProject(workspace, id);
    if (!project) throw projectNotFound();
    return toProjectFacts(project, await this.projects.units(project.id));
  }

  /**
   * The public project page: a project is public once one of its units' listings is published
   * (moderation has seen it); before that, and after, 404 project_not_found.
   */
  async publicPage(request: PublicProjectRequest): Promise<PublicProjectResponse> {
    const project = await this.projects.findProject(undefined, request.id);
    if (!project || !(await this.projects.hasPublishedListing(project.id))) throw projectNotFound();
    const [units, images] = await Promise.all([this.projects.units(project.id), this.projects.images([project.id])]);
    return toPublicProject(project, units, images, (key) => this.urls.imageUrl(key));
  }

  /** Would the project take one more image now? Asked before the upload is read. */
  async checkImage(request: ProjectImagesRequest): Promise<ProjectImageSlotResponse> {
    return this.projects.transaction(async (tx) => {
      const project = await this.mustFind(request.workspace_id, request.project_id, tx, true);
      const count = await this.projects.imageCount(tx, project.id);
      assertRoomForImage(count);
      return { project_id: project.id, image_count: count };
    });
  }

  async addImage(request: AddProjectImageRequest): Promise<ListingImageResponse> {
    const image = await this.projects.transaction(async (tx) => {
      const project = await this.mustFind(request.workspace_id, request.project_id, tx, true);
      assertRoomForImage(await this.projects.imageCount(tx, project.id));
      const keys = projectImageKeys(project.id, request.image_id);
      const added = await this.projects.appendImage(tx, {
        id: request.image_id,
        project_id: project.id,
        display_key: keys.display,
        thumb_key: keys.thumbnail,
        width: request.width,
        height: request.height,
        bytes: request.bytes,
      });
      await this.emit(tx, CATALOGUE_PROJECT_UPDATED, project, ['images']);
      return added;
    });
    return toImages([image], (key) => this.urls.imageUrl(key))[0];
  }

  async deleteImage(request: ProjectImageRefRequest): Promise<ProjectImageDeletedResponse> {
    await this.projects.transaction(async (tx) => {
      const project = await this.mustFind(request.workspace_id, request.project_id, tx, true);
      if (!(await this.projects.deleteImage(tx, project.id, request.image_id))) {
        throw new AppError('not_found', 'This project has no such image.');
      }
      await this.emit(tx, CATALOGUE_PROJECT_UPDATED, project, ['images']);
    });
    return { object: 'project_image', id: request.image_id, deleted: true };
  }

  private async present(row: ProjectRow): Promise<ProjectResponse> {
    return toProjectResponse(row, await this.projects.images([row.id]), (key) => this.urls.imageUrl(key));
  }

  async mustFind(workspaceId: string, id: string, tx?: EntityManager, lock = false): Promise<ProjectRow> {
    const row = await this.projects.findProject(workspaceId, id, tx, lock);
    if (!row) throw projectNotFound();
    return row;
  }

  private async emit(tx: EntityManager, subject: string, row: ProjectRow, changed?: string[]): Promise<void> {
    await this.outbox.add<ProjectEventPayload>(tx, subject, {
      project_id: row.id,
      workspace_id: row.workspace_id,
      occurred_at: new Date().toISOString(),
      ...(changed ? { changed } : {}),
    });
  }

  /** As listings: asks the decision service when any place field is given (422 with suggestions otherwise). */
  private async resolvePlace(request: ProjectFieldsInput): Promise<ResolvedPlace | null> {
    if (PLACE_FIELDS.every((field) => request[field] === undefined)) return null;
    return this.decision.resolvePlace({
      district_id: request.district_id,
      city_id: request.city_id,
      city: request.city,
      district: request.district,
      field_prefix: '',
    });
  }
}

function assertRoomForImage(count: number): void {
  if (count >= MAX_PROJECT_IMAGES) {
    throw new AppError('conflict', `A project holds at most ${MAX_PROJECT_IMAGES} images.`, { field: 'file' });
  }
}

export function projectNotFound(): AppError {
  return new AppError('project_not_found', 'There is no such project in your workspace.');
}

function plainFields(request: ProjectFieldsInput): ProjectWrite {
  return {
    description_en: request.description_en,
    description_ar: request.description_ar,
    status: request.status,
    handover_date: request.handover_date,
    rega_licence_number: request.rega_licence_number,
    dld_project_number: request.dld_project_number,
    escrow_account_number: request.escrow_account_number,
  };
}

export function placeColumns(place: ResolvedPlace): ProjectWrite {
  return {
    country_code: place.country_code,
    city_id: String(place.city_id),
    district_id: String(place.district_id),
    city_en: place.city_en,
    city_ar: place.city_ar,
    district_en: place.district_en,
    district_ar: place.district_ar,
    time_zone: place.time_zone,
  };
}

/** The project's place in the resolver's shape (a unit's listing is where its project is). */
export function placeOf(project: ProjectRow): ResolvedPlace {
  return {
    country_code: project.country_code,
    city_id: Number(project.city_id),
    district_id: Number(project.district_id),
    city_en: project.city_en,
    city_ar: project.city_ar,
    district_en: project.district_en,
    district_ar: project.district_ar,
    time_zone: project.time_zone,
  };
}

function definedOnly<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;
}
