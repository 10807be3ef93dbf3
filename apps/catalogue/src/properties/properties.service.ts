import { Injectable } from '@nestjs/common';
import type {
  GetPropertyRequest,
  PriceIntel,
  PropertiesPage,
  PropertyDetail,
  SearchPropertiesRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { DecisionClient } from '../listings/decision.client';
import { ImageUrls } from '../listings/image-urls';
import { ListingsRepository } from '../listings/listings.repository';
import { PRICE_CHANGE_WINDOW_DAYS, PRICE_HISTORY_LIMIT, priceChangePct } from '../listings/price-history';
import { PriceHistoryRepository } from '../listings/price-history.repository';
import { priceIntel } from './price-intel';
import { PropertiesRepository } from './properties.repository';
import { toPropertyDetail, toPropertyItem } from './property.dto';
import type { PriceTrend } from './property.dto';

/** The public catalogue: published listings only, for anyone. */
@Injectable()
export class PropertiesService {
  constructor(
    private readonly properties: PropertiesRepository,
    private readonly listings: ListingsRepository,
    private readonly urls: ImageUrls,
    private readonly decision: DecisionClient,
    private readonly priceHistory: PriceHistoryRepository,
  ) {}

  async search(request: SearchPropertiesRequest): Promise<PropertiesPage> {
    // A place the caller named but the gazetteer does not know matches nothing.
    const noPlace = request.city_ids?.length === 0 || request.district_ids?.length === 0;
    const rows = noPlace ? [] : await this.properties.search(request);
    const properties = rows.map((row) => toPropertyItem(row, row.image_keys, (key) => this.urls.imageUrl(key)));
    return { properties, count: properties.length, offset: request.offset };
  }

  async get(request: GetPropertyRequest): Promise<PropertyDetail> {
    const row = await this.mustFind(request.id);
    const [images, trend] = await Promise.all([this.listings.images([row.id]), this.trendOf(row.id, row.price_sar)]);
    return toPropertyDetail(row, images, (key) => this.urls.imageUrl(key), trend);
  }

  private async trendOf(id: string, priceSar: string | null): Promise<PriceTrend> {
    const [history, reference] = await Promise.all([
      this.priceHistory.latest(id, PRICE_HISTORY_LIMIT),
      this.priceHistory.priceDaysAgo(id, PRICE_CHANGE_WINDOW_DAYS),
    ]);
    return {
      price_history: history.map((change) => ({
        price_sar: change.price_sar,
        changed_at: change.changed_at.toISOString(),
      })),
      price_change_pct_30d: priceSar === null ? null : priceChangePct(Number(priceSar), reference),
    };
  }

  /** Free of charge: the listing against its benchmark (district + type, else city + type). */
  async priceIntel(request: GetPropertyRequest): Promise<PriceIntel> {
    const row = await this.mustFind(request.id);
    const benchmark = await this.decision.benchmark({
      city_id: Number(row.city_id),
      district_id: Number(row.district_id),
      type: row.property_type,
    });
    return priceIntel({ id: row.id, price_sar: Number(row.price_sar), area_sqm: Number(row.area_sqm) }, benchmark);
  }

  private async mustFind(id: string) {
    const row = await this.properties.published(id);
    if (!row) throw new AppError('property_not_found', 'No published property has this id.');
    return row;
  }
}
