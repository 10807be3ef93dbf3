import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CATALOGUE_LISTING_UPDATED,
  CATALOGUE_UNIT_UPDATED,
  MAX_LISTING_IMAGES,
  listingImageKeys,
  priceInSar,
  pageFrom,
} from '@app/contracts';
import type {
  CreateUnitRequest,
  ListUnitsRequest,
  ListingResponse,
  ProjectUnitStatus,
  PublishUnitRequest,
  UnitDeletedResponse,
  UnitEventPayload,
  UnitListingImageCopy,
  UnitListingPlanResponse,
  UnitRefRequest,
  UnitResponse,
  UnitsPageResponse,
  UpdateUnitRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import { ListingImagesRepository } from '../listings/listing-images.repository';
import { ListingsRepository } from '../listings/listings.repository';
import { ListingsService } from '../listings/listings.service';
import { listingTextOf, toUnitResponse } from './project.dto';
import {
  assertNoBedroomsForLand,
  assertNotNull,
  assertUnitEditable,
  assertUnitTransition,
  defaultCurrency,
} from './project-rules';
import { ProjectsRepository } from './projects.repository';
import type { ProjectRow, UnitRow, UnitWrite } from './projects.repository';
import { ProjectsService, placeOf } from './projects.service';

const WITHDRAWN = 'Withdrawn: the unit was sold.';

/** A project's units: availability and prices, and their listings. */
@Injectable()
export class UnitsService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly projectsService: ProjectsService,
    private readonly listings: ListingsRepository,
    private readonly listingImages: ListingImagesRepository,
    private readonly listingsService: ListingsService,
    private readonly outbox: Outbox,
  ) {}

  async create(request: CreateUnitRequest): Promise<UnitResponse> {
    assertNotNull(request, ['currency', 'status']);
    assertNoBedroomsForLand(request.unit_type, request.bedrooms ?? null);
    const row = await this.projects.transaction(async (tx) => {
      const project = await this.projectsService.mustFind(request.workspace_id, request.project_id, tx, true);
      const currency = request.currency ?? defaultCurrency(project.country_code);
      const unit = await this.projects.insertUnit(tx, project.id, {
        unit_ref: request.unit_ref,
        unit_type: request.unit_type,
        area_sqm: String(request.area_sqm),
        bedrooms: request.bedrooms,
        floor: request.floor,
        price: String(request.price),
        currency,
        price_sar: String(priceInSar(request.price, currency)),
        status: request.status,
      });
      await this.emit(tx, project, unit, Object.keys(definedOnly(request)).filter(isUnitField));
      return unit;
    });
    return toUnitResponse(row);
  }

  async list(request: ListUnitsRequest): Promise<UnitsPageResponse> {
    const project = await this.projectsService.mustFind(request.workspace_id, request.project_id);
    const rows = await this.projects.units(project.id, {
      status: request.status,
      limit: request.limit + 1,
      offset: request.offset,
    });
    return pageFrom(rows, request, toUnitResponse);
  }

  /**
   * Any subset of the fields. Status moves available ⇄ reserved → sold (sold is final). Price,
   * area and bedrooms follow onto the unit's listing unless it is being moderated; selling the
   * unit withdraws its listing (back to draft, out of search) so no buyer asks for a sold unit.
   */
  async update(request: UpdateUnitRequest): Promise<UnitResponse> {
    assertNotNull(request, ['unit_type', 'area_sqm', 'price', 'currency', 'status']);
    const row = await this.projects.transaction(async (tx) => {
      const project = await this.projectsService.mustFind(request.workspace_id, request.project_id, tx);
      const current = await this.mustFindUnit(tx, project.id, request.id);
      const to: ProjectUnitStatus = request.status ?? current.status;
      assertUnitTransition(current.status, to);
      const sent = definedOnly(request);
      if (current.status === 'sold' && Object.keys(sent).some((field) => isUnitField(field) && field !== 'status')) {
        assertUnitEditable(current.status);
      }
      const type = request.unit_type ?? current.unit_type;
      assertNoBedroomsForLand(type, request.bedrooms !== undefined ? request.bedrooms : current.bedrooms);
      const changes = unitChanges(request, current);
      const changed = Object.keys(changes).filter(
        (name) => String(changes[name as keyof UnitWrite]) !== String(current[name as keyof UnitRow]),
      );
      if (changed.length === 0) return current;
      const updated = await this.projects.updateUnit(tx, current.id, changes);
      if (updated.listing_id) await this.followOnListing(tx, project, current, updated, changed);
      await this.emit(tx, project, updated, changed);
      return updated;
    });
    return toUnitResponse(row);
  }

  /** Deletes the unit; a listing made from it stays as an ordinary listing. */
  async delete(request: UnitRefRequest): Promise<UnitDeletedResponse> {
    await this.projects.transaction(async (tx) => {
      const project = await this.projectsService.mustFind(request.workspace_id, request.project_id, tx);
      const current = await this.mustFindUnit(tx, project.id, request.id);
      await this.projects.deleteUnit(tx, current.id);
      await this.emit(tx, project, current, ['deleted']);
    });
    return { object: 'unit', id: request.id, deleted: true };
  }

  /**
   * May the unit be published now (404, 409 as publish answers)? If so, the project images its
   * listing starts with, in the project's order, up to a listing's limit: the gateway copies
   * their files before publishing, so nothing is copied for a unit that cannot be listed.
   */
  async checkPublish(request: UnitRefRequest): Promise<UnitListingPlanResponse> {
    const { project, unit } = await this.projects.transaction(async (tx) => this.publishable(tx, request));
    const images = (await this.projects.images([project.id])).slice(0, MAX_LISTING_IMAGES);
    return {
      project_id: project.id,
      unit_id: unit.id,
      images: images.map((image) => ({ id: image.id, display_key: image.display_key, thumb_key: image.thumb_key })),
    };
  }

  /**
   * A draft listing made from the unit and its project (titles and descriptions in both
   * languages, place, price, area, bedrooms), linked to both; it is then submitted and
   * moderated as any listing. One listing per unit (409 conflict); a sold unit has none.
   * With `listing_id` and `image_copies`, it is created under that id with the copies of the
   * project images the gateway made (all in this one transaction: the listing and all its
   * images, or nothing).
   */
  async publish(request: PublishUnitRequest): Promise<ListingResponse> {
    const copies = imageCopiesOf(request);
    const listing = await this.projects.transaction(async (tx) => {
      const { project, unit } = await this.publishable(tx, request);
      const created = await this.listingsService.createRow(
        {
          workspace_id: request.workspace_id,
          created_by: request.created_by,
          property_type: unit.unit_type,
          ...listingTextOf(project, unit),
          price: Number(unit.price),
          currency: unit.currency,
          area_sqm: Number(unit.area_sqm),
          ...(unit.bedrooms !== null ? { bedrooms: unit.bedrooms } : {}),
        },
        () => Promise.resolve(placeOf(project)),
        tx,
        request.listing_id,
      );
      const linked = await this.listings.update(tx, created.id, { project_id: project.id, unit_id: unit.id });
      await this.listingImages.copyFromProject(
        tx,
        linked.id,
        project.id,
        copies.map((copy) => ({ ...copy, ...keysOf(linked.id, copy.image_id) })),
      );
      await this.emit(tx, project, { ...unit, listing_id: linked.id }, ['listing_id']);
      return linked;
    });
    return this.listingsService.present(listing);
  }

  /** The project (locked) and a unit that may become a listing: not sold, not listed yet. */
  private async publishable(
    tx: EntityManager,
    request: UnitRefRequest,
  ): Promise<{ project: ProjectRow; unit: UnitRow }> {
    const project = await this.projectsService.mustFind(request.workspace_id, request.project_id, tx, true);
    const unit = await this.mustFindUnit(tx, project.id, request.id);
    if (unit.status === 'sold') {
      throw new AppError('invalid_state', 'A sold unit is not listed.', { state: 'sold' });
    }
    if (unit.listing_id) {
      throw new AppError('conflict', `This unit already has a listing (${unit.listing_id}).`, { field: 'unit_id' });
    }
    return { project, unit };
  }

  private async followOnListing(
    tx: EntityManager,
    project: ProjectRow,
    before: UnitRow,
    after: UnitRow,
    changed: string[],
  ): Promise<void> {
    const listing = await this.listings.find(
      { workspace_id: project.workspace_id },
      after.listing_id as string,
      tx,
      true,
    );
    if (!listing) return;
    if (after.status === 'sold' && before.status !== 'sold') {
      if (listing.status === 'draft') return;
      const withdrawn = await this.listings.update(tx, listing.id, { status: 'draft', rejection_reason: WITHDRAWN });
      await this.listingsService.emit(tx, CATALOGUE_LISTING_UPDATED, withdrawn, { changed: ['status'] });
      return;
    }
    const figures = changed.filter((field) => ['price', 'currency', 'area_sqm', 'bedrooms'].includes(field));
    if (figures.length === 0 || listing.status === 'pending') return;
    await this.listingsService.updateRow(
      {
        workspace_id: project.workspace_id,
        id: listing.id,
        price: Number(after.price),
        currency: after.currency,
        area_sqm: Number(after.area_sqm),
        ...(after.bedrooms !== null ? { bedrooms: after.bedrooms } : {}),
      },
      () => Promise.resolve(null),
      tx,
    );
  }

  private async mustFindUnit(tx: EntityManager, projectId: string, id: string): Promise<UnitRow> {
    const unit = await this.projects.findUnit(tx, projectId, id, true);
    if (!unit) throw new AppError('not_found', 'There is no such unit in this project.');
    return unit;
  }

  private async emit(tx: EntityManager, project: ProjectRow, unit: UnitRow, changed: string[]): Promise<void> {
    await this.outbox.add<UnitEventPayload>(tx, CATALOGUE_UNIT_UPDATED, {
      project_id: project.id,
      unit_id: unit.id,
      workspace_id: project.workspace_id,
      status: unit.status,
      occurred_at: new Date().toISOString(),
      changed,
      listing_id: unit.listing_id ?? null,
    });
  }
}

