import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from '@app/validation';
import { CURRENCIES } from './catalogue.contract';
import type { CountryCode, Currency, ListingImageResponse } from './catalogue.contract';
import { MaxDecimalPlaces } from './decimal-places';
import { PageRequest } from './paging';
import type { Page } from './paging';
import { rpc } from './rpc-descriptor';
import type { ListingResponse } from './catalogue.contract';

/**
 * Developer projects and their units (catalogue service). The full request/response
 * classes live beside the routes; what other services rely on is declared here.
 */
export const PROJECT_UNIT_STATUSES = ['available', 'reserved', 'sold'] as const;
export type ProjectUnitStatus = (typeof PROJECT_UNIT_STATUSES)[number];

export interface ProjectFactsRequest {
  project_id: string;
  /** When given, a project of another workspace answers `project_not_found`. */
  workspace_id?: string;
}

export interface ProjectUnitFacts {
  id: string;
  unit_ref: string | null;
  unit_type: string;
  bedrooms: number | null;
  area_sqm: number;
  floor: number | null;
  price: number;
  currency: 'SAR' | 'AED';
  price_sar: number;
  status: ProjectUnitStatus;
}

export interface ProjectFacts {
  id: string;
  workspace_id: string;
  name_en: string;
  name_ar: string;
  city_en: string;
  city_ar: string;
  district_en: string;
  district_ar: string;
  handover_date: string | null;
  units: ProjectUnitFacts[];
}

/* ---- The project and unit routes (gateway → catalogue), their payloads and events. ---- */

/** A project holds at most this many images (as a listing). */
export const MAX_PROJECT_IMAGES = 20;

/** Where a project image's two files live in the image store (the listing pipeline's layout). */
export function projectImageKeys(projectId: string, imageId: string): { display: string; thumbnail: string } {
  return {
    display: `projects/${projectId}/${imageId}.webp`,
    thumbnail: `projects/${projectId}/${imageId}-thumb.webp`,
  };
}

export function projectImagesPrefix(projectId: string): string {
  return `projects/${projectId}/`;
}

/** One project of the workspace whose images change; another workspace's answers 404. */
export class ProjectImagesRequest {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  project_id: string;
}

/** Record an image the gateway has stored (display size and thumbnail under projectImageKeys). */
export class AddProjectImageRequest extends ProjectImagesRequest {
  @IsUUID()
  image_id: string;

  @IsInt()
  @Min(1)
  width: number;

  @IsInt()
  @Min(1)
  height: number;

  @IsInt()
  @Min(1)
  bytes: number;
}

export class ProjectImageRefRequest extends ProjectImagesRequest {
  @IsString()
  @Length(1, 100)
  image_id: string;
}

export interface ProjectImageSlotResponse {
  project_id: string;
  image_count: number;
}

export interface ProjectImageDeletedResponse {
  object: 'project_image';
  id: string;
  deleted: true;
}

/** Project events (payload ProjectEventPayload) and unit changes (UnitEventPayload), through the outbox. */
export const CATALOGUE_PROJECT_CREATED = 'catalogue.project.created.v1';
export const CATALOGUE_PROJECT_UPDATED = 'catalogue.project.updated.v1';
export const CATALOGUE_PROJECT_DELETED = 'catalogue.project.deleted.v1';
export const CATALOGUE_UNIT_UPDATED = 'catalogue.unit.updated.v1';

