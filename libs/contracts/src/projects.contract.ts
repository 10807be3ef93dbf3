import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsCalendarDate,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
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
import { COUNTRY_CODES, CURRENCIES } from './catalogue.contract';
import type { CountryCode, Currency, ListingImageResponse } from './catalogue.contract';
import { MaxDecimalPlaces } from './decimal-places';
import { ListPage, PageQuery, PageRequest } from './paging';
import { PlaceInput } from './place.contract';
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

export class ProjectImageDeletedResponse {
  /** Always `project_image` */
  @IsIn(['project_image'])
  object: 'project_image';

  /** The deleted image's id */
  @IsUUID()
  id: string;

  /** Always true */
  @IsIn([true])
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

/** The fields a project is written with; the place is required on create. */
export abstract class ProjectFieldsInput extends PlaceInput {
  /** English name */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name_en?: string;

  /** Arabic name, stored and returned exactly */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name_ar?: string;

  /** English description */
  @IsOptional()
  @IsString()
  @Length(1, 5000)
  description_en?: string;

  /** Arabic description */
  @IsOptional()
  @IsString()
  @Length(1, 5000)
  description_ar?: string;

  /** `off_plan` or `ready` */
  @IsOptional()
  @IsIn(PROJECT_STATUSES)
  status?: ProjectStatus;

  /**
   * Expected handover, YYYY-MM-DD (a real calendar day)
   * @example "2027-06-30"
   */
  @IsOptional()
  @IsCalendarDate()
  handover_date?: string;

  /** Saudi projects only: the REGA off-plan sale (Wafi) licence number (a Dubai project: 422) */
  @IsOptional()
  @Matches(DIGITS, { message: 'rega_licence_number must be 1 to 20 digits' })
  rega_licence_number?: string;

  /** Dubai projects only: the DLD project number (a Saudi project: 422) */
  @IsOptional()
  @Matches(DIGITS, { message: 'dld_project_number must be 1 to 20 digits' })
  dld_project_number?: string;

  /** The escrow account (Wafi escrow in Saudi Arabia, DLD-registered in Dubai) */
  @IsOptional()
  @Matches(ACCOUNT, { message: 'escrow_account_number must be 4 to 40 letters, digits or dashes' })
  escrow_account_number?: string;
}

/** POST /v1/projects body: both names and the place are required. */
export class CreateProjectBody extends ProjectFieldsInput {
  /** English name */
  @IsDefined()
  @IsString()
  @Length(1, 200)
  declare name_en: string;

  /** Arabic name, stored and returned exactly */
  @IsDefined()
  @IsString()
  @Length(1, 200)
  declare name_ar: string;

  /** `off_plan` (when left out) or `ready` */
  declare status?: ProjectStatus;
}

/** PATCH /v1/projects/{id} body: any subset of the fields. */
export class UpdateProjectBody extends ProjectFieldsInput {}

/** GET /v1/projects query. */
export class ListProjectsQuery extends PageQuery {
  /** `name_ar` sorts by the Arabic name as Arabic readers expect (ICU collation) */
  @IsOptional()
  @IsIn(PROJECT_SORTS)
  sort?: ProjectSort = 'newest';
}

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
  /** Your reference, unique in the project (409 `conflict`) */
  @IsOptional()
  @IsString()
  @Length(1, 50)
  unit_ref?: string;

  /** What the unit is */
  @IsOptional()
  @IsIn(UNIT_TYPES)
  unit_type?: UnitType;

  /** Square metres, up to 2 decimals */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(10_000_000)
  area_sqm?: number;

  /** Not for land (422) */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bedrooms?: number;

  /** Floor, -10 (basements) to 300 */
  @IsOptional()
  @IsInt()
  @Min(-10)
  @Max(300)
  floor?: number;

  /** In `currency`, up to 2 decimals */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(100_000_000_000)
  price?: number;

  /** Default: the project's country's (SAR in Saudi Arabia, AED in the UAE); price_sar at the peg */
  @IsOptional()
  @IsIn(CURRENCIES)
  currency?: Currency;

  /** available ⇄ reserved → sold; sold is final (409 `invalid_state`) */
  @IsOptional()
  @IsIn(PROJECT_UNIT_STATUSES)
  status?: ProjectUnitStatus;
}

/** POST /v1/projects/{id}/units body. */
export class CreateUnitBody extends UnitFieldsInput {
  /** What the unit is */
  @IsDefined()
  @IsIn(UNIT_TYPES)
  declare unit_type: UnitType;

  /** Square metres, up to 2 decimals */
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(10_000_000)
  declare area_sqm: number;

  /** In `currency`, up to 2 decimals */
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(100_000_000_000)
  declare price: number;

  /** available (when left out) ⇄ reserved → sold; sold is final (409 `invalid_state`) */
  declare status?: ProjectUnitStatus;
}

