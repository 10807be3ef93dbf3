import { Injectable } from '@nestjs/common';
import type {
  ListSavedPropertiesRequest,
  SavedPropertiesPage,
  SavedProperty,
  SavedPropertyRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { ImageUrls } from '../listings/image-urls';
import { ListingsRepository } from '../listings/listings.repository';
import { PropertiesRepository } from './properties.repository';
import { imageKeys, toPropertyItem, toPropertyItems } from './property.dto';

/** A signed-in user's saved properties: published listings only, saved once. */
@Injectable()
export class SavedPropertiesService {
  constructor(
    private readonly properties: PropertiesRepository,
    private readonly listings: ListingsRepository,
    private readonly urls: ImageUrls,
  ) {}

  async save(request: SavedPropertyRequest): Promise<SavedProperty> {
    const row = await this.properties.published(request.property_id);
    if (!row) throw new AppError('property_not_found', 'No published property has this id.');
    const savedAt = await this.properties.save(request.account_id, row.id);
    const images = await this.listings.images([row.id]);
    return {
      object: 'saved_property',
      saved_at: new Date(savedAt).toISOString(),
      property: toPropertyItem(row, imageKeys(images), (key) => this.urls.imageUrl(key)),
    };
  }

  async remove(request: SavedPropertyRequest): Promise<{ removed: true }> {
    if (!(await this.properties.unsave(request.account_id, request.property_id)))
      throw new AppError('not_found', 'This property is not among your saved properties.');
    return { removed: true }; // an answer, so the transport has something to carry back
  }

  async list(request: ListSavedPropertiesRequest): Promise<SavedPropertiesPage> {
    const rows = await this.properties.saved(request.account_id, request.limit, request.offset);
    const page = rows.slice(0, request.limit);
    const images = await this.listings.images(page.map((row) => row.id));
    const items = toPropertyItems(page, images, (key) => this.urls.imageUrl(key));
    return {
      object: 'list',
      data: page.map((row, i) => ({
        object: 'saved_property',
        saved_at: new Date(row.saved_at).toISOString(),
        property: items[i],
      })),
      limit: request.limit,
      offset: request.offset,
      has_more: rows.length > request.limit,
    };
  }
}