export const PROJECT_STATUSES = ['off_plan', 'ready'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const UNIT_TYPES = ['apartment', 'villa', 'land', 'shop', 'office'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const PROJECT_SORTS = ['newest', 'name_en', 'name_ar'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

/** Digits only: REGA off-plan sale licences and DLD project numbers are numbers. */
const DIGITS = /^[0-9]{1,20}$/;
/** Escrow account numbers: letters, digits and dashes (an IBAN or the bank's own format). */
const ACCOUNT = /^[A-Za-z0-9-]{4,40}$/;

/** The fields a project is written with. */
export abstract class ProjectFieldsInput {
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name_en?: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  name_ar?: string;

  @IsOptional()
  @IsString()
  @Length(1, 5000)
  description_en?: string;

  @IsOptional()
  @IsString()
  @Length(1, 5000)
  description_ar?: string;

  /** Place, one of: `district_id`; `city_id` + `district`; `city` + `district` (as listings). */
  @IsOptional()
  @IsInt()
  @IsPositive()
  district_id?: number;

  @IsOptional()
  @IsInt()
  @IsPositive()
  city_id?: number;

  @IsOptional()
  @IsString()
  @Length(2, 100)
  city?: string;

  @IsOptional()
  @IsString()
  @Length(2, 100)
  district?: string;

  @IsOptional()
  @IsIn(PROJECT_STATUSES)
  status?: ProjectStatus;

  /** YYYY-MM-DD. */
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'handover_date must be a date YYYY-MM-DD' })
  handover_date?: string;

  /** Saudi Arabia only: the REGA off-plan sale (Wafi) licence number. */
  @IsOptional()
  @Matches(DIGITS, { message: 'rega_licence_number must be 1 to 20 digits' })
  rega_licence_number?: string;

  /** Dubai only: the DLD project number. */
  @IsOptional()
  @Matches(DIGITS, { message: 'dld_project_number must be 1 to 20 digits' })
  dld_project_number?: string;

  /** The project's escrow account (Wafi escrow in Saudi Arabia, the DLD-registered one in Dubai). */
  @IsOptional()
  @Matches(ACCOUNT, { message: 'escrow_account_number must be 4 to 40 letters, digits or dashes' })
  escrow_account_number?: string;
}

/** POST /v1/projects body: both names and the place are required. */
export class CreateProjectBody extends ProjectFieldsInput {
  @IsDefined()
  @IsString()
  @Length(1, 200)
  declare name_en: string;

  @IsDefined()
  @IsString()
  @Length(1, 200)
  declare name_ar: string;
}

export class UpdateProjectBody extends ProjectFieldsInput {}

export class CreateProjectRequest extends CreateProjectBody {
  @IsUUID()
  workspace_id: string;

  @IsOptional()
  @IsUUID()
  created_by?: string;
}

export class UpdateProjectRequest extends UpdateProjectBody {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  id: string;
}

/** One project of the workspace; another workspace's answers 404 project_not_found. */
export class ProjectRefRequest {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  id: string;
}

export class PublicProjectRequest {
  @IsString()
  @Length(1, 100)
  id: string;
}

export class ListProjectsRequest extends PageRequest {
  @IsUUID()
  workspace_id: string;

  @IsOptional()
  @IsIn(PROJECT_SORTS)
  sort?: ProjectSort;
}

/** The fields of a unit. */
export abstract class UnitFieldsInput {
  @IsOptional()
  @IsString()
  @Length(1, 50)
  unit_ref?: string;

  @IsOptional()
  @IsIn(UNIT_TYPES)
  unit_type?: UnitType;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(10_000_000)
  area_sqm?: number;

  /** Not for land (422). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bedrooms?: number;

  @IsOptional()
  @IsInt()
  @Min(-10)
  @Max(300)
  floor?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(100_000_000_000)
  price?: number;

  /** Default: the project's country's (SAR in Saudi Arabia, AED in the UAE). */
  @IsOptional()
  @IsIn(CURRENCIES)
  currency?: Currency;

  @IsOptional()
  @IsIn(PROJECT_UNIT_STATUSES)
  status?: ProjectUnitStatus;
}

export class CreateUnitBody extends UnitFieldsInput {
  @IsDefined()
  @IsIn(UNIT_TYPES)
  declare unit_type: UnitType;

  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(10_000_000)
  declare area_sqm: number;

  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(100_000_000_000)
  declare price: number;
}

export class UpdateUnitBody extends UnitFieldsInput {}

export class CreateUnitRequest extends CreateUnitBody {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  project_id: string;
}

export class UpdateUnitRequest extends UpdateUnitBody {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  project_id: string;

  @IsString()
  @Length(1, 100)
  id: string;
}

export class UnitRefRequest {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  project_id: string;

  @IsString()
  @Length(1, 100)
  id: string;

  /** Publish only: the account creating the listing. */
  @IsOptional()
  @IsUUID()
  created_by?: string;
}

/** One copy the gateway made: the files of project image `project_image_id`, again under the listing's `image_id`. */
export class UnitListingImageCopy {
  @IsUUID()
  project_image_id: string;

  @IsUUID()
  image_id: string;
}

/**
 * Publish a unit with copies of its project's images: the gateway has copied each project
 * image's files to `listingImageKeys(listing_id, image_id)`, and the listing is created under
 * `listing_id` with its images recorded in that order, in one transaction.
 */
export class PublishUnitRequest extends UnitRefRequest {
  @IsOptional()
  @IsUUID()
  listing_id?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PROJECT_IMAGES)
  @ArrayUnique((copy: UnitListingImageCopy) => copy.project_image_id)
  @ArrayUnique((copy: UnitListingImageCopy) => copy.image_id)
  @ValidateNested({ each: true })
  @Type(() => UnitListingImageCopy)
  image_copies?: UnitListingImageCopy[];
}

/** A project image a unit's listing starts with: the files to copy. */
export interface UnitListingImageSource {
  id: string;
  display_key: string;
  thumb_key: string;
}

/** The unit may be published now; its listing starts with these project images, in order. */
export interface UnitListingPlanResponse {
  project_id: string;
  unit_id: string;
  images: UnitListingImageSource[];
}

export class ListUnitsRequest extends PageRequest {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  project_id: string;

  @IsOptional()
  @IsIn(PROJECT_UNIT_STATUSES)
  status?: ProjectUnitStatus;
}