/** The copies the gateway made; they are stored under the listing id it chose, so one must come with them. */
function imageCopiesOf(request: PublishUnitRequest): UnitListingImageCopy[] {
  const copies = request.image_copies ?? [];
  if (copies.length > 0 && !request.listing_id) {
    throw new AppError('validation_error', 'image_copies come with the listing_id they are stored under.', {
      field: 'listing_id',
    });
  }
  return copies;
}

function keysOf(listingId: string, imageId: string): { display_key: string; thumb_key: string } {
  const keys = listingImageKeys(listingId, imageId);
  return { display_key: keys.display, thumb_key: keys.thumbnail };
}

const UNIT_FIELDS = ['unit_ref', 'unit_type', 'area_sqm', 'bedrooms', 'floor', 'price', 'currency', 'status'];

function isUnitField(field: string): boolean {
  return UNIT_FIELDS.includes(field);
}

/** The columns an edit writes; price_sar again whenever the price or the currency changes. */
function unitChanges(request: UpdateUnitRequest, current: UnitRow): UnitWrite {
  const currency = request.currency ?? current.currency;
  const price = request.price ?? Number(current.price);
  const repriced = request.price !== undefined || request.currency !== undefined;
  return definedOnly({
    unit_ref: request.unit_ref,
    unit_type: request.unit_type,
    area_sqm: request.area_sqm === undefined ? undefined : String(request.area_sqm),
    bedrooms: request.bedrooms,
    floor: request.floor,
    status: request.status,
    ...(repriced ? { price: String(price), currency, price_sar: String(priceInSar(price, currency)) } : {}),
  });
}

function definedOnly<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;
}
