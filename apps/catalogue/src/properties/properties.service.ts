import { Injectable } from '@nestjs/common';
import type { GetPropertyRequest, PropertiesPage, PropertyDetail, SearchPropertiesRequest } from '@app/contracts';
import { AppError } from '@app/errors';
import { ImageUrls } from '../listings/image-urls';
import { ListingsRepository } from '../listings/listings.repository';
import { PropertiesRepository } from './properties.repository';
import { toPropertyDetail, toPropertyItem } from './property.dto';

/** The public catalogue: published listings only, for anyone. */
@Injectable()
export class PropertiesService {
  constructor(
    private readonly properties: PropertiesRepository,
    private readonly listings: ListingsRepository,
    private readonly urls: ImageUrls,
  ) {}

  async search(request: SearchPropertiesRequest): Promise<PropertiesPage> {
    // A place the caller named but the gazetteer does not know matches nothing.
    const noPlace = request.city_ids?.length === 0 || request.district_ids?.length === 0;
    const rows = noPlace ? [] : await this.properties.search(request);
    const images = await this.listings.images(rows.map((row) => row.id));
    const url = (key: string) => this.urls.imageUrl(key);
    const properties = rows.map((row) =>
      toPropertyItem(
        row,
        images.filter((image) => image.listing_id === row.id),
        url,
      ),
    );
    return { properties, count: properties.length, offset: request.offset };
  }

  async get(request: GetPropertyRequest): Promise<PropertyDetail> {
    const row = await this.properties.published(request.id);
    if (!row) throw new AppError('property_not_found', 'No published property has this id.');
    return toPropertyDetail(row, await this.listings.images([row.id]), (key) => this.urls.imageUrl(key));
  }
}