export interface UnitResponse {
  object: 'unit';
  id: string;
  project_id: string;
  unit_ref: string | null;
  unit_type: UnitType;
  area_sqm: number;
  bedrooms: number | null;
  floor: number | null;
  price: number;
  currency: Currency;
  price_sar: number;
  status: ProjectUnitStatus;
  /** The listing made from this unit, if any (POST …/listing). */
  listing_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectResponse {
  object: 'project';
  id: string;
  workspace_id: string;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  status: ProjectStatus;
  handover_date: string | null;
  country_code: CountryCode;
  city_id: number;
  district_id: number;
  city_en: string;
  city_ar: string;
  district_en: string;
  district_ar: string;
  rega_licence_number: string | null;
  dld_project_number: string | null;
  escrow_account_number: string | null;
  unit_count: number;
  /** Absolute URLs of the display images, by position. */
  image_urls: string[];
  images: ListingImageResponse[];
  created_at: string;
  updated_at: string;
}

export type ProjectsPageResponse = Page<ProjectResponse>;

export type UnitsPageResponse = Page<UnitResponse>;

export interface ProjectDeletedResponse {
  object: 'project';
  id: string;
  deleted: true;
}

export interface UnitDeletedResponse {
  object: 'unit';
  id: string;
  deleted: true;
}

/** What anyone sees of a unit on the public project page. */
export type PublicUnitResponse = Pick<
  UnitResponse,
  'id' | 'unit_ref' | 'unit_type' | 'status' | 'price' | 'currency' | 'price_sar' | 'area_sqm' | 'bedrooms' | 'floor'
> & {
  /** The published listing of the unit (GET /v1/properties/{id}), or null. */
  property_id: string | null;
};

/** A project as the public page shows it: the workspace's own fields left out. */
export type PublicProjectResponse = Omit<
  ProjectResponse,
  'workspace_id' | 'city_id' | 'district_id' | 'escrow_account_number' | 'unit_count' | 'created_at' | 'updated_at'
> & { units: PublicUnitResponse[] };

export interface ProjectEventPayload {
  project_id: string;
  workspace_id: string;
  occurred_at: string;
  /** updated: the fields changed. */
  changed?: string[];
}

export interface UnitEventPayload {
  project_id: string;
  unit_id: string;
  workspace_id: string;
  status: ProjectUnitStatus;
  occurred_at: string;
  /** The fields changed (created: every field given; deleted: ['deleted']). */
  changed: string[];
  /** The unit's listing, when there is one. */
  listing_id: string | null;
}

/** The catalogue's developer projects and their units. */
export const ProjectsRpc = {
  /**
   * The live facts of one project, read by the leads service's widget assistant: prices and
   * availability always come from here, never from knowledge-base text.
   * Request {@link ProjectFactsRequest}; answer {@link ProjectFacts}, or the error
   * `project_not_found` (404) when the project is unknown or belongs to another workspace.
   */
  facts: rpc<ProjectFactsRequest, ProjectFacts>('rpc.catalogue.projects.facts.v1'),
  create: rpc<CreateProjectRequest, ProjectResponse>('rpc.catalogue.projects.create.v1'),
  list: rpc<ListProjectsRequest, ProjectsPageResponse>('rpc.catalogue.projects.list.v1'),
  get: rpc<ProjectRefRequest, ProjectResponse>('rpc.catalogue.projects.get.v1'),
  update: rpc<UpdateProjectRequest, ProjectResponse>('rpc.catalogue.projects.update.v1'),
  delete: rpc<ProjectRefRequest, ProjectDeletedResponse>('rpc.catalogue.projects.delete.v1'),
  publicPage: rpc<PublicProjectRequest, PublicProjectResponse>('rpc.catalogue.projects.public.v1'),
  listUnits: rpc<ListUnitsRequest, UnitsPageResponse>('rpc.catalogue.units.list.v1'),
  createUnit: rpc<CreateUnitRequest, UnitResponse>('rpc.catalogue.units.create.v1'),
  updateUnit: rpc<UpdateUnitRequest, UnitResponse>('rpc.catalogue.units.update.v1'),
  deleteUnit: rpc<UnitRefRequest, UnitDeletedResponse>('rpc.catalogue.units.delete.v1'),
  publishUnit: rpc<PublishUnitRequest, ListingResponse>('rpc.catalogue.units.publish.v1'),
  checkPublishUnit: rpc<UnitRefRequest, UnitListingPlanResponse>('rpc.catalogue.units.publish.check.v1'),
  checkImage: rpc<ProjectImagesRequest, ProjectImageSlotResponse>('rpc.catalogue.projects.images.check.v1'),
  addImage: rpc<AddProjectImageRequest, ListingImageResponse>('rpc.catalogue.projects.images.add.v1'),
  deleteImage: rpc<ProjectImageRefRequest, ProjectImageDeletedResponse>('rpc.catalogue.projects.images.delete.v1'),
};