/** PATCH /v1/projects/{id}/units/{unit_id} body: any subset of the fields. */
export class UpdateUnitBody extends UnitFieldsInput {}

/** GET /v1/projects/{id}/units query. */
export class ListUnitsQuery extends PageQuery {
  /** Only units in this status */
  @IsOptional()
  @IsIn(PROJECT_UNIT_STATUSES)
  status?: ProjectUnitStatus;
}

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

/** What anyone may see of a unit, on the workspace's routes and the public project page. */
export abstract class UnitPublicFields {
  /** The unit id */
  @IsUUID()
  id: string;

  /** Your reference, unique in the project */
  unit_ref: string | null;

  /** What the unit is */
  @IsIn(UNIT_TYPES)
  unit_type: UnitType;

  /** Square metres */
  area_sqm: number;

  /** Bedrooms (none for land) */
  @IsOptional()
  @IsInt()
  bedrooms: number | null;

  /** Floor */
  @IsOptional()
  @IsInt()
  floor: number | null;

  /** In `currency` */
  price: number;

  /** The price's currency */
  @IsIn(CURRENCIES)
  currency: Currency;

  /** `price` in SAR (AED at the peg) */
  price_sar: number;

  /** available ⇄ reserved → sold */
  @IsIn(PROJECT_UNIT_STATUSES)
  status: ProjectUnitStatus;
}

export class UnitResponse extends UnitPublicFields {
  /** Always `unit` */
  @IsIn(['unit'])
  object: 'unit';

  /** The project it belongs to */
  @IsUUID()
  project_id: string;

  /** The listing made from this unit (POST …/listing), or null */
  @IsOptional()
  @IsUUID()
  listing_id: string | null;

  /** When it was created */
  @IsISO8601()
  created_at: string;

  /** When it last changed */
  @IsISO8601()
  updated_at: string;
}

/** What a visitor sees of a unit: no project or listing ids of the workspace, no timestamps. */
export class PublicUnitResponse extends UnitPublicFields {
  /** The unit's published listing (GET /v1/properties/{id}), or null */
  @IsOptional()
  @IsUUID()
  property_id: string | null;
}

/** What anyone may see of a project, on the workspace's routes and the public project page. */
export abstract class ProjectPublicFields {
  /** Always `project` */
  @IsIn(['project'])
  object: 'project';

  /** The project id */
  @IsUUID()
  id: string;

  /** English name */
  name_en: string;

  /** Arabic name */
  name_ar: string;

  /** English description */
  description_en: string | null;

  /** Arabic description */
  description_ar: string | null;

  /** `off_plan` or `ready` */
  @IsIn(PROJECT_STATUSES)
  status: ProjectStatus;

  /** Expected handover */
  @IsOptional()
  @IsCalendarDate()
  handover_date: string | null;

  /** The place's country */
  @IsIn(COUNTRY_CODES)
  country_code: CountryCode;

  /** The city's English name */
  city_en: string;

  /** The city's Arabic name */
  city_ar: string;

  /** The district's English name */
  district_en: string;

  /** The district's Arabic name */
  district_ar: string;

  /** REGA off-plan sale licence (Saudi Arabia) */
  rega_licence_number: string | null;

  /** DLD project number (Dubai) */
  dld_project_number: string | null;

  /** Absolute URLs of the display images, by position */
  image_urls: string[];

  /** The images, by position */
  images: ListingImageResponse[];
}

export class ProjectResponse extends ProjectPublicFields {
  /** The developer workspace */
  @IsUUID()
  workspace_id: string;

  /** The place's city (GET /v1/locations) */
  @IsInt()
  city_id: number;

  /** The place's district (GET /v1/locations) */
  @IsInt()
  district_id: number;

  /** The escrow account */
  escrow_account_number: string | null;

  /** Units in the project */
  @IsInt()
  unit_count: number;

  /** When it was created */
  @IsISO8601()
  created_at: string;

  /** When it last changed */
  @IsISO8601()
  updated_at: string;
}

/** A project as the public page shows it: no workspace or gazetteer ids, escrow account or timestamps. */
export class PublicProjectResponse extends ProjectPublicFields {
  /** Its units */
  units: PublicUnitResponse[];
}

/** A page of projects. */
export class ProjectsPageResponse extends ListPage {
  /** The projects */
  data: ProjectResponse[];
}

/** A page of units. */
export class UnitsPageResponse extends ListPage {
  /** The units */
  data: UnitResponse[];
}

export class ProjectDeletedResponse {
  /** Always `project` */
  @IsIn(['project'])
  object: 'project';

  /** The deleted project's id */
  @IsUUID()
  id: string;

  /** Always true */
  @IsIn([true])
  deleted: true;
}

export class UnitDeletedResponse {
  /** Always `unit` */
  @IsIn(['unit'])
  object: 'unit';

  /** The deleted unit's id */
  @IsUUID()
  id: string;

  /** Always true */
  @IsIn([true])
  deleted: true;
}

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
